import SlamClient
import SlamProtocol
import SlamConsole
import SlamJSON
import SlamRPC

extension Slamctl {
    /// Verbs that read: they never change the UI.
    static let queryCommands: [SlamctlCommand] = [
        SlamctlCommand("ping", "Check that the daemon answers.") { invocation in
            let pong = try invocation.connect().ping()
            invocation.output(.string(pong)) { pong }
        },
        SlamctlCommand("version", "Show the protocol and server versions and capabilities.") { invocation in
            let version = try invocation.connect().version()
            invocation.output(version.json) {
                """
                slamd \(version.serverVersion), protocol \(version.protocolVersion)
                methods: \(version.methods.joined(separator: " "))
                events: \(version.events.joined(separator: " "))
                """
            }
        },
        SlamctlCommand(
            "tree", "Show the element tree as an indented outline.",
            arguments: [.init("ref", help: "Start at this element (default: the root).", isOptional: true)],
            options: [.init("depth", valueName: "N", help: "Levels of children to show (default: all)."), .controller]
        ) { invocation in
            let depth = try invocation.line.integerOption("depth")  // a usage error before any connection
            let tree = try invocation.connect().tree(invocation.line.argument("ref").map { ElementLocator($0) }, depth: depth,
                                                     controller: invocation.controller)
            invocation.output(tree.json) { invocation.formatter.outline(tree) }
        },
        SlamctlCommand(
            "snapshot", "Show the screen as an accessibility snapshot: a line per element with its role, name, states and ref.",
            discussion: """
                Hidden elements and unnamed layout views are left out; an alert on top is the screen. Example:
                  slamctl snapshot --ref counterButtons --depth 1
                """,
            options: [.init("ref", valueName: "REF", help: "Only this element's subtree (a reference or a JSON locator)."),
                      .init("depth", valueName: "N", help: "Levels to show below the first (default: all)."), .controller]
        ) { invocation in
            let depth = try invocation.line.integerOption("depth")  // a usage error before any connection
            let reference = try invocation.line.option("ref").map { try invocation.locator($0, option: "--ref") }
            let result = try invocation.connect().snapshot(reference, depth: depth, controller: invocation.controller)
            let json: JSONValue = ["controller": .string(result.controller), "title": .string(result.title), "snapshot": .string(result.snapshot)]
            invocation.output(json) {
                var text = result.snapshot
                if text.hasSuffix("\n") { text.removeLast() }
                return text
            }
        },
        SlamctlCommand(
            "find", "Show one element's snapshot, one property per line.",
            arguments: [.init("ref", help: "The element's reference (or a JSON locator; or use --text, --type …).", isOptional: true)],
            options: CommandSpecification.Option.locator + [.controller]
        ) { invocation in
            let (locator, _) = try invocation.element(positionals: ["ref"])
            let snapshot = try invocation.connect().find(locator, controller: invocation.controller)
            invocation.output(snapshot.json) { invocation.formatter.details(snapshot) }
        },
        SlamctlCommand(
            "query", "List the elements matching every filter, in tree order (hidden and disabled ones too).",
            options: [
                .init("type", valueName: "TYPE", help: "Element type, e.g. Button."),
                .init("text", valueName: "TEXT", help: "Exact text."),
                .init("visible", help: "Only visible elements."), .init("hidden", help: "Only hidden elements."),
                .init("enabled", help: "Only enabled elements."), .init("disabled", help: "Only disabled elements."),
                .controller,
            ]
        ) { invocation in
            let line = invocation.line
            let visible = try exclusiveFlags(line, "visible", "hidden")
            let enabled = try exclusiveFlags(line, "enabled", "disabled")
            let matches = try invocation.connect().query(type: line.option("type"), text: line.option("text"),
                                                         visible: visible, enabled: enabled,
                                                         controller: invocation.controller)
            invocation.output(.array(matches.map(\.json))) {
                matches.map(invocation.formatter.line).joined(separator: "\n")
            }
        },
        SlamctlCommand(
            "refs", "List the references of a screen's elements, one per line, in tree order (for scripts and shell completion).",
            options: [.controller]
        ) { invocation in
            let references = try invocation.connect().query(controller: invocation.controller)
                .map(\.reference).filter { !$0.isEmpty }
            invocation.output(.array(references.map(JSONValue.string))) { references.joined(separator: "\n") }
        },
        SlamctlCommand("tasks", "List the registered tasks.") { invocation in
            let tasks = try invocation.connect().tasks()
            invocation.output(.array(tasks.map(JSONValue.string))) { tasks.joined(separator: "\n") }
        },
        SlamctlCommand("screens", "List every screen push can open, with its title; * marks those on the stack.") { invocation in
            let screens = try invocation.connect().screens()
            let json: JSONValue = .array(screens.map { ["id": .string($0.id), "title": .string($0.title), "onStack": .bool($0.onStack)] })
            invocation.output(json) {
                screens.map { "\($0.onStack ? "*" : " ") \($0.id) \"\($0.title)\"" }.joined(separator: "\n")
            }
        },
        SlamctlCommand("controllers", "Show the navigation stack, root first.") { invocation in
            let stack = try invocation.connect().controllers()
            let json: JSONValue = .array(stack.map { ["id": .string($0.id), "title": .string($0.title), "modal": .bool($0.modal)] })
            invocation.output(json) {
                stack.enumerated().map { index, entry in
                    "\(index) \(entry.id) \"\(entry.title)\"" + (entry.modal ? " (modal)" : "")
                }.joined(separator: "\n")
            }
        },
    ]

    /// Verbs that act as a user would, or refresh the UI.
    static let actionCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "press", "Press an element as a user would; print its snapshot afterwards.",
            discussion: """
                VALUE: a row, segment or page index; a number (slider: 0.25, 40); increment or decrement
                (stepper, slider, date picker); on, off,
                true or false (switch); a position as JSON, [component,row] (picker), [section,row]
                (sectioned table) or [section,item] (collection view), or {"section":0,"row":2}; any other
                word is a text: an ISO 8601 date for a date picker (2026-11-23, 14:30, 2026-11-23T14:30:00Z),
                an item key for a collection view. Quote a text that reads as a keyword or a number as a
                JSON string: '"on"', '"3"'. Examples:
                  slamctl press items 2               a table row
                  slamctl press fruit '[0,2]'          a picker's component 0, row 2
                  slamctl press volume 0.25            a slider
                  slamctl press due 2026-11-23         a date picker
                  slamctl press photos beach           a collection item by its key
                """,
            arguments: [.init("ref", help: "The element's reference (or a JSON locator; or use --text, --type …).", isOptional: true),
                        .init("value", help: "What to press with.", isOptional: true)],
            options: CommandSpecification.Option.locator + [.actionTimeout, .controller]
        ) { invocation in
            let (locator, values) = try invocation.element(positionals: ["ref", "value"])
            let timeout = try invocation.actionTimeout()
            var value: PressInput?
            if let text = values[0] {
                guard let parsed = pressValue(text) else {
                    throw UsageError("VALUE must be an index, a number, on, off, true, false, increment, decrement, a position "
                                     + "such as [0,2] or {\"section\":0,\"row\":2}, or a text, not '\(text)'",
                                     command: invocation.line.command)
                }
                value = parsed
            }
            let snapshot = try invocation.connect().press(locator, value: value, controller: invocation.controller,
                                                          timeoutMilliseconds: timeout)
            invocation.output(snapshot.json) { invocation.formatter.line(snapshot) }
        },
        SlamctlCommand(
            "text", "Replace a text field's text at once (setText: editing changed, then editing ended).",
            arguments: [.init("ref", help: "The text field's reference (or a JSON locator; or use --type, --matches …).", isOptional: true),
                        .init("text", help: "The new text.", isOptional: true)],
            options: CommandSpecification.Option.fieldLocator + [.actionTimeout, .controller]
        ) { invocation in
            let (locator, values) = try invocation.element(positionals: ["ref", "text"])
            guard let text = values[0] else { throw UsageError("give the new TEXT", command: invocation.line.command) }
            let snapshot = try invocation.connect().setText(locator, text, controller: invocation.controller,
                                                            timeoutMilliseconds: try invocation.actionTimeout())
            invocation.output(snapshot.json) { invocation.formatter.line(snapshot) }
        },
        SlamctlCommand(
            "type", "Focus a text field and type into it key by key, where its text ends (typeText).",
            discussion: """
                Each character is a key: an editing-changed event each, maxLength honoured; a newline is Enter
                (the field's return action): slamctl type search $'tea\\n'. `slamctl text` replaces the text instead.
                """,
            arguments: [.init("ref", help: "The text field's reference (or a JSON locator; or use --type, --matches …).", isOptional: true),
                        .init("text", help: "What to type.", isOptional: true)],
            options: CommandSpecification.Option.fieldLocator + [.actionTimeout, .controller]
        ) { invocation in
            let (locator, values) = try invocation.element(positionals: ["ref", "text"])
            guard let text = values[0] else { throw UsageError("give the TEXT to type", command: invocation.line.command) }
            let snapshot = try invocation.connect().typeText(locator, text, controller: invocation.controller,
                                                             timeoutMilliseconds: try invocation.actionTimeout())
            invocation.output(snapshot.json) { invocation.formatter.line(snapshot) }
        },
        SlamctlCommand(
            "focus", "Give an element its controller's keyboard focus, as a click would; print its snapshot.",
            arguments: [.init("ref", help: "A focusable element: a control, a table or a collection view (or a JSON locator).", isOptional: true)],
            options: CommandSpecification.Option.locator + [.actionTimeout, .controller]
        ) { invocation in
            let (locator, _) = try invocation.element(positionals: ["ref"])
            let snapshot = try invocation.connect().focus(locator, controller: invocation.controller,
                                                          timeoutMilliseconds: try invocation.actionTimeout())
            invocation.output(snapshot.json) { invocation.formatter.line(snapshot) }
        },
        SlamctlCommand(
            "key", "Press keys on the top controller, in order; print what each did and what has the focus.",
            discussion: """
                KEY: one character (a, 7, ' '), Tab, Shift+Tab, Enter, Escape, Backspace, Space, ArrowUp,
                ArrowDown, ArrowLeft, ArrowRight. Tab moves the focus; Enter and Space press the focused
                button; Escape cancels an alert or goes back; arrows move in steppers, pickers and lists.
                It stops at the first key the daemon refuses. With --json: one outcome object per line.
                With --on, that element takes the focus first (waiting up to --timeout until it could).
                  slamctl key Tab Tab Enter
                  slamctl key --on pin Enter
                """,
            arguments: [.init("keys", help: "The keys to press, in order.", isRepeated: true)],
            options: [.init("on", valueName: "REF", help: "Focus this element first (a reference or a JSON locator)."), .actionTimeout]
        ) { invocation in
            let keys = invocation.line.repeatedArgument("keys")
            guard !keys.isEmpty else { throw UsageError("give at least one KEY", command: invocation.line.command) }
            let target = try invocation.line.option("on").map { text in try invocation.locator(text, option: "--on") }
            let timeout = try invocation.actionTimeout()
            let connection = try invocation.connect()
            for (index, key) in keys.enumerated() {
                // Only the first key focuses the element; the rest follow the focus, as a person's would.
                let outcome = index == 0 && target != nil
                    ? try connection.key(key, on: target, timeoutMilliseconds: timeout) : try connection.key(key)
                invocation.output(keyJSON(outcome)) { keyLine(outcome, formatter: invocation.formatter) }
            }
        },
        SlamctlCommand(
            "update", "Pull every data source (updateUI) and list what changed.",
            arguments: [.init("ref", help: "Only this subtree.", isOptional: true)], options: [.controller]
        ) { invocation in
            try refresh(UpdateUIRequest.self, invocation)
        },
        SlamctlCommand(
            "reset", "Reload tables and text views, then fill (resetUI); list what changed.",
            arguments: [.init("ref", help: "Only this subtree.", isOptional: true)], options: [.controller]
        ) { invocation in
            try refresh(ResetUIRequest.self, invocation)
        },
        SlamctlCommand("reset-app", "Put the application back to its launch state, without restarting the daemon (the reset method).") { invocation in
            let outcome = try invocation.connect().reset()
            let json: JSONValue = ["top": outcome.top.map(JSONValue.string) ?? .null, "stateKeys": .integer(Int64(outcome.stateKeys))]
            invocation.output(json) { "reset; top: \(outcome.top ?? "none")" }
        },
        SlamctlCommand(
            "task", "Run a task: pop, push CONTROLLER, url ADDRESS, one of the app's own, or one a client runs.",
            arguments: [.init("name", help: "The task's name."), .init("param", help: "Its parameter.", isOptional: true)]
        ) { invocation in
            let name = invocation.argument("name")
            let param = invocation.line.argument("param")
            let outcome = try invocation.connect().send(RunTaskRequest(name: name, param: param))
            var json: JSONValue.Object = ["task": .string(outcome.task), "param": outcome.param.map(JSONValue.string) ?? .null,
                                          "top": outcome.top.map(JSONValue.string) ?? .null]
            if let result = outcome.result { json["result"] = result }
            invocation.output(.object(json)) {
                "ran \(name)\(param.map { " \($0)" } ?? ""); top: \(outcome.top ?? "none")"
                    + (outcome.result.map { "; result: \($0)" } ?? "")
            }
        },
        SlamctlCommand(
            "state", "List the shared state, print one key's value, or set it.",
            discussion: """
                Values print as compact JSON. VALUE is parsed as JSON when it is valid JSON, else taken as a
                string: 5 is a number, true a bool, '"5"' the string 5, Ada the string Ada, 2026-12-24 and 12abc
                strings too. A VALUE that starts like a JSON array, object or string ([, { or ") must be valid
                JSON: '[broken' is refused (exit 2, nothing is set); --string stores VALUE as it is written.
                Setting prints the key when its value changed, nothing when it already had that value. Examples:
                  slamctl state                       every key = value, keys sorted
                  slamctl state count                 one value; exit 1 with error -32011 for an unknown key
                  slamctl state count 5
                  slamctl state todos '["Buy milk","Call Ada"]'
                  slamctl state note '[draft] call Ada' --string
                """,
            arguments: [.init("key", help: "A state key (default: list every key).", isOptional: true),
                        .init("value", help: "The key's new value: JSON, or a bare word taken as a string.",
                              isOptional: true)],
            options: [.init("string", help: "Store VALUE as a string, as written, even when it reads as JSON (5, true, [draft]).")]
        ) { invocation in
            // A value the command line got wrong is refused before anything is sent.
            let newValue: JSONValue? = switch (invocation.line.argument("value"), invocation.line.flag("string")) {
            case (let text?, true): .string(text)
            case (let text?, false): try stateValue(text, command: invocation.line.command)
            case (nil, true): throw UsageError("--string applies to a VALUE: slamctl state KEY VALUE --string", command: invocation.line.command)
            case (nil, false): nil
            }
            let connection = try invocation.connect()
            switch (invocation.line.argument("key"), newValue) {
            case (nil, _):
                let values = try connection.stateList()
                let keys = values.keys.sorted()
                invocation.output(["values": .object(JSONValue.Object(uniqueKeysWithValues: keys.map { ($0, values[$0]!) }))]) {
                    keys.map { "\($0) = \(values[$0]!)" }.joined(separator: "\n")
                }
            case (let key?, nil):
                let value = try connection.stateGet(key)
                invocation.output(["key": .string(key), "value": value]) { value.description }
            case (let key?, let value?):
                let changed = try connection.stateSet(key, value)
                invocation.output(["changed": .array(changed.map(JSONValue.string))]) { changed.joined(separator: "\n") }
            }
        },
    ]

    /// `slamctl state KEY VALUE`'s value: JSON when it parses, else the text as a string, except
    /// text that starts like a JSON array, object or string (`[`, `{`, `"`): a typo there would
    /// otherwise be stored silently as a string. Text that starts like a number (`2026-12-24`,
    /// `12abc`) is a string: dates and codes are common values.
    static func stateValue(_ text: String, command: CommandSpecification) throws -> JSONValue {
        do {
            return try JSONParser().parse(text)
        } catch {
            let start = text.first { !$0.isWhitespace }
            guard let start, "[{\"".contains(start) else { return .string(text) }
            throw UsageError("VALUE starts like JSON (\(start)) but is not JSON: \(error); "
                             + "fix it, or add --string to store it as text", command: command)
        }
    }

    /// `true`/`on`, `false`/`off`, `increment`, `decrement`, an index, a decimal number (`0.25`, `-1.5e3`;
    /// a whole one is an index), a JSON position (`[0,2]`,
    /// `{"section":0,"row":2}`) or JSON string (`"on"`), else the word itself as a text; nil for
    /// JSON that is no press value (`[1]`, `{"x":1}`).
    static func pressValue(_ text: String) -> PressInput? {
        switch text {
        case "true", "on": return .bool(true)
        case "false", "off": return .bool(false)
        case "increment": return .increment
        case "decrement": return .decrement
        default:
            if let index = Int(text) { return .index(index) }
            if let number = decimalNumber(text) { return PressInput(number: number) }
            guard let first = text.first, first == "[" || first == "{" || first == "\"" else { return .text(text) }
            guard let json = try? JSONParser().parse(text) else { return nil }
            if case .string(let quoted) = json { return .text(quoted) }
            return PressInput(json: json)
        }
    }

    /// `text` as a number when it is written as one in decimal (`0.25`, `-3`, `1e3`), nil otherwise:
    /// `nan`, `inf` and hexadecimal are words, and a date such as `2026-11-23` is a text.
    static func decimalNumber(_ text: String) -> Double? {
        let isDigit = { (character: Character) in ("0"..."9").contains(character) }
        guard text.contains(where: isDigit), text.allSatisfy({ isDigit($0) || "+-.eE".contains($0) }),
              let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// `key`'s answer as the daemon wrote it.
    static func keyJSON(_ outcome: KeyOutcome) -> JSONValue {
        ["key": .string(outcome.key), "handled": .bool(outcome.handled),
         "controller": outcome.controller.map(JSONValue.string) ?? .null, "focused": outcome.focused?.json ?? .null]
    }

    /// `Tab: focus Button increment "+1" (Home)`, `ArrowUp: not handled; focus none (Home)`.
    static func keyLine(_ outcome: KeyOutcome, formatter: SnapshotFormatter) -> String {
        let focus = outcome.focused.map(formatter.line) ?? "none"
        return "\(outcome.key): \(outcome.handled ? "" : "not handled; ")focus \(focus) (\(outcome.controller ?? "no controller"))"
    }

    private static func exclusiveFlags(_ line: ParsedCommandLine, _ yes: String, _ no: String) throws(UsageError) -> Bool? {
        switch (line.flag(yes), line.flag(no)) {
        case (true, true): throw UsageError("give --\(yes) or --\(no), not both", command: line.command)
        case (true, false): return true
        case (false, true): return false
        case (false, false): return nil
        }
    }

    /// `update` and `reset`: the same call shape and output.
    private static func refresh<Request: RefreshRequest>(_ type: Request.Type, _ invocation: Invocation) throws {
        let changes = try invocation.connect().send(Request(ref: invocation.line.argument("ref").map { ElementLocator($0) }, controller: invocation.controller))
        let json: JSONValue = ["controller": .string(changes.controller), "changed": .array(changes.changed.map(JSONValue.string))]
        invocation.output(json) {
            changes.changed.isEmpty ? "\(changes.controller): nothing changed"
                : "\(changes.controller): changed \(changes.changed.joined(separator: " "))"
        }
    }
}
