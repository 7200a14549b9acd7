import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC

/// slam_wait_for's arguments as a wait: `aria` and `target` + `state` are the daemon's `waitFor`;
/// `text` and `textGone` wait on what the top screen's snapshot shows (names, values, descriptions:
/// not roles, states or references), re-read after every change.
///
/// Text waits read the snapshot rather than ask `waitFor` for an element whose text matches: a
/// locator finds hidden elements too (a hidden "Saved" label would satisfy "Saved" shows, and keep
/// "Saved" from ever being gone), and an accessible name that is no element's `text` (a switch's
/// label) would never match.
enum WaitCondition {
    case daemon(JSONValue.Object)
    case text(String, gone: Bool, timeoutMilliseconds: Int)

    /// The wait the arguments ask for, and the condition in words for the answer's first line.
    static func read(_ arguments: ToolArguments) throws(MCPToolError) -> (WaitCondition, String) {
        let text = try arguments.string("text"), gone = try arguments.string("textGone")
        let aria = try arguments.string("aria"), state = try arguments.string("state")
        let target = try arguments.target()
        let given = [text, gone, aria, state].compactMap { $0 }.count
        guard given == 1 else {
            throw .invalidArguments(given == 0 ? "give one of 'text', 'textGone', 'aria' or 'target' with 'state'"
                                               : "give only one of 'text', 'textGone', 'aria' and 'state'")
        }
        let timeout = try arguments.count(WaitForRequest.timeoutParameter)
        if let shown = text ?? gone {
            if target != nil { throw .invalidArguments("'target' goes with 'state' or 'aria', not with '\(text != nil ? "text" : "textGone")'") }
            let condition = text != nil ? "text \(JSONValue.string(shown))" : "text \(JSONValue.string(shown)) to go"
            return (.text(shown, gone: text == nil, timeoutMilliseconds: timeout ?? WaitForRequest.defaultTimeoutMilliseconds), condition)
        }
        var params: JSONValue.Object = [:]
        if let timeout { params[WaitForRequest.timeoutParameter] = .integer(Int64(timeout)) }
        if let aria {
            params["aria"] = .string(aria)
            if let target { params["ref"] = target }
            return (.daemon(params), "the template")
        }
        guard let target, let state else { throw .invalidArguments("'state' needs 'target': the element it is about") }
        params["ref"] = target
        params["state"] = .string(state)
        return (.daemon(params), "\(target.stringValue.map { "[ref=\($0)]" } ?? target.description) to be \(state)")
    }

    /// Waits until the condition holds; a timeout is the daemon's wait timeout error.
    func wait(on session: MCPSession) async throws(ClientError) {
        switch self {
        case .daemon(let params):
            try await session.connection.call(WaitForRequest.method, params)
        case let .text(text, gone, timeout):
            try await Self.waitForText(text, gone: gone, timeoutMilliseconds: timeout, session: session)
        }
    }

    /// Reads the top screen's snapshot now and after every change until it shows `text` (or, `gone`, no longer does).
    private static func waitForText(_ text: String, gone: Bool, timeoutMilliseconds: Int, session: MCPSession) async throws(ClientError) {
        // true: something changed; false: the time is up.
        let (signals, sink) = AsyncStream<Bool>.makeStream()
        let token = session.observe { notification in
            if notification.method == EventKind.changed.rawValue || notification.method == EventKind.navigated.rawValue { sink.yield(true) }
        }
        let timer = Task {
            try? await Task.sleep(for: .milliseconds(timeoutMilliseconds))
            sink.yield(false)
        }
        defer {
            timer.cancel()
            session.stopObserving(token)
            sink.finish()
        }
        var iterator = signals.makeAsyncIterator()
        while true {
            let screen = try await session.connection.send(SnapshotRequest()).snapshot
            let shown = ChangeReport.lines(of: screen).contains { line in SnapshotLineText.texts(of: line).contains { $0.contains(text) } }
            if shown != gone { return }
            guard let changed = await iterator.next(), changed else {
                let failure = gone ? "was still shown after" : "did not show within"
                throw .server(ResponseError(code: .waitTimedOut,
                                            message: "Wait timed out: text \(JSONValue.string(text)) \(failure) \(timeoutMilliseconds) ms"))
            }
        }
    }
}
