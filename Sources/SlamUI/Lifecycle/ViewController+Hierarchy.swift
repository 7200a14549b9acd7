/// Which controller is shown on which (the seed's
/// `InspectablePresentedViewController`), read from the application's stack.
///
/// A controller not on a stack has none of these. A controller instance
/// pushed twice answers for its topmost entry.
extension ViewController {
    /// This controller's entry on its application's stack: whether it was
    /// pushed or presented modally. Nil while not shown.
    public var presentation: Application.Presentation? {
        guard let stack = application?.stack, let index = stackIndex(in: stack) else { return nil }
        return stack[index]
    }

    /// The controller this one was pushed or presented on (the one below it
    /// on the stack); nil for the root and for controllers not shown.
    public var presentingController: ViewController? {
        guard let stack = application?.stack, let index = stackIndex(in: stack), index > 0 else { return nil }
        return stack[index - 1].controller
    }

    /// The controller pushed or presented on this one (the one above it on
    /// the stack); nil when this one is on top or not shown.
    public var presentedController: ViewController? {
        guard let stack = application?.stack, let index = stackIndex(in: stack), index + 1 < stack.count else { return nil }
        return stack[index + 1].controller
    }

    private func stackIndex(in stack: [Application.Presentation]) -> Int? {
        stack.lastIndex { $0.controller === self }
    }
}
