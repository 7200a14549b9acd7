/// The built-in tasks that change the shared state, so a storyboard-only app
/// can be interactive: a button with `"task": "increment", "param": "count"`.
///
/// | task | param | effect |
/// |---|---|---|
/// | `set` | `key=value` | stores the value |
/// | `toggle` | `key` | stores the opposite of the key's truthiness |
/// | `increment` | `key` or `key=amount` | adds 1 (or the amount, maybe negative) to a number (null counts as 0) |
/// | `append` | `key=value` | appends the value to a list (null counts as empty) |
/// | `remove` | `key=value` or `key[index]` | removes every item equal to the value, or the item at the index |
///
/// A value is `{other}` (that key's value, as it is), `true`, `false`, `null`, a
/// number, `"quoted text"`, or text in which each `{key}` is replaced by its value.
/// Every failure names the task, the param and what was wrong (`-32010` over the protocol).
extension Application {
    /// The names of the built-in state tasks.
    public static let stateTaskNames = ["set", "toggle", "increment", "append", "remove"]

    func installStateTasks() {
        tasks.addTask(name: "set") { [unowned self] param throws(SlamError) in
            let (key, text) = try Self.assignment("set", param)
            state.set(key, value(of: text))
        }
        tasks.addTask(name: "toggle") { [unowned self] param throws(SlamError) in
            let key = try Self.key("toggle", param)
            state.set(key, .bool(!(state[key]?.isTruthy ?? false)))
        }
        tasks.addTask(name: "increment") { [unowned self] param throws(SlamError) in
            let (key, amountText) = try Self.optionalAssignment("increment", param)
            let amount = amountText.map(value(of:)) ?? 1
            guard let step = amount.doubleValue else {
                throw .taskFailed(name: "increment", reason: "the amount must be a number, got \(amount.kindName) (param \"\(param ?? "")\")")
            }
            switch state[key] ?? .null {
            case .null:
                state.set(key, amount)
            case .integer(let value):
                guard case .integer(let integerStep) = amount else {
                    state.set(key, .double(Double(value) + step))
                    return
                }
                let (sum, overflow) = value.addingReportingOverflow(integerStep)
                guard !overflow else { throw .taskFailed(name: "increment", reason: "'\(key)' would overflow") }
                state.set(key, .integer(sum))
            case .double(let value):
                state.set(key, .double(value + step))
            case let other:
                throw .taskFailed(name: "increment", reason: "'\(key)' holds \(other.kindName), not a number")
            }
        }
        tasks.addTask(name: "append") { [unowned self] param throws(SlamError) in
            let (key, text) = try Self.assignment("append", param)
            let item = value(of: text)
            if item == "" || item == .null { throw .taskFailed(name: "append", reason: "nothing to append: \"\(text)\" is empty") }
            var list = try list(key, for: "append")
            list.append(item)
            state.set(key, .list(list))
        }
        tasks.addTask(name: "remove") { [unowned self] param throws(SlamError) in
            switch try Self.removal(param) {
            case let .index(key, text):
                let indexText = expand(text)
                var list = try list(key, for: "remove")
                guard let index = Int(indexText), list.indices.contains(index) else {
                    throw .taskFailed(name: "remove", reason: "no item \(indexText.isEmpty ? "(none selected)" : indexText) in '\(key)' (\(list.count) items)")
                }
                list.remove(at: index)
                state.set(key, .list(list))
            case let .value(key, valueText):
                let item = value(of: valueText)
                let list = try list(key, for: "remove")
                state.set(key, .list(list.filter { $0 != item }))
            }
        }
    }

    /// The state keys a built-in state task's param names, worked out without running it: the key
    /// it writes and the keys its value reads (`todos={draft}` writes `todos` and reads `draft`).
    /// Nil for a task that is not a built-in state task. Storyboard checks use it.
    ///
    /// - Throws: ``SlamError/taskFailed(name:reason:)`` when the task refuses the param whatever
    ///   the state holds (no param, `set` without `=`), with the reason a run would give.
    public static func stateTaskKeys(task: String, param: String?) throws(SlamError) -> (written: String, read: [String])? {
        switch task {
        case "set", "append":
            let (key, text) = try assignment(task, param)
            return (key, templateKeys(text))
        case "toggle":
            return (try key(task, param), [])
        case "increment":
            let (key, amount) = try optionalAssignment(task, param)
            return (key, amount.map(templateKeys) ?? [])
        case "remove":
            switch try removal(param) {
            case let .index(key, text), let .value(key, text): return (key, templateKeys(text))
            }
        default:
            return nil
        }
    }

    /// The keys `{key}` placeholders in a param's text read (none when it is not a valid template: it is then kept as is).
    private static func templateKeys(_ text: String) -> [String] {
        guard text.contains("{") || text.contains("}") else { return [] }
        return (try? StateBinding.Template(parsing: text))?.keys ?? []
    }

    /// What `remove` takes away: the item at an index (`key[index]`) or every item equal to a value (`key=value`).
    private enum Removal {
        case index(key: String, text: String)
        case value(key: String, text: String)
    }

    private static func removal(_ param: String?) throws(SlamError) -> Removal {
        let text = try nonEmpty("remove", param)
        if text.hasSuffix("]"), let open = text.lastIndex(of: "["), !text.contains("=") {
            return .index(key: String(text[..<open]), text: String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
        }
        let (key, valueText) = try assignment("remove", param)
        return .value(key: key, text: valueText)
    }

    /// The value a task param's right-hand side stands for (see the table above).
    func value(of text: String) -> StateValue {
        if text.hasPrefix("{"), text.hasSuffix("}"), let key = (try? StateBinding.Template(parsing: text))?.soleKey {
            return state[key] ?? .null
        }
        let expanded = expand(text)
        switch expanded {
        case "true": return true
        case "false": return false
        case "null": return .null
        default: break
        }
        if let integer = Int(expanded) { return .integer(integer) }
        if let double = Double(expanded), double.isFinite, expanded.contains(where: \.isNumber) { return .double(double) }
        if expanded.count >= 2, expanded.hasPrefix("\""), expanded.hasSuffix("\"") {
            return .string(String(expanded.dropFirst().dropLast()))
        }
        return .string(expanded)
    }

    /// `text` with each `{key}` replaced by that key's value as text (text that is not a valid template is kept as is).
    func expand(_ text: String) -> String {
        guard text.contains("{") || text.contains("}"), let template = try? StateBinding.Template(parsing: text) else { return text }
        return template.render(state)
    }

    private func list(_ key: String, for task: String) throws(SlamError) -> [StateValue] {
        switch state[key] ?? .null {
        case .null: return []
        case .list(let items): return items
        case let other: throw .taskFailed(name: task, reason: "'\(key)' holds \(other.kindName), not a list")
        }
    }

    private static func nonEmpty(_ task: String, _ param: String?) throws(SlamError) -> String {
        guard let param, !param.isEmpty else {
            throw .taskFailed(name: task, reason: "it needs a param (see the built-in state tasks)")
        }
        return param
    }

    private static func key(_ task: String, _ param: String?) throws(SlamError) -> String {
        let key = try nonEmpty(task, param)
        guard !key.contains("=") else { throw .taskFailed(name: task, reason: "its param is a key, got \"\(key)\"") }
        return key
    }

    private static func assignment(_ task: String, _ param: String?) throws(SlamError) -> (String, String) {
        let (key, value) = try optionalAssignment(task, param)
        guard let value else { throw .taskFailed(name: task, reason: "its param is key=value, got \"\(param ?? "")\"") }
        return (key, value)
    }

    private static func optionalAssignment(_ task: String, _ param: String?) throws(SlamError) -> (String, String?) {
        let text = try nonEmpty(task, param)
        guard let equals = text.firstIndex(of: "=") else { return (text, nil) }
        let key = String(text[..<equals])
        guard !key.isEmpty else { throw .taskFailed(name: task, reason: "no key before '=' in \"\(text)\"") }
        return (key, String(text[text.index(after: equals)...]))
    }
}
