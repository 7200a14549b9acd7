import SlamClient
import SlamConsole
import SlamJSON
import SlamProtocol
import SlamRPC

extension SlamTools {
    /// How long a check waits for the element to settle into what is expected (the UI may still be
    /// finishing the last action); short, since a check is about now.
    static let verifyTimeoutMilliseconds = 1_000

    /// Checks an element now; a check that passes becomes an `expect…` step of the session's flow.
    static let verify: MCPTool = MCPTool(
        name: "slam_verify", title: "Check an element",
        description: """
            Check that an element shows a text, is in a state, or that its accessibility snapshot contains some lines \
            (give exactly one of text, state, aria). A passing check becomes an expect step of slam_flow's flow; \
            a failing one says what was found.
            """,
        inputSchema: ToolSchema.object([
            .target,
            .own("text", "The text the element must show, exactly (its `text`: a label's text, a field's contents).", schema: ["type": "string"]),
            .from(WaitForRequest.self, "state", required: false, summary: "The state the element must be in."),
            .from(WaitForRequest.self, "aria", required: false,
                  summary: "Lines the element's accessibility snapshot (as slam_snapshot writes it) must contain, in order."),
        ]),
        annotations: .init(readOnly: true, idempotent: true)
    ) { arguments, session in
        let given = try ToolArguments(arguments, for: verify.inputSchema)
        let target = try given.requiredTarget()
        let text = try given.string("text"), stateName = try given.string("state"), aria = try given.string("aria")
        guard [text, stateName, aria].compactMap({ $0 }).count == 1 else {
            throw MCPToolError.invalidArguments("give exactly one of 'text', 'state' or 'aria'")
        }
        var params: JSONValue.Object = ["ref": target, WaitForRequest.timeoutParameter: .integer(Int64(verifyTimeoutMilliseconds))]
        var state: WaitState?
        if let text {
            params["property"] = "text"
            params["equals"] = .string(text)
        } else if let stateName {
            guard let known = WaitState(rawValue: stateName) else {
                throw MCPToolError.invalidArguments("'state' must be one of \(WaitState.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            state = known
            params["state"] = .string(stateName)
        } else if let aria {
            params["aria"] = .string(aria)
        }
        do throws(ClientError) {
            // The check goes after the session's earlier actions in the flow: their events must be in first.
            try await session.settle()
            try await session.connection.call(WaitForRequest.method, params)
            let element = state == .absent ? try MCPSession.locator(target) : try await session.robustLocator(of: target)
            let expectation: SessionRecording.Expectation
            let checked: String
            if let text {
                expectation = .property(element, name: "text", equals: .string(text))
                checked = "text is \(JSONValue.string(text))"
            } else if let state {
                expectation = .state(element, state)
                checked = "is \(state.rawValue)"
            } else {
                expectation = .aria(aria ?? "", in: element)
                checked = "contains the aria lines"
            }
            session.toolState.withLock { $0.recording.append(expectation) }
            return MCPToolResult(text: "Verified: \(element.parameterJSON) \(checked).\nFlow step: \(expectation.step)")
        } catch {
            guard case .server(let refusal) = error, refusal.code == .waitTimedOut else { return try SlamErrorHint.result(for: error) }
            // A target that finds nothing (a typo) is better told with the daemon's did-you-mean.
            if state != .absent, refusal.data?["snapshot"]?.isNull ?? true {
                do throws(ClientError) {
                    try await session.connection.call(FindRequest.method, ["ref": target])
                } catch {
                    return try SlamErrorHint.result(for: error)
                }
            }
            return .failure(mismatch(refusal, text: text, state: state))
        }
    }

    /// A check that failed: the daemon's account of it, what the element shows instead, and what to do.
    static func mismatch(_ refusal: ResponseError, text: String?, state: WaitState?) -> String {
        var lines = ["Error: Verification failed: " + refusal.message]
        let snapshot = refusal.data?["snapshot"]
        if let snapshot, !snapshot.isNull {
            if text != nil {
                lines.append("Found: text \(snapshot["text"]?.description ?? "none") on \(snapshot["role"]?.stringValue ?? "element") "
                             + "\(snapshot["name"]?.description ?? "\"\"")")
            } else if state != nil {
                let visible = snapshot["visible"]?.boolValue ?? true, enabled = snapshot["enabled"]?.boolValue ?? true
                lines.append("Found: the element, \(visible ? "visible" : "hidden"), \(enabled ? "enabled" : "disabled")")
            }
        } else if let snapshot, snapshot.isNull, text != nil || state != nil {
            lines.append("Found: no such element on the screen")
        }
        lines.append("Next: read the screen with slam_snapshot; if the app is still changing, wait with slam_wait_for, then verify again.")
        return lines.joined(separator: "\n")
    }
}

extension SessionRecording.Expectation {
    /// The flow step that checks this again, as `slam_flow` writes it.
    var step: JSONValue {
        var recorder = FlowRecorder(name: "")
        switch self {
        case let .property(element, property, value): recorder.expect(element, property: property, equals: value)
        case let .state(element, state): recorder.expect(element, state: state)
        case let .aria(template, element): recorder.expectAria(template, in: element)
        }
        return recorder.steps.first ?? .null
    }
}
