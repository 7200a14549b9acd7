import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC
#if canImport(Glibc)
import Glibc
#endif

/// `trace.start` / `trace.stop` on a real slamd: what the file holds, record by record,
/// for several clients at once, and the errors a client gets.
@Suite struct TraceOverTheSocketTests {
    /// A temporary directory for trace files (the daemon's `--trace-dir`), removed with what is in it.
    final class Scratch {
        let directory: String
        init() throws { directory = try DaemonProcess.makeTemporaryDirectory() }
        func path(_ name: String) -> String { directory + "/" + name }
        deinit {
            _ = try? runShell("rm -rf '\(directory)'")
        }
    }

    /// A slamd writing its traces in `scratch`.
    static func launch(_ scratch: Scratch, arguments: [String] = []) throws -> SlamApp {
        try SlamApp.launch(arguments: ["--trace-dir", scratch.directory] + arguments)
    }

    /// Calls and expects a JSON-RPC error; returns it.
    static func error(_ connection: SlamConnection, _ method: String, _ params: JSONValue.Object? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> ResponseError? {
        let response = try connection.request(method, params: params.map { .byName($0) })
        guard case .failure(let error) = response.outcome else {
            Issue.record("\(method) succeeded, expected an error", sourceLocation: sourceLocation)
            return nil
        }
        return error
    }

    /// The records of a trace file, each parsed.
    static func records(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        let text = DaemonProcess.read(path)
        #expect(text.hasSuffix("\n"), "every record ends its line", sourceLocation: sourceLocation)
        return try text.split(separator: "\n").map { try JSONParser().parse(String($0)) }
    }

    /// The records of a trace file once `condition` holds for them (the writer writes them
    /// soon after the loop hands them over), or as they are after 10 s.
    static func records(_ path: String, when condition: ([JSONValue]) -> Bool,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        var waited = 0
        while waited < 10_000 {
            let text = DaemonProcess.read(path)
            if text.hasSuffix("\n"), let records = try? text.split(separator: "\n").map({ try JSONParser().parse(String($0)) }),
               condition(records) {
                return records
            }
            usleep(2_000)
            waited += 2
        }
        return try records(path, sourceLocation: sourceLocation)
    }

    /// The records that are about `client`'s messages: `request m`, `reply m` (m: the method or the reply's id).
    static func messages(_ records: [JSONValue], client: Int) -> [String] {
        records.compactMap { record in
            guard record["client"] == .integer(Int64(client)) else { return nil }
            let message = record["message"]
            switch record["type"]?.stringValue {
            case "request": return "request \(message?["method"]?.stringValue ?? "?")"
            case "reply": return "reply \(message?["id"]?.description ?? "?")" + (message?["error"] != nil ? " error" : "")
            default: return nil
            }
        }
    }

    @Test func aTraceBeginsWithAHeaderAndTheWholeScreenAndEndsWithAnEndRecord() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let name = "session.jsonl", path = scratch.path(name)
        #expect(try app.connection.traceStart(name: name) == path)
        _ = try app.connection.press("increment")
        let stopped = try app.connection.traceStop()
        #expect(stopped.path == path)

        let records = try Self.records(path)
        #expect(stopped.records == records.count)
        let header = records[0]
        #expect(header["type"] == "trace")
        #expect(header["format"] == 1)
        #expect(header["server"] == "slamd")
        #expect(header["protocolVersion"] == .string(VersionRequest.protocolVersion))
        #expect(header["serverVersion"]?.stringValue?.isEmpty == false)
        #expect(header["path"] == .string(path))
        #expect(header["started"]?.stringValue?.hasSuffix("Z") == true, "an ISO 8601 UTC time: \(header)")
        let starter = try #require(header["startedBy"]?.integerValue)
        #expect(header["clients"] == [.integer(starter)])

        let first = records[1]
        #expect(first["type"] == "screen")
        let attach = try #require(first["attach"])
        #expect(attach["stack"]?.arrayValue?.map { $0["id"] } == ["Home"])
        let tree = try #require(attach["stack"]?[0]?["tree"])
        #expect(tree["ref"] == "root" && tree["node"]?.integerValue != nil, "the tree as `tree` writes it, with node numbers")
        #expect(tree["children"]?.arrayValue?.contains { $0["ref"] == "count" && $0["text"] == "Count: 0" } == true)

        let end = try #require(records.last)
        #expect(end["type"] == "end")
        #expect(end["reason"] == "stop")
        #expect(end["records"] == .integer(Int64(records.count)))
        // Times are milliseconds since the start and never go back.
        let times = records.dropFirst().compactMap { $0["t"]?.doubleValue }
        #expect(times.count == records.count - 1)
        #expect(times == times.sorted())
        #expect(Self.messages(records, client: Int(starter)) == ["request press", "reply 2", "request trace.stop"],
                "trace.start's own reply is not in it, trace.stop's request is, its reply not")

        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600, "only its owner reads a trace")
    }

    @Test func everyClientsRequestsRepliesAndNotificationsAreRecordedInOrder() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let name = "clients.jsonl", path = scratch.path(name)
        let watcher = try app.connect()
        _ = try watcher.subscribe([.changed])
        try app.connection.traceStart(name: name)
        let actor = try app.connect()
        _ = try actor.press("increment")
        _ = try watcher.ping()
        _ = try actor.find("count")
        _ = try actor.batch([("ping", nil), ("find", ["ref": "nope"])])
        try actor.sendRaw(Array("{not json\n".utf8))
        #expect(try actor.nextMessage()["error"]?["code"] == -32700)
        try app.connection.traceStop()

        let records = try Self.records(path)
        let watcherID = try #require(records[0]["clients"]?.arrayValue?.compactMap(\.integerValue).first { $0 != records[0]["startedBy"]?.integerValue })
        let connect = try #require(records.first { $0["type"] == "connect" })
        let actorID = try #require(connect["client"]?.integerValue)
        #expect(actorID != watcherID)

        #expect(Self.messages(records, client: Int(actorID)) == [
            "request press", "reply 1", "request find", "reply 2", "request ?", "reply ?", "request ?", "reply null error",
        ])
        #expect(Self.messages(records, client: Int(watcherID)) == ["request ping", "reply 2"])
        // The press, in order: request, reply, the watcher's notification, the screen after it.
        let press = try #require(records.firstIndex { $0["message"]?["method"] == "press" })
        #expect(records[press + 1]["type"] == "reply")
        #expect(records[press + 2]["type"] == "notification")
        #expect(records[press + 2]["clients"] == [.integer(watcherID)])
        #expect(records[press + 2]["message"]?["method"] == "changed")
        #expect(records[press + 3]["type"] == "screen")
        // A batch is one message each way; text that is not JSON is kept as text.
        let batch = try #require(records.first { $0["message"]?.arrayValue?.count == 2 && $0["type"] == "request" })
        #expect(batch["message"]?[1]?["params"]?["ref"] == "nope")
        let unreadable = try #require(records.first { $0["unreadable"] != nil })
        #expect(unreadable["text"] == "{not json")
        #expect(unreadable["client"] == .integer(actorID))
    }

    @Test func aScreenRecordFollowsEachRequestThatChangedTheUIAndNoOther() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let name = "screens.jsonl", path = scratch.path(name)
        try app.connection.traceStart(name: name)
        _ = try app.connection.press("increment")
        _ = try app.connection.find("count")
        _ = try app.connection.tree()
        _ = try app.connection.runTask("push", param: "Settings")
        _ = try app.connection.stateSet("orderStatus", "Nothing ordered yet")    // its value already: nothing changes
        _ = try app.connection.setText("name", "Ada")
        try app.connection.traceStop()

        let records = try Self.records(path)
        // What the trace says came after each request: the method, then "screen" when a screen record followed it.
        var steps: [String] = []
        for record in records {
            if record["type"] == "request" { steps.append(record["message"]?["method"]?.stringValue ?? "?") }
            if record["type"] == "screen", record["redraw"] != nil { steps[steps.count - 1] += " screen" }
        }
        #expect(steps == ["press screen", "find", "tree", "runTask screen", "state.set", "setText screen", "trace.stop"])
        let redraws = records.compactMap { $0["redraw"] }
        #expect(redraws.compactMap { $0["seq"]?.integerValue } == [1, 2, 3].map { Int64($0) + (records[1]["attach"]?["seq"]?.integerValue ?? 0) },
                "the batches follow the first screen without a gap")
        let count = redraws[0]["ops"]?.arrayValue?.first { $0["snapshot"]?["ref"] == "count" }
        #expect(count?["snapshot"]?["text"] == "Count: 1")
        let stack = try #require(redraws[1]["ops"]?.arrayValue?.first { $0["op"] == "stack" })
        #expect(stack["stack"]?.arrayValue?.map { $0["id"] } == ["Home", "Settings"])
        #expect(stack["stack"]?[1]?["tree"]?["ref"] == "root", "a new screen comes with its whole tree")
    }

    @Test func rendererBatchesAreTheScreenRecordsNamingTheirClients() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let name = "renderer.jsonl", path = scratch.path(name)
        let renderer = try app.connect()
        let attached = try renderer.call("ui.attach")
        try app.connection.traceStart(name: name)
        _ = try app.connection.press("increment")
        let redraw = try renderer.nextNotification()
        try app.connection.traceStop()
        _ = try renderer.call("ui.detach")

        let records = try Self.records(path)
        #expect(records[1]["attach"]?["seq"] == attached["seq"], "the renderer and the trace count batches alike")
        let screen = try #require(records.first { $0["redraw"] != nil })
        let rendererID = try #require(records[0]["clients"]?.arrayValue?.compactMap(\.integerValue).first { $0 != records[0]["startedBy"]?.integerValue })
        #expect(screen["clients"] == [.integer(rendererID)])
        #expect(screen["redraw"] == redraw.params?.jsonValue, "the very batch the renderer got")
        #expect(!records.contains { $0["message"]?["method"] == "ui.redraw" }, "not written twice")
    }

    @Test func startingTwiceStoppingWithoutATraceAndNamesThatCannotBeUsedAreClearErrors() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let connection = app.connection

        let notStarted = try #require(try Self.error(connection, "trace.stop"))
        #expect(notStarted.code == .traceConflict)
        #expect(notStarted.message == "Trace conflict: no trace is being written; trace.start begins one")
        #expect(notStarted.data == ["path": nil, "tracing": false])

        let oldPath = try #require(try Self.error(connection, "trace.start", ["path": "/tmp/t.jsonl"]))
        #expect(oldPath.code == .invalidParams)
        #expect(oldPath.message == "Invalid params: parameter 'path' of 'trace.start' is gone: slamd writes traces only in its trace "
                + "directory (slamd --trace-dir); give a file name there as 'name', or none")
        #expect(oldPath.data == ["parameter": "path"])

        let path = scratch.path("first.jsonl")
        try connection.traceStart(name: "first.jsonl")
        let twice = try #require(try Self.error(app.connect(), "trace.start", ["name": "second.jsonl"]))
        #expect(twice.code == .traceConflict)
        #expect(twice.message == "Trace conflict: a trace is already being written to '\(path)'; trace.stop ends it")
        #expect(twice.data == ["path": .string(path), "tracing": true])
        #expect(access(scratch.path("second.jsonl"), F_OK) != 0, "the refused start created nothing")
        #expect(try connection.traceStop().path == path, "the first trace went on")
        #expect(try connection.ping() == "pong")
    }

    @Test func withoutANameTheDaemonNamesANewFileInTheTraceDirectory() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let path = try app.connection.traceStart()
        let socketName = String(app.socketPath.suffix(from: app.socketPath.index(after: app.socketPath.lastIndex(of: "/")!)))
        let prefix = scratch.directory + "/" + (socketName.hasSuffix(".sock") ? String(socketName.dropLast(5)) : socketName) + "-trace-"
        #expect(path.hasPrefix(prefix) && path.hasSuffix(".jsonl"), "\(path) in \(scratch.directory)")
        #expect(try app.connection.traceStop().path == path)
        let again = try app.connection.traceStart()
        #expect(again != path, "a second default trace does not replace the first")
        try app.connection.traceStop()
        #expect(try Self.records(path).last?["type"] == "end", "the first is whole")
    }

    @Test func theFileIsWrittenOnResetAndEndsCleanlyWhenTheDaemonStops() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let name = "reset.jsonl", path = scratch.path(name)
        try app.connection.traceStart(name: name)
        _ = try app.connection.press("increment")
        _ = try app.connection.reset()
        // A reset hands the records to the writer at once: they reach the file without a stop.
        let afterReset = try Self.records(path, when: { $0.last?["type"] == "reply" && $0.last?["message"]?["result"]?["top"] == "Home" })
        #expect(afterReset.last?["type"] == "reply" && afterReset.last?["message"]?["result"]?["top"] == "Home",
                "everything up to the reset's reply is in the file without a stop")
        let resetScreen = try #require(afterReset.last { $0["redraw"] != nil })
        #expect(resetScreen["redraw"]?["ops"]?[0]?["op"] == "stack", "the reset's new screens, whole")

        #expect(app.stop() == 0)
        let records = try Self.records(path)
        #expect(records.last?["type"] == "end")
        #expect(records.last?["reason"] == "shutdown")
    }

    @Test func aWaitAnsweredLaterIsRecordedWhenItIsAnswered() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let name = "wait.jsonl", path = scratch.path(name)
        try app.connection.traceStart(name: name)
        let waiter = try app.connect()
        try waiter.send(["jsonrpc": "2.0", "method": "waitFor", "params": ["ref": "count", "property": "text", "equals": "Count: 1"], "id": 1])
        // The wait reaches the daemon before the press (another socket): the trace says when it has.
        var waited = 0
        while !DaemonProcess.read(path).contains("\"waitFor\""), waited < 6_000 {
            usleep(5_000)
            waited += 1
        }
        _ = try app.connection.press("increment")
        #expect(try waiter.nextMessage()["result"]?["text"] == "Count: 1")
        try app.connection.traceStop()

        let records = try Self.records(path)
        let waiterID = try #require(records.first { $0["message"]?["method"] == "waitFor" }?["client"])
        let wait = try #require(records.firstIndex { $0["message"]?["method"] == "waitFor" })
        let press = try #require(records.firstIndex { $0["message"]?["method"] == "press" })
        let answer = try #require(records.firstIndex { $0["type"] == "reply" && $0["client"] == waiterID })
        #expect(wait < press && press < answer, "the wait's reply is recorded in the press's turn")
    }
}
