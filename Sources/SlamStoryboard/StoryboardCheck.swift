import SlamJSON
import SlamSuggestions
import SlamUI

/// Finds what would go wrong in a storyboard that reads well: tasks nobody
/// registered, `push` and `alert` targets that are not declared, state keys that
/// the state does not hold, params a built-in task always refuses.
///
/// ```swift
/// let diagnostics = StoryboardCheck(host: .storyboardOnly).diagnostics(of: storyboard)
/// ```
///
/// What is an error and what a warning depends on what else can supply a name
/// (Protocol/README.md, "Storyboard checks"):
///
/// | finding | severity |
/// |---|---|
/// | a task that is neither built in nor registered by the host | warning: Swift code (and, once clients can, a client) may register it before it runs |
/// | a built-in task's param it always refuses (`push` with none, `set` without `=`) | error |
/// | `push` to a screen neither declared nor registered by the host | error: nothing can add a screen later |
/// | `alert` naming an alert neither declared nor registered by the host | error |
/// | a state key read (a binding, a `{key}` in a task's param) that `state` does not declare | warning when the storyboard sets it (a task's target, a control's own value) or the host runs Swift code; error otherwise |
/// | a number format (`{total:.2f}`) on a key whose starting value is not a number | warning: it shows plain text until the key holds a number |
/// | a format that cannot be read in a task's param (in a binding, reading refuses it) | error |
///
/// With `strict`, every warning is an error. Mistakes that reading refuses
/// (duplicate references, values of the wrong type) are ``StoryboardError``s
/// and never get this far.
public struct StoryboardCheck {
    /// What the program hosting a storyboard provides besides the storyboard itself.
    public struct Host {
        /// Tasks registered before the storyboard runs, built-in ones included.
        public var taskNames: Set<String>
        /// Screens `push` can open that the storyboard does not declare.
        public var controllerIdentifiers: Set<String>
        /// Alerts the `alert` task can present that the storyboard does not declare.
        public var alertIdentifiers: Set<String>
        /// State keys the host holds or sets before the storyboard runs.
        public var stateKeys: Set<String>
        /// Whether Swift code runs beside the storyboard (and so may set any state key at any time).
        public var runsSwiftCode: Bool

        /// What `application` holds now (its tasks, screens, alerts and state keys).
        public init(application: Application, runsSwiftCode: Bool = true) {
            self.taskNames = Set(application.tasks.names)
            self.controllerIdentifiers = Set(application.controllerIdentifiers)
            self.alertIdentifiers = Set(application.alertIdentifiers)
            self.stateKeys = Set(application.state.keys)
            self.runsSwiftCode = runsSwiftCode
        }

        /// `slamd --storyboard`: the built-in tasks and nothing else; no Swift code.
        public static var storyboardOnly: Host { Host(application: Application(), runsSwiftCode: false) }
    }

    public let host: Host
    /// Makes every warning an error (`slamd --strict`).
    public let strict: Bool

    public init(host: Host, strict: Bool = false) {
        self.host = host
        self.strict = strict
    }

    /// Everything found in `storyboard`, in document order: the controllers' elements depth first, then the alerts.
    public func diagnostics(of storyboard: Storyboard) -> [StoryboardDiagnostic] {
        var walk = Walk(storyboard: storyboard, host: host)
        let found = walk.run()
        return strict ? found.map(\.asError) : found
    }
}

extension StoryboardCheck {
    /// One pass over a storyboard: every task use and every state key read, each with its path.
    private struct Walk {
        let storyboard: Storyboard
        let host: Host
        let controllers: [String]
        let alerts: [String]
        let taskNames: [String]
        /// Where the storyboard first sets each key it does not declare (a task's param, a control's binding).
        var writtenKeys: [String: String] = [:]
        /// Keys read, with the path of the binding or param that reads them and its place in the document.
        var readKeys: [(key: String, path: String, order: Int)] = []
        /// The place in the document of what is looked at next: findings are sorted by it.
        var order = 0
        var found: [(order: Int, diagnostic: StoryboardDiagnostic)] = []

        init(storyboard: Storyboard, host: Host) {
            self.storyboard = storyboard
            self.host = host
            let declared = storyboard.controllers.map(\.identifier)
            self.controllers = declared + host.controllerIdentifiers.subtracting(declared).sorted()
            let declaredAlerts = storyboard.alerts.map(\.identifier)
            self.alerts = declaredAlerts + host.alertIdentifiers.subtracting(declaredAlerts).sorted()
            self.taskNames = host.taskNames.sorted()
        }

        mutating func run() -> [StoryboardDiagnostic] {
            let clientTasksPath = JSONPath.root.appending(key: "clientTasks")
            for (index, name) in storyboard.clientTasks.enumerated() where host.taskNames.contains(name) {
                report(.error, clientTasksPath.appending(index: index).description, .clientTaskTaken(name: name), near: nil, in: [])
            }
            let controllersPath = JSONPath.root.appending(key: "controllers")
            for (index, controller) in storyboard.controllers.enumerated() {
                element(controller.view, at: controllersPath.appending(index: index).appending(key: "view"))
            }
            let alertsPath = JSONPath.root.appending(key: "alerts")
            for (index, alert) in storyboard.alerts.enumerated() {
                let buttonsPath = alertsPath.appending(index: index).appending(key: "buttons")
                for (buttonIndex, button) in alert.actions.enumerated() {
                    guard let task = button.task else { continue }
                    use(task: task, param: button.param, at: buttonsPath.appending(index: buttonIndex))
                }
            }
            // Keys are judged once every writer is known: a task further down may set a key read above.
            for (key, path, order) in readKeys {
                self.order = order
                judge(key: key, at: path)
            }
            return found.sorted { $0.order < $1.order }.map(\.diagnostic)
        }

        private mutating func element(_ element: Storyboard.ElementDeclaration, at path: JSONPath) {
            let values = Dictionary(element.properties.map { ($0.descriptor.name, $0.value) }) { first, _ in first }
            if case .string(let task)? = values["task"] {
                let param: String? = if case .string(let text)? = values["param"] { text } else { nil }
                use(task: task, param: param, at: path)
            }
            if let change = element.changeTask {
                use(task: change.name, param: change.param, at: path, taskMember: "changeTask", paramMember: "changeParam")
            }
            // A user changes a control's own value (a switch, a field's text, a selection), which is written
            // back to a plain key: that key is set by the storyboard. A button's text or a table's rows are not.
            for (property, binding) in element.bindings {
                let bindPath = path.appending(key: "bind").appending(key: property).description
                for key in binding.keys { read(key, at: bindPath) }
                if case .template(let template) = binding { formats(of: template, at: bindPath) }
                if element.type.userInputProperties.contains(property), case .key(let key, _) = binding {
                    written(key, at: bindPath)
                }
            }
            unnamed(element, at: path)
            let childrenPath = path.appending(key: "children")
            for (index, child) in element.children.enumerated() {
                self.element(child, at: childrenPath.appending(index: index))
            }
        }

        /// Warns about an element a person operates whose declaration gives it no accessible name; a name
        /// bound to the state (`bind.text`) or set by Swift code may still come at run time.
        private mutating func unnamed(_ element: Storyboard.ElementDeclaration, at path: JSONPath) {
            let probe = element.type.make(element.reference)
            for (descriptor, value) in element.properties { descriptor.write?(probe, value) }
            element.accessibility.apply(to: probe)
            let role = probe.accessibilityRole
            guard AccessibilityRole.interactive.contains(role), probe.accessibleName.isEmpty,
                  // A text field's text is its value, not its name: only its placeholder names it.
                  !element.bindings.contains(where: { $0.property == (probe is TextField ? "placeholder" : "text") }) else { return }
            report(.warning, path.description, .unnamedElement(type: element.type.name, role: role.rawValue), near: nil, in: [])
        }

        /// `task` with `param`, used by the element or alert button at `path` (as its `task` and `param`, or its `changeTask` and `changeParam`).
        private mutating func use(task: String, param: String?, at path: JSONPath, taskMember: String = "task", paramMember: String = "param") {
            let taskPath = path.appending(key: taskMember).description
            let paramPath = path.appending(key: paramMember).description
            guard host.taskNames.contains(task) else {
                // A task the storyboard says a client supplies is no mistake.
                if !storyboard.clientTasks.contains(task) {
                    report(.warning, taskPath, .unknownTask(name: task), near: task, in: taskNames + storyboard.clientTasks)
                }
                return
            }
            switch task {
            case "push", "alert", "url":
                guard let param, !param.isEmpty else {
                    let needs = ["push": "the id of a controller", "alert": "the id of an alert", "url": "an address"][task]!
                    report(.error, param == nil ? taskPath : paramPath, .unusableParam(task: task, reason: "its param must be \(needs)"))
                    return
                }
                if task == "push", !controllers.contains(param) {
                    report(.error, paramPath, .undeclaredController(identifier: param, declared: controllers), near: param, in: controllers)
                } else if task == "alert", !alerts.contains(param) {
                    report(.error, paramPath, .undeclaredAlert(identifier: param, declared: alerts), near: param, in: alerts)
                }
            default:
                do throws(SlamError) {
                    guard let keys = try Application.stateTaskKeys(task: task, param: param) else { return }
                    written(keys.written, at: paramPath)
                    for key in keys.read { read(key, at: paramPath) }
                    // A param that is not a template is kept as it is when the task runs, but one whose
                    // placeholders read well and whose format does not is a mistake.
                    if let param, param.contains("{") {
                        do throws(StateBindingError) {
                            formats(of: try StateBinding.Template(parsing: param), at: paramPath)
                        } catch {
                            if case let .badFormat(_, placeholder, formatError) = error {
                                report(.error, paramPath, .badFormat(placeholder: placeholder, reason: formatError.description))
                            }
                        }
                    }
                } catch {
                    let reason = if case .taskFailed(_, let reason) = error { reason } else { error.description }
                    report(.error, param == nil ? taskPath : paramPath, .unusableParam(task: task, reason: reason))
                }
            }
        }

        /// Number formats applied to keys that start as something else: they show plain text until then.
        private mutating func formats(of template: StateBinding.Template, at path: String) {
            for (key, format) in template.formattedKeys where format.formatsNumbers {
                guard let start = storyboard.initialState[key], !start.isNull, FormatSpec.number(start) == nil else { continue }
                report(.warning, path, .formatOnNonNumber(placeholder: "{\(key):\(format.text)}", key: key,
                                                          startsAs: "\(start.kindName) (\(start.jsonText))"))
            }
        }

        private mutating func read(_ key: String, at path: String) {
            readKeys.append((key, path, order))
            order += 1
        }

        private mutating func written(_ key: String, at path: String) {
            if writtenKeys[key] == nil { writtenKeys[key] = path }
        }

        private mutating func judge(key: String, at path: String) {
            guard storyboard.initialState[key] == nil, !host.stateKeys.contains(key) else { return }
            let writtenAt = writtenKeys[key]
            let known = Array(storyboard.initialState.keys).sorted() + host.stateKeys.sorted() + writtenKeys.keys.sorted()
            let severity: StoryboardDiagnostic.Severity = writtenAt != nil || host.runsSwiftCode ? .warning : .error
            report(severity, path, .undeclaredStateKey(key: key, writtenAt: writtenAt, swiftMaySetIt: host.runsSwiftCode),
                   near: key, in: known.filter { $0 != key })
        }

        private mutating func report(_ severity: StoryboardDiagnostic.Severity, _ path: String, _ problem: StoryboardDiagnostic.Problem,
                                     near name: String? = nil, in candidates: [String] = []) {
            let suggestions = name.map { NameSuggestions.nearest(to: $0, in: candidates) } ?? []
            found.append((order, StoryboardDiagnostic(severity: severity, path: path, problem: problem, suggestions: suggestions)))
            order += 1
        }
    }
}
