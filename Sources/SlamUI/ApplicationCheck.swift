import SlamSuggestions

/// What `APP --check` finds in an application written in Swift, without serving it: each screen
/// the application can show (those on its stack, a new instance of every registered screen and
/// alert, loaded and reset as a push would show them now), and in each, the elements whose
/// `task` or `changeTask` names a task the application does not have, whose `push` names a screen
/// it cannot show, or whose binding reads a state key that holds nothing and that no task sets.
///
/// ```swift
/// let check = ApplicationCheck(application: try MyApplication.make())
/// for line in check.lines(name: "my-app") { print(line) }
/// // my-app:Home/root/done.task: warning: unknown task 'toggel' (…); did you mean 'toggle'?
/// // my-app: 1 warning
/// ```
///
/// Severities follow `slamd --check`'s for storyboards: an unknown task is a warning (a client
/// may register it: `tasks.register`, `slamctl serve-task`), as is a key nothing holds yet (Swift
/// code may set it); a `push` to a screen that is not registered and a screen whose factory
/// fails are errors. With `strict`, every warning is an error. What a state view places depends
/// on the state: rows it does not place now are not seen.
public struct ApplicationCheck {
    /// One finding: where (the screen, the element's ``View/path``, the member), what, and the names probably meant.
    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        /// How serious a finding is: a warning still passes the check, an error fails it.
        public enum Severity: String, Hashable, Sendable {
            case warning
            case error
        }

        /// What is wrong, with the name at fault.
        public enum Problem: Hashable, Sendable {
            /// A task neither built in nor registered by the application.
            case unknownTask(name: String)
            /// `push` to a screen the application does not register.
            case unknownScreen(identifier: String, registered: [String])
            /// A key a binding reads that holds nothing (null) in the application's state and no element's task sets.
            case unsetStateKey(key: String)
            /// A registered screen whose factory fails: a push to it fails too.
            case unbuildableScreen(reason: String)
            /// An element a person operates with no accessible name: assistive technology announces only its role.
            case unnamedElement(role: AccessibilityRole)
        }

        /// Whether the finding fails the check (`error`) or not (`warning`).
        public let severity: Severity
        /// The screen (controller identifier) the element is on.
        public let screen: String
        /// The element's path from its screen's root (empty for the screen itself).
        public let element: String
        /// The member at fault: `task`, `changeTask`, `param`, `bind.text`, or empty.
        public let member: String
        /// What is wrong.
        public let problem: Problem
        /// The names probably meant, nearest first; empty when none is near.
        public let suggestions: [String]

        /// `Home/root/done.task`: the screen, the element's path, the member.
        public var location: String {
            [screen, element].filter { !$0.isEmpty }.joined(separator: "/") + (member.isEmpty ? "" : "." + member)
        }

        /// What is wrong, ending in "did you mean" when a name was probably mistyped.
        public var message: String {
            let explanation = switch problem {
            case .unknownTask(let name):
                "unknown task '\(name)' (a press fails unless a client runs it: tasks.register, slamctl serve-task)"
            case let .unknownScreen(identifier, registered):
                "'push' opens '\(identifier)', which is not a registered screen; registered: \(registered.joined(separator: ", "))"
            case .unsetStateKey(let key):
                "state key '\(key)' is bound, but the application's state holds nothing under it and no element's task sets it: "
                    + "it reads as nothing until Swift code sets it"
            case .unbuildableScreen(let reason):
                "the screen cannot be built (a push to it fails): \(reason)"
            case .unnamedElement(let role):
                "this \(role) has no accessible name (assistive technology announces only 'unlabelled \(role)', and role locators cannot name it): "
                    + "give it an accessibilityLabel"
            }
            return explanation + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))?")
        }

        /// `Home/root/done.task: warning: message`.
        public var description: String { "\(location): \(severity.rawValue): \(message)" }
    }

    /// What the check found, screen by screen, each screen's elements depth first.
    public let findings: [Finding]

    /// Checks `application` as it is now; with `strict`, warnings are errors. Screens are built
    /// apart from the stack (nothing is pushed), but their factories and `viewDidLoad` run.
    public init(application: Application, strict: Bool = false) {
        var walk = Walk(application: application)
        let found = walk.run()
        findings = strict ? found.map { Finding(severity: .error, screen: $0.screen, element: $0.element, member: $0.member,
                                                problem: $0.problem, suggestions: $0.suggestions) } : found
    }

    /// How many findings are errors.
    public var errorCount: Int { findings.count { $0.severity == .error } }
    /// How many findings are warnings.
    public var warningCount: Int { findings.count { $0.severity == .warning } }
    /// No errors (warnings allowed): `APP --check` exits 0, else 1.
    public var passed: Bool { errorCount == 0 }

    /// Each finding as `NAME:location: severity: message`, then a summary line (`NAME: 1 warning`, `NAME: no problems`).
    public func lines(name: String) -> [String] {
        var lines = findings.map { "\(name):\($0)" }
        let counts = [(errorCount, "error"), (warningCount, "warning")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        lines.append("\(name): " + (counts.isEmpty ? "no problems" : counts.joined(separator: ", ")))
        return lines
    }
}

extension ApplicationCheck {
    /// One pass over every screen: task uses first judged at once, keys once every writer is known.
    private struct Walk {
        let application: Application
        let taskNames: [String]
        var findings: [Finding] = []
        /// Keys bound, with where (in order), judged at the end: a task further on may set one.
        var boundKeys: [(key: String, screen: String, element: String, member: String)] = []
        var writtenKeys: Set<String> = []

        init(application: Application) {
            self.application = application
            taskNames = application.tasks.names
        }

        mutating func run() -> [Finding] {
            var screens: [ViewController] = application.stack.map(\.controller)
            let shown = Set(screens.map(\.identifier))
            for identifier in application.controllerIdentifiers where !shown.contains(identifier) {
                do throws(SlamError) {
                    let controller = try application.makeController(identifier: identifier)
                    controller.loadViewIfNeeded()
                    controller.resetUI()
                    screens.append(controller)
                } catch {
                    findings.append(Finding(severity: .error, screen: identifier, element: "", member: "",
                                            problem: .unbuildableScreen(reason: error.description), suggestions: []))
                }
            }
            for identifier in application.alertIdentifiers where !shown.contains(identifier) {
                if let alert = application.makeAlertController(identifier: identifier) {
                    alert.loadViewIfNeeded()
                    alert.resetUI()
                    screens.append(alert)
                }
            }
            for controller in screens {
                controller.view.forEachInTree { element($0, on: controller.identifier) }
            }
            // A binding makes its key exist (holding null): what counts is whether it holds anything.
            for bound in boundKeys where (application.state[bound.key] ?? .null).isNull && !writtenKeys.contains(bound.key) {
                findings.append(Finding(severity: .warning, screen: bound.screen, element: bound.element, member: bound.member,
                                        problem: .unsetStateKey(key: bound.key), suggestions: []))
            }
            return findings
        }

        private mutating func element(_ element: View, on screen: String) {
            if let button = element as? AlertButton, button.action.handler == nil, let task = button.action.task, !task.isEmpty {
                use(task: task, param: button.action.param, by: element, on: screen, member: "task")
            } else if let interactive = element as? InteractiveView, let task = interactive.task, !task.isEmpty {
                use(task: task, param: interactive.param, by: element, on: screen, member: "task")
            }
            if let change = element.changeTask {
                use(task: change.name, param: change.param, by: element, on: screen, member: "changeTask")
            }
            let role = element.accessibilityRole
            if AccessibilityRole.interactive.contains(role), element.accessibleName.isEmpty, !(element is AlertButton) {
                findings.append(Finding(severity: .warning, screen: screen, element: element.path, member: "",
                                        problem: .unnamedElement(role: role), suggestions: []))
            }
            for (property, binding) in element.boundProperties.sorted(by: { $0.key < $1.key }) {
                for key in binding.keys { boundKeys.append((key, screen, element.path, "bind." + property)) }
                // A control bound to a plain key writes what a person changes back to it.
                if case .key(let key, _) = binding { writtenKeys.insert(key) }
            }
        }

        private mutating func use(task: String, param: String?, by element: View, on screen: String, member: String) {
            guard application.tasks.contains(task) else {
                findings.append(Finding(severity: .warning, screen: screen, element: element.path, member: member,
                                        problem: .unknownTask(name: task),
                                        suggestions: NameSuggestions.nearest(to: task, in: taskNames)))
                return
            }
            if task == "push", let param, !application.controllerIdentifiers.contains(param) {
                let registered = application.controllerIdentifiers
                findings.append(Finding(severity: .error, screen: screen, element: element.path, member: "param",
                                        problem: .unknownScreen(identifier: param, registered: registered),
                                        suggestions: NameSuggestions.nearest(to: param, in: registered)))
            }
            if let keys = try? Application.stateTaskKeys(task: task, param: param) { writtenKeys.insert(keys.written) }
        }
    }
}
