import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamSuggestions

extension SlamTools {
    /// Reading, acting, waiting, navigating, state, in the order `tools/list` shows them.
    static var screenTools: [MCPTool] {
        [snapshot, press, type, key, select, setValue, waitFor, screens, navigate, runTask, state, reset]
    }

    /// The top screen (or a subtree) as the accessibility snapshot, or written to a file.
    static let snapshot: MCPTool = MCPTool(
        name: "slam_snapshot", title: "Read the screen",
        description: "The top screen as an accessibility snapshot: one line per element, `- role \"name\" [states] [ref=…]`, "
            + "children indented. Use a line's ref (or a locator) as `target` in the other tools. With `filename`, the snapshot "
            + "is written to that file and only its path and a summary are answered.",
        inputSchema: ToolSchema.object([
            .from(SnapshotRequest.self, "ref", as: "target",
                  summary: "Only this element and what is below it: a ref or a locator; default: the whole screen."),
            .from(SnapshotRequest.self, "depth"),
            .own("filename", "Write the snapshot to this file (relative to the server's working directory) and answer only its path and a summary.",
                 schema: ["type": "string", "minLength": 1]),
        ]),
        annotations: .init(readOnly: true, idempotent: true)
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: snapshot.inputSchema)
        var params: JSONValue.Object = [:]
        if let target = try arguments.target() { params["ref"] = target }
        if let depth = try arguments.count("depth") { params["depth"] = .integer(Int64(depth)) }
        let filename = try arguments.string("filename")
        let screen: AccessibilitySnapshot
        do {
            screen = try AccessibilitySnapshot(json: try await session.connection.call(SnapshotRequest.method, params))
        } catch let error as ClientError {
            return try SlamErrorHint.result(for: error)
        }
        let header = "Screen: \(screen.title) [screen=\(screen.controller)]"
        guard let filename else {
            let whole = params.isEmpty
            ChangeReport.remember(screen: ChangeReport.lines(of: screen.snapshot), of: whole ? screen.controller : nil, in: session)
            return MCPToolResult(text: header + "\n" + screen.snapshot.trimmingTrailingNewlines)
        }
        let path = SnapshotFile.absolutePath(filename)
        if let failure = SnapshotFile.write(header + "\n" + screen.snapshot, to: path) {
            return .failure("Error: cannot write \(path): \(failure)\nNext: give a filename in a directory that exists and is writable.")
        }
        let count = ChangeReport.lines(of: screen.snapshot).count
        return MCPToolResult(text: "Wrote \(path): \(count) line\(count == 1 ? "" : "s") of screen \"\(screen.title)\" [screen=\(screen.controller)].")
    }

    /// Presses an element as a person would.
    static let press: MCPTool = MCPTool(
        name: "slam_press", title: "Press an element",
        description: "Presses an element as a person would (a button, a switch, a row, a link), waiting until it is visible, "
            + "enabled and uncovered. Answers what changed: the first line says what was done, then the changed elements' "
            + "snapshot lines, the new screen after a navigation (`Screen:`; a screen read before: only what differs), the new "
            + "focus (`Focus:`), or `No visible change.`",
        inputSchema: ToolSchema.object([.target, .from(PressRequest.self, "value")]),
        outputSchema: ChangeSummary.outputSchema
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: press.inputSchema)
        var params = try actionParams(arguments, session)
        let value = arguments.any("value")
        if let value { params["value"] = value }
        return try await ChangeReport.acting(on: session, target: params["ref"]) { () async throws in
            try Snapshot(json: try await session.connection.call(PressRequest.method, params))
        } headline: { element in
            "Pressed \(describe(element))" + (value.map { " with \($0)" } ?? "") + "."
        }
    }

    /// Types text into a text field key by key.
    static let type: MCPTool = MCPTool(
        name: "slam_type", title: "Type into a text field",
        description: "Focuses a text field and types the text key by key after what it holds (to replace the text, use "
            + "slam_set_value); `submit` presses Enter afterwards. Answers what changed, as slam_press does.",
        inputSchema: ToolSchema.object([
            .target, .from(TypeTextRequest.self, "text"),
            .own("submit", "Press Enter after the text (runs the field's return action); default false.", schema: ["type": "boolean"]),
        ]),
        outputSchema: ChangeSummary.outputSchema
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: type.inputSchema)
        var params = try actionParams(arguments, session)
        let text = try arguments.requiredString("text")
        let submit = try arguments.bool("submit") ?? false
        params["text"] = .string(submit ? text + "\n" : text)
        return try await ChangeReport.acting(on: session, target: params["ref"]) { () async throws in
            try Snapshot(json: try await session.connection.call(TypeTextRequest.method, params))
        } headline: { element in
            "Typed \(JSONValue.string(text)) into \(describe(element))" + (submit ? " and pressed Enter." : ".")
        }
    }

    /// Presses a key on the top screen.
    static let key: MCPTool = MCPTool(
        name: "slam_key", title: "Press a key",
        description: "Presses a key as a person would: Tab and Shift+Tab move the focus, other keys go to the focused element "
            + "(or to `target`, focused first). Answers what changed, as slam_press does.",
        inputSchema: ToolSchema.object([
            .from(KeyRequest.self, "key"),
            .from(KeyRequest.self, "ref", as: "target", summary: "An element to focus first (a ref or a locator); default: the focused element."),
        ]),
        outputSchema: ChangeSummary.outputSchema
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: key.inputSchema)
        let key = try arguments.requiredString("key")
        var params: JSONValue.Object = ["key": .string(key)]
        if let target = try arguments.target() {
            params["ref"] = target
            params[WaitForRequest.timeoutParameter] = .integer(Int64(session.toolState.withLock(\.actionTimeoutMilliseconds)))
        }
        return try await ChangeReport.acting(on: session, target: params["ref"]) { () async throws in
            try KeyOutcome(json: try await session.connection.call(KeyRequest.method, params))
        } headline: { outcome in
            "Pressed key \(key)" + (outcome.handled ? "." : "; nothing used it.")
        }
    }

    /// Selects a part of an element: a row, a segment, a picker option, a date, a collection item.
    static let select: MCPTool = MCPTool(
        name: "slam_select", title: "Select a row, segment, option or date",
        description: "Selects a part of an element: a table or list row, a segment, a picker option, a collection item, a date. "
            + "`value` is the part's name as the snapshot shows it (\"Large\"), or what slam_press's `value` takes "
            + "(an index, [component, row], [section, row], an item key, an ISO 8601 date). Answers what changed, as slam_press does.",
        inputSchema: ToolSchema.object([
            .target,
            .from(PressRequest.self, "value", required: true,
                  summary: "The part's name as the snapshot shows it, or: " + (PressRequest.parameters.documentation.first { $0.name == "value" }?.summary ?? "")),
        ]),
        outputSchema: ChangeSummary.outputSchema
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: select.inputSchema)
        var params = try actionParams(arguments, session)
        let value = try arguments.required("value")
        if let name = value.stringValue {
            switch try await PartName.resolve(name, in: params["ref"]!, session: session) {
            case .value(let resolved): params["value"] = resolved
            case .failure(let failure): return failure
            }
        } else {
            params["value"] = value
        }
        return try await ChangeReport.acting(on: session, target: params["ref"]) { () async throws in
            try Snapshot(json: try await session.connection.call(PressRequest.method, params))
        } headline: { element in
            "Selected \(value) in \(describe(element))."
        }
    }

    /// Sets an element's value: a number, a switch's state, a date, a text field's text.
    static let setValue: MCPTool = MCPTool(
        name: "slam_set_value", title: "Set a value",
        description: "Sets an element's value as a person would: a number for a slider or stepper, true or false for a switch, "
            + "an ISO 8601 date for a date picker, the whole text of a text field (replacing it). Answers what changed, as slam_press does.",
        inputSchema: ToolSchema.object([
            .target,
            .own("value", "The new value: a number, true or false, a date, or a text.",
                 schema: ["type": ["number", "boolean", "string"]], required: true),
        ]),
        outputSchema: ChangeSummary.outputSchema
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: setValue.inputSchema)
        let params = try actionParams(arguments, session)
        let value = try arguments.required("value")
        switch value {
        case .string, .bool, .integer, .double: break
        default: throw ToolArguments.wrongType("value", "a number, true or false, or a string", value)
        }
        return try await ValueSetting.set(value, params: params, session: session)
    }

    /// Waits for text, an element's state or an accessibility template.
    static let waitFor: MCPTool = MCPTool(
        name: "slam_wait_for", title: "Wait for the screen",
        description: "Waits until a text shows in a name, value or description on the top screen (`text`), no longer shows (`textGone`), the screen (or `target`) contains an "
            + "accessibility template (`aria`, snapshot lines), or `target` reaches `state`. Answers what changed meanwhile; "
            + "on timeout, an error with what did not hold.",
        inputSchema: ToolSchema.object([
            .own("text", "Wait until the screen's snapshot shows this text (in a name or a value).", schema: ["type": "string", "minLength": 1]),
            .own("textGone", "Wait until the screen's snapshot no longer shows this text.", schema: ["type": "string", "minLength": 1]),
            .from(WaitForRequest.self, "aria",
                  summary: "Snapshot lines the screen's (or target's) snapshot must contain, as `- role \"name\" [states]`, children indented; "
                      + "a name may be /pattern/."),
            .from(WaitForRequest.self, "ref", as: "target",
                  summary: "The element `state` is about, or whose snapshot `aria` looks in (a ref or a locator)."),
            .own("state", "With `target`: exists, absent, visible, hidden or enabled.", schema: WaitState.schema),
            .from(WaitForRequest.self, WaitForRequest.timeoutParameter),
        ]),
        outputSchema: ChangeSummary.outputSchema
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: waitFor.inputSchema)
        let (wait, condition) = try WaitCondition.read(arguments)
        return try await ChangeReport.acting(on: session) { () async throws in
            try await wait.wait(on: session)
        } headline: { _ in
            "Waited for \(condition)."
        }
    }

    /// The screens slam_navigate opens.
    static let screens: MCPTool = MCPTool(
        name: "slam_screens", title: "List the screens",
        description: "Every screen slam_navigate can open: its title, its id and whether it is on the navigation stack now.",
        inputSchema: ToolSchema.object([]),
        outputSchema: ScreenList.outputSchema,
        annotations: .init(readOnly: true, idempotent: true)
    ) { arguments, session in
        _ = try ToolArguments(arguments, for: screens.inputSchema)
        let entries = try await session.connection.send(ScreensRequest())
        let text = entries.map { "- \($0.title) [screen=\($0.id)]" + ($0.onStack ? " [on stack]" : "") }.joined(separator: "\n")
        return MCPToolResult(text: text.isEmpty ? "No screens." : text, structured: ScreenList(screens: entries).structuredContent)
    }

    /// Opens a screen, or goes back.
    static let navigate: MCPTool = MCPTool(
        name: "slam_navigate", title: "Open a screen or go back",
        description: "Opens a screen by its id (slam_screens lists them), pushed on the navigation stack, or goes back one screen "
            + "(`back`: closes the top screen or alert), as the application's own `push` and `pop` tasks do. Answers the new screen.",
        inputSchema: ToolSchema.object([
            .own("screen", "The id of the screen to open.", schema: ["type": "string", "minLength": 1]),
            .own("back", "true: go back one screen instead.", schema: ["const": true]),
        ]),
        outputSchema: ChangeSummary.outputSchema
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: navigate.inputSchema)
        let screen = try arguments.string("screen")
        let back = try arguments.bool("back") ?? false
        guard (screen != nil) != back else {
            throw MCPToolError.invalidArguments("give either 'screen' (a screen id) or 'back': true")
        }
        let task = RunTaskRequest(name: screen == nil ? "pop" : "push", param: screen)
        let result = try await ChangeReport.acting(on: session) { () async throws in
            try await session.connection.send(task)
        } headline: { _ in
            screen.map { "Opened screen \($0)." } ?? "Went back."
        }
        guard result.isError, let screen, result.text.hasPrefix("Error: Controller not found") else { return result }
        // The daemon names the screen it lacks; the agent also needs the ones it has.
        let known = try await session.connection.send(ScreensRequest()).map(\.id)
        let nearest = NameSuggestions.nearest(to: screen, in: known)
        return .failure("Error: no screen \(JSONValue.string(screen))"
            + (nearest.isEmpty ? "" : "; did you mean \(nearest.map { JSONValue.string($0).description }.joined(separator: " or "))?")
            + "\nNext: use one of the screens slam_screens lists.")
    }

    /// Runs one of the application's tasks.
    static let runTask: MCPTool = MCPTool(
        name: "slam_run_task", title: "Run a task",
        description: "Runs a named task of the application (the built-in ones: push <screen>, pop, url <address>, alert <id>, "
            + "and the application's own). Answers what changed, as slam_press does.",
        inputSchema: ToolSchema.object([.from(RunTaskRequest.self, "name"), .from(RunTaskRequest.self, "param")]),
        outputSchema: ChangeSummary.outputSchema
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: runTask.inputSchema)
        let task = RunTaskRequest(name: try arguments.requiredString("name"), param: try arguments.string("param"))
        return try await ChangeReport.acting(on: session) { () async throws in
            try await session.connection.send(task)
        } headline: { outcome in
            "Ran task \(task.name)" + (task.param.map { " \($0)" } ?? "") + (outcome.result.map { "; it answered \($0)" } ?? "") + "."
        }
    }

    /// Reads or writes the application's shared state.
    static let state: MCPTool = MCPTool(
        name: "slam_state", title: "Read or write the shared state",
        description: "The application's shared state: without arguments every key and value; with `key` that value; with "
            + "`key` and `value` it sets the value (bound elements update) and answers what changed.",
        inputSchema: ToolSchema.object([.from(StateSetRequest.self, "key"), .from(StateSetRequest.self, "value")])
    ) { arguments, session in
        let arguments = try ToolArguments(arguments, for: state.inputSchema)
        let key = try arguments.string("key")
        let value = arguments.values["value"]
        if key == nil && value != nil { throw MCPToolError.invalidArguments("'value' needs 'key': the key to set") }
        do {
            guard let key else {
                let values = try await session.connection.send(StateListRequest()).values
                return MCPToolResult(text: values.isEmpty ? "No state." : values.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
            }
            guard let value else {
                let entry = try await session.connection.send(StateGetRequest(key: key))
                return MCPToolResult(text: "\(entry.key): \(entry.value)")
            }
            return try await ChangeReport.acting(on: session) { () async throws in
                try await session.connection.send(StateSetRequest(key: key, value: value))
            } headline: { _ in
                "Set \(key) to \(value)."
            }
        } catch let error as ClientError {
            return try SlamErrorHint.result(for: error, renamed: [:])
        }
    }

    /// Puts the application back to its launch state.
    static let reset: MCPTool = MCPTool(
        name: "slam_reset", title: "Reset the application",
        description: "Puts the application back to its launch state: screens rebuilt, shared state initial, the first screen on top. "
            + "Answers the screen.",
        inputSchema: ToolSchema.object([]),
        outputSchema: ChangeSummary.outputSchema,
        annotations: .init(destructive: true, idempotent: true)
    ) { arguments, session in
        _ = try ToolArguments(arguments, for: reset.inputSchema)
        return try await ChangeReport.acting(on: session) { () async throws in
            try await session.connection.send(ResetRequest())
        } headline: { _ in
            "Reset the application."
        }
    }

    // MARK: - Shared by the tools

    /// `ref` (the target, verbatim: the daemon validates it) and the action timeout the clients use.
    static func actionParams(_ arguments: ToolArguments, _ session: MCPSession) throws(MCPToolError) -> JSONValue.Object {
        ["ref": try arguments.requiredTarget(),
         WaitForRequest.timeoutParameter: .integer(Int64(session.toolState.withLock(\.actionTimeoutMilliseconds)))]
    }

    /// An element as an answer's first line names it: its role and quoted name, or its ref when it has no name.
    static func describe(_ element: Snapshot) -> String {
        let role = element["role"]?.stringValue ?? element.type
        if let name = element["name"]?.stringValue, !name.isEmpty { return "\(role) \(JSONValue.string(name))" }
        return element.reference.isEmpty ? role : "\(role) [ref=\(element.reference)]"
    }
}

/// What slam_screens answers as structured content.
struct ScreenList: DeclaredFields {
    var screens: [ScreenEntry]

    static var empty: ScreenList { ScreenList(screens: []) }

    mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("screens", &screens, "Every screen slam_navigate opens, in registration order.")
    }
}

extension String {
    /// The text without the line breaks at its end.
    var trimmingTrailingNewlines: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
