import SlamProtocol
import SlamJSON

/// A trace file (`trace.start` … `trace.stop`, Protocol/README.md "Traces") read as
/// the steps a person follows: each call a client made, its reply, and what the screen
/// showed after it.
///
/// A step is one call: a request or a client's notification (a batch is one step per
/// call in it), or a request the daemon sent a client (`task.run`, answered by that
/// client's response). The screen records between a step and the next are that
/// step's changes; the screen after it is the top of the stack then.
///
/// ```swift
/// let trace = try Trace(text: String(decoding: bytes, as: UTF8.self))
/// for step in trace.steps { print(step.number, step.method ?? "?", step.top ?? "") }
/// ```
public struct Trace: Sendable {
    /// One call a client made, and what came of it.
    public struct Step: Sendable {
        /// 1, 2, 3… in file order.
        public let number: Int
        /// Milliseconds since the trace began.
        public let time: Double
        /// The client that called; for a request the daemon sent, the client it went to.
        public let client: Int
        /// Whether the daemon sent this request to ``client`` (`task.run`), which answered it.
        public internal(set) var isSentByDaemon = false
        /// The method called; nil for a message that could not be read.
        public let method: String?
        public let params: JSONValue?
        /// The request's id; nil for a notification (nothing is owed).
        public let id: JSONValue?
        /// Why the message could not be read (it is then not a call), and its text when it had one.
        public let unreadable: String?
        public let text: String?
        /// The reply's `result` or `error` member, once recorded.
        public internal(set) var result: JSONValue?
        public internal(set) var error: ResponseErrorSummary?
        /// Elements that changed or appeared on screen in the step's turn (their snapshots, in order).
        public internal(set) var changes: [Snapshot] = []
        /// Screens that appeared on the stack (their ids).
        public internal(set) var shown: [String] = []
        /// Whether screens left the stack.
        public internal(set) var wentBack = false
        /// The screen on top after the step: its id and title.
        public internal(set) var top: String?
        public internal(set) var topTitle: String?

        /// Whether a reply was recorded.
        public var isAnswered: Bool { result != nil || error != nil }

        /// Records a response to this step: its `result`, or its `error`.
        mutating func answer(with response: JSONValue) {
            if let error = response["error"] {
                self.error = ResponseErrorSummary(code: error["code"]?.integerValue ?? 0, message: error["message"]?.stringValue ?? "")
            } else {
                result = response["result"] ?? .null
            }
        }
    }

    /// An error reply, as a person reads it.
    public struct ResponseErrorSummary: Sendable {
        public let code: Int64
        public let message: String
    }

    /// Why a file is not a trace this reader understands.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The trace format this reader knows.
    public static let formatVersion: Int64 = 1

    /// The header's members (`serverVersion`, `started`, `path`…).
    public let header: JSONValue.Object
    public private(set) var steps: [Step] = []
    /// The screen on top when the trace began.
    public private(set) var initialTop: String?
    /// When the first screen was recorded, in milliseconds.
    public private(set) var initialTime: Double = 0
    /// Milliseconds from the start to the last record.
    public private(set) var duration: Double = 0
    /// Every client that sent something.
    public private(set) var clients: [Int] = []
    /// Why the trace ended (`stop`, `shutdown`), or nil when the file has no end record (still written, or cut short).
    public private(set) var endReason: String?

    /// Reads the text of a trace file.
    ///
    /// - Throws: ``ReadError`` naming the line when a line is not JSON, the first line is
    ///   not a trace header, or the format is newer than this reader.
    public init(text: String) throws(ReadError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
        guard let first = lines.next() else { throw ReadError(description: "the file is empty: not a trace") }
        let headerValue: JSONValue
        do { headerValue = try JSONParser().parse(String(first)) } catch {
            throw ReadError(description: "line 1 is not JSON, so this is not a trace file (\(error))")
        }
        guard let header = headerValue.objectValue, header["type"] == "trace" else {
            throw ReadError(description: "line 1 is not a trace header ({\"type\":\"trace\",…}): not a trace file")
        }
        guard let format = header["format"]?.integerValue, format <= Self.formatVersion else {
            throw ReadError(description: "the trace's format \(header["format"]?.description ?? "?") is newer than this slamctl reads (\(Self.formatVersion))")
        }
        self.header = header

        var screens: [(number: Int64, id: String, title: String)] = []
        var owed: [String: Int] = [:]
        var seenClients: Set<Int> = []
        var lineNumber = 1
        for line in IteratorSequence(lines) {
            lineNumber += 1
            let record: JSONValue
            do { record = try JSONParser().parse(String(line)) } catch {
                throw ReadError(description: "line \(lineNumber) is not JSON (\(error))")
            }
            let time = record["t"]?.doubleValue ?? duration
            duration = max(duration, time)
            let client = record["client"]?.integerValue.map(Int.init) ?? 0
            switch record["type"]?.stringValue {
            case "screen":
                if let attach = record["attach"] {
                    screens = Self.entries(attach["stack"])
                    initialTop = screens.last?.id
                    initialTime = time
                } else if let redraw = record["redraw"] {
                    apply(redraw, to: &screens)
                }
            case "request":
                seenClients.insert(client)
                if let reason = record["unreadable"]?.stringValue {
                    append(Step(number: steps.count + 1, time: time, client: client, method: nil, params: nil, id: nil,
                                unreadable: reason, text: record["text"]?.stringValue), top: screens.last)
                    continue
                }
                let calls = record["message"]?.arrayValue ?? record["message"].map { [$0] } ?? []
                for call in calls {
                    let id = call["id"]
                    if call["method"] == nil, let id, call["result"] != nil || call["error"] != nil {
                        // The client answers a request the daemon sent it: that step's reply, not a step.
                        if let index = owed.removeValue(forKey: "daemon \(client) \(id)") { steps[index].answer(with: call) }
                        continue
                    }
                    append(Step(number: steps.count + 1, time: time, client: client, method: call["method"]?.stringValue,
                                params: call["params"], id: id, unreadable: nil, text: nil), top: screens.last)
                    if let id { owed["\(client) \(id)"] = steps.count - 1 }
                }
            case "reply":
                let replies = record["message"]?.arrayValue ?? record["message"].map { [$0] } ?? []
                for reply in replies {
                    guard let index = owed.removeValue(forKey: "\(client) \(reply["id"] ?? .null)") else { continue }
                    steps[index].answer(with: reply)
                }
            case "notification":
                // A request the daemon sent a client (it has an id): a step of its own, answered by that client.
                guard let message = record["message"], let id = message["id"], let method = message["method"]?.stringValue,
                      let recipient = record["clients"]?.arrayValue?.first?.integerValue.map(Int.init) else { continue }
                var step = Step(number: steps.count + 1, time: time, client: recipient, method: method, params: message["params"],
                                id: id, unreadable: nil, text: nil)
                step.isSentByDaemon = true
                append(step, top: screens.last)
                owed["daemon \(recipient) \(id)"] = steps.count - 1
            case "end":
                endReason = record["reason"]?.stringValue
                // trace.stop's reply comes after the end, so it is never in the file: the end answers it.
                if let last = steps.indices.last, steps[last].method == "trace.stop", !steps[last].isAnswered {
                    steps[last].result = ["path": header["path"] ?? .null, "records": record["records"] ?? .null]
                }
            default:
                continue
            }
        }
        clients = seenClients.sorted()
    }

    private mutating func append(_ step: Step, top: (number: Int64, id: String, title: String)?) {
        var step = step
        step.top = top?.id
        step.topTitle = top?.title
        steps.append(step)
    }

    /// Applies a batch's stack to `screens` and notes its changes on the last step.
    private mutating func apply(_ redraw: JSONValue, to screens: inout [(number: Int64, id: String, title: String)]) {
        var changes: [Snapshot] = []
        var shown: [String] = []
        var wentBack = false
        for op in redraw["ops"]?.arrayValue ?? [] {
            switch op["op"]?.stringValue {
            case "stack":
                let new = Self.entries(op["stack"])
                let known = Set(screens.map(\.number))
                wentBack = wentBack || screens.contains { old in !new.contains { $0.number == old.number } }
                shown += new.filter { !known.contains($0.number) }.map(\.id)
                screens = new
            case "update":
                if let snapshot = op["snapshot"].flatMap(Snapshot.init) { changes.append(snapshot) }
            case "insert":
                if let snapshot = op["tree"].flatMap(Snapshot.init) { changes.append(snapshot) }
            default:
                continue
            }
        }
        guard !steps.isEmpty else { return }
        steps[steps.count - 1].changes += changes
        steps[steps.count - 1].shown += shown
        steps[steps.count - 1].wentBack = steps[steps.count - 1].wentBack || wentBack
        steps[steps.count - 1].top = screens.last?.id
        steps[steps.count - 1].topTitle = screens.last?.title
    }

    private static func entries(_ stack: JSONValue?) -> [(number: Int64, id: String, title: String)] {
        (stack?.arrayValue ?? []).map {
            ($0["screen"]?.integerValue ?? 0, $0["id"]?.stringValue ?? "?", $0["title"]?.stringValue ?? "")
        }
    }
}
