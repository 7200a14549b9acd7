/// One finding of a storyboard check: how bad it is, where (a JSON path into the
/// document), what is wrong, and the names probably meant.
///
/// ```
/// $.controllers[0].view.children[2].param: error: 'push' opens 'Setings', which is not a declared controller; declared: Home, Settings; did you mean 'Settings'?
/// ```
///
/// An error means the storyboard cannot work as written: loading refuses it. A
/// warning names something that may still be supplied later (a task registered
/// at run time, a state key set by Swift code or by a task): loading goes on and
/// logs it. See ``StoryboardCheck`` for which is which.
public struct StoryboardDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case warning
        case error
    }

    public enum Problem: Hashable, Sendable {
        /// What reading refuses (the reader stops at the first such mistake).
        case invalid(StoryboardError.Reason)
        /// A task that neither the built-in tasks nor the host provide.
        case unknownTask(name: String)
        /// `clientTasks` names a task the host already has, which no client can take.
        case clientTaskTaken(name: String)
        /// A built-in task given a param it always refuses (`push` without a screen, `set` without `key=value`).
        case unusableParam(task: String, reason: String)
        /// `push` to a screen that is neither declared nor registered by the host.
        case undeclaredController(identifier: String, declared: [String])
        /// `alert` naming an alert that is neither declared nor registered by the host.
        case undeclaredAlert(identifier: String, declared: [String])
        /// A state key a binding or a task's param reads that the storyboard's `state` does not declare;
        /// `writtenAt` is where the storyboard itself sets it, if anywhere.
        case undeclaredStateKey(key: String, writtenAt: String?, swiftMaySetIt: Bool)
        /// A `{key:format}` in a task's param whose format cannot be read (a binding's is refused when read).
        case badFormat(placeholder: String, reason: String)
        /// A number format applied to a key whose starting value is not a number (nor text that reads as one).
        case formatOnNonNumber(placeholder: String, key: String, startsAs: String)
        /// An element a person operates that has no accessible name (no `label`, no text of its own).
        case unnamedElement(type: String, role: String)
    }

    public let severity: Severity
    /// Where the problem is, as a JSON path (`$.controllers[0].view.children[2].task`).
    public let path: String
    public let problem: Problem
    /// The names probably meant, nearest first (``SlamSuggestions/NameSuggestions``); empty when none is near.
    public let suggestions: [String]

    public init(severity: Severity, path: String, problem: Problem, suggestions: [String] = []) {
        self.severity = severity
        self.path = path
        self.problem = problem
        self.suggestions = suggestions
    }

    /// What reading refused, as an error.
    public init(_ error: StoryboardError) {
        self.init(severity: .error, path: error.path, problem: .invalid(error.reason), suggestions: error.suggestions)
    }

    /// This diagnostic as an error (what `--strict` makes of a warning).
    public var asError: StoryboardDiagnostic {
        StoryboardDiagnostic(severity: .error, path: path, problem: problem, suggestions: suggestions)
    }

    /// What is wrong, ending in "did you mean" when a name was probably mistyped.
    public var message: String { explanation + StoryboardError.didYouMean(suggestions) }

    private var explanation: String {
        switch problem {
        case .invalid(let reason):
            return StoryboardError(path: path, reason: reason).explanation
        case .unknownTask(let name):
            return "unknown task '\(name)' (a press fails unless a client runs it: tasks.register, slamctl serve-task)"
        case .clientTaskTaken(let name):
            return "'\(name)' is one of the application's own tasks: no client can run it (tasks.register refuses it)"
        case let .unusableParam(task, reason):
            return "'\(task)' cannot run: \(reason)"
        case let .undeclaredController(identifier, declared):
            return "'push' opens '\(identifier)', which is not a declared controller; declared: \(declared.joined(separator: ", "))"
        case let .undeclaredAlert(identifier, declared):
            let known = declared.isEmpty ? "none is declared" : "declared: \(declared.joined(separator: ", "))"
            return "'alert' presents '\(identifier)', which is not a declared alert; \(known)"
        case let .undeclaredStateKey(key, writtenAt, swiftMaySetIt):
            return if let writtenAt {
                "state key '\(key)' is not declared in 'state': it reads as nothing until \(writtenAt) sets it"
            } else if swiftMaySetIt {
                "state key '\(key)' is not declared in 'state': it reads as nothing unless Swift code sets it"
            } else {
                "state key '\(key)' is not declared in 'state' and nothing in the storyboard sets it (declare it there; null will do)"
            }
        case let .badFormat(placeholder, reason):
            return "\(placeholder): \(reason)"
        case let .formatOnNonNumber(placeholder, key, startsAs):
            return "\(placeholder) formats a number, but state key '\(key)' starts as \(startsAs): it shows as plain text until it holds a number"
        case let .unnamedElement(type, role):
            return "this \(type) (role \(role)) has no accessible name: assistive technology announces only its role, and role locators cannot name it; give it a \"label\""
        }
    }

    /// `$.path: severity: message`.
    public var description: String { "\(path): \(severity.rawValue): \(message)" }

    /// `FILE:$.path: severity: message`, as compilers name a place in a file.
    public func formatted(file: String) -> String { "\(file):\(description)" }
}
