/// Why the framework refused an operation. Each case names what was asked for,
/// so the protocol layer can turn it into a precise error for a remote client.
public enum SlamError: Error, Hashable, Sendable {
    /// No task of that name is registered.
    case unknownTask(name: String)
    /// A task's action failed; `reason` is its error, described.
    case taskFailed(name: String, reason: String)
    /// No controller with that identifier can be created or is on the stack.
    case unknownController(identifier: String)
    /// The stack holds only its root, which cannot be popped.
    case cannotPopRoot(identifier: String)
    /// No element has that reference in the controller.
    case elementNotFound(reference: String, controller: String)
    /// The element exists but is not of the type asked for.
    case wrongElementType(reference: String, expected: String, actual: String)
    /// Two elements of one controller share a reference; both element paths are given.
    case duplicateReference(reference: String, firstPath: String, secondPath: String)
    /// The element does not take presses (a label, a plain view…).
    case notInteractive(reference: String, type: String)
    /// The element is hidden (itself or an ancestor), so a user cannot reach it.
    case elementHidden(reference: String)
    /// The control is disabled.
    case elementDisabled(reference: String)
    /// The element takes presses, but not with that value.
    case invalidPress(reference: String, reason: String)
    /// Text entry on an element that does not take text.
    case notEditable(reference: String, type: String)
    /// The application has no controller to show.
    case noController
    /// A modal screen or an alert covers the element's controller, so a user cannot reach it.
    case elementCovered(reference: String, controller: String, coveredBy: String)
    /// The element cannot hold the keyboard focus (a label, a plain view…).
    case notFocusable(reference: String, type: String)
}

extension SlamError: CustomStringConvertible {
    /// The refusal in one line, naming what was asked for (`no task named 'save'`).
    public var description: String {
        switch self {
        case let .unknownTask(name):
            "no task named '\(name)'"
        case let .taskFailed(name, reason):
            "task '\(name)' failed: \(reason)"
        case let .unknownController(identifier):
            "no controller with identifier '\(identifier)'"
        case let .cannotPopRoot(identifier):
            "cannot pop '\(identifier)': it is the root of the navigation stack"
        case let .elementNotFound(reference, controller):
            "no element with reference '\(reference)' in controller '\(controller)'"
        case let .wrongElementType(reference, expected, actual):
            "element '\(reference)' is a \(actual), not a \(expected)"
        case let .duplicateReference(reference, firstPath, secondPath):
            "reference '\(reference)' is used twice: at \(firstPath) and at \(secondPath)"
        case let .notInteractive(reference, type):
            "element '\(reference)' is a \(type), which cannot be pressed"
        case let .elementHidden(reference):
            "element '\(reference)' is hidden"
        case let .elementDisabled(reference):
            "element '\(reference)' is disabled"
        case let .invalidPress(reference, reason):
            "cannot press '\(reference)': \(reason)"
        case let .notEditable(reference, type):
            "element '\(reference)' is a \(type), which does not take text"
        case .noController:
            "the application has no controller on screen"
        case let .elementCovered(reference, controller, coveredBy):
            "element '\(reference)' cannot be reached: '\(coveredBy)' covers '\(controller)'"
        case let .notFocusable(reference, type):
            "element '\(reference)' is a \(type), which cannot take focus"
        }
    }
}
