import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC

/// What an agent should do about a daemon error it can correct, and how the error reaches it:
/// a tool result with `Error:` and `Next:` lines, an invalid-arguments error, or (the daemon
/// gone, a limit reached) an internal error.
enum SlamErrorHint {
    /// The next step for each error an agent can correct, by code.
    static let nextSteps: [ErrorCode: String] = [
        .elementNotFound: "take a snapshot with slam_snapshot and use a ref from it.",
        .ambiguousLocator: "use one of the candidates' refs, or narrow the locator (add \"name\", \"within\" or \"nth\").",
        .elementNotInteractive: "act on an element that takes input (slam_snapshot shows roles), or read this one with slam_snapshot.",
        .elementDisabled: "do what enables it first (slam_snapshot shows what is missing), or wait with slam_wait_for {target, state: \"enabled\"}.",
        .elementHidden: "wait for it with slam_wait_for {target, state: \"visible\"}, or take a snapshot with slam_snapshot.",
        .elementCovered: "answer the alert first with slam_press on one of its buttons (slam_snapshot shows them), or close the screen on top with slam_navigate {back: true}.",
        .waitTimedOut: "take a snapshot with slam_snapshot to see the screen, or wait longer with a larger timeoutMs.",
        .navigationRefused: "take a snapshot with slam_snapshot: the screen refused to leave (an unanswered question?).",
        .taskFailed: "take a snapshot with slam_snapshot; the task's reason is above.",
        .taskNotFound: "use one of the names above.",
        .controllerNotFound: "slam_screens lists the screens.",
        .stateKeyNotFound: "slam_state without arguments lists the keys.",
        .applicationReset: "the application was reset meanwhile; take a snapshot with slam_snapshot.",
    ]

    /// The answer to `error` from a call whose argument names differ from the protocol's
    /// (`renamed`: protocol name → argument name, `ref` → `target`).
    ///
    /// - Throws: ``MCPToolError/invalidArguments(_:)`` when the daemon refused the params; `error`
    ///   itself when nothing the agent does can correct it.
    static func result(for error: ClientError, renamed: [String: String] = ["ref": "target"]) throws -> MCPToolResult {
        guard case .server(let response) = error else { throw error }
        if response.code == .invalidParams {
            throw MCPToolError.invalidArguments(renaming(response.message, renamed))
        }
        guard let next = nextSteps[response.code] else { throw error }
        return .failure("Error: \(response.message)\nNext: \(next)")
    }

    /// The answer to `error` from an action on `target`: an element the daemon did not find on the
    /// top screen but on the one an alert (or a modal screen) covers is reported as covered, with how
    /// to answer the alert; else as ``result(for:renamed:)`` answers.
    static func result(for error: ClientError, target: JSONValue?, session: MCPSession) async throws -> MCPToolResult {
        if case .server(let response) = error, response.code == .elementNotFound, let target,
           let cover = await coveringScreen(of: target, connection: session.connection) {
            let element = target.stringValue.map { "'\($0)'" } ?? target.description
            return .failure("Error: \(element) is on the screen under \(JSONValue.string(cover.title)) [screen=\(cover.id)], which covers it."
                + "\nNext: \(nextSteps[.elementCovered]!)")
        }
        return try result(for: error)
    }

    /// The modal screen or alert on top, when `target` is an element of the screen right under it.
    private static func coveringScreen(of target: JSONValue, connection: AsyncSlamConnection) async -> ControllerEntry? {
        guard let stack = try? await connection.send(ControllersRequest()), stack.count > 1, let top = stack.last, top.modal else { return nil }
        let below = stack[stack.count - 2].id
        guard (try? await connection.call(FindRequest.method, ["ref": target, "controller": .string(below)])) != nil else { return nil }
        return top
    }

    /// `message` with a parameter name it starts with (`ref.role: …`, `parameter 'ref' …`) put as the tool names it.
    private static func renaming(_ message: String, _ renamed: [String: String]) -> String {
        for (parameter, argument) in renamed {
            for prefix in ["", "Invalid params: "] where message.hasPrefix(prefix + parameter + ".") || message.hasPrefix(prefix + parameter + ":") {
                return prefix + argument + message.dropFirst(prefix.count + parameter.count)
            }
            if let range = message.firstRange(of: "'\(parameter)'") {
                return message[..<range.lowerBound] + "'\(argument)'" + message[range.upperBound...]
            }
        }
        return message
    }
}
