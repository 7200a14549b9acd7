/// An element that can hold the keyboard focus: Tab reaches it in tree order,
/// `focus` gives it the focus, and keys go to it while it has it.
///
/// An element takes the focus only while a person could use it: displayed
/// and, for a control, enabled (``View/canTakeFocus``).
public protocol FocusableView: View {
    /// Applies a key pressed while this element has the focus.
    ///
    /// - Returns: false when the element has no use for the key (the screen may then use it).
    /// - Throws: what acting on the key throws (a task that failed).
    func handleKey(_ key: Key) throws(SlamError) -> Bool
    /// Called when the element takes its controller's focus (a text field begins editing).
    func focusDidBegin()
    /// Called when the focus leaves it, or it leaves the tree while focused (a text field ends editing).
    func focusDidEnd()
}

extension FocusableView {
    /// Does nothing by default.
    public func focusDidBegin() {}
    /// Does nothing by default.
    public func focusDidEnd() {}
}

extension View {
    /// Whether the element can take the focus now: focusable, displayed, and enabled when it is a control.
    public var canTakeFocus: Bool {
        self is FocusableView && isDisplayed && ((self as? ControlView)?.isEnabled ?? true)
    }

    /// Whether this element has its controller's focus.
    public var isFocused: Bool {
        controller.map { $0.focusedElement === self } ?? false
    }

    /// The `focused` flag snapshots of focusable elements report (read-only).
    public static let focusedProperty = PropertyDescriptor("focused", kind: .bool, read: { .bool($0.isFocused) }, write: nil)

    /// Refuses input a person could not give: the element (or an ancestor) is hidden,
    /// or a modal screen or an alert covers its controller.
    public func requireReachable() throws(SlamError) {
        if !isDisplayed { throw .elementHidden(reference: referenceOrPath) }
        if let controller, let cover = controller.application?.controllerCovering(controller) {
            throw .elementCovered(reference: referenceOrPath, controller: controller.identifier, coveredBy: cover.identifier)
        }
    }

    /// Refuses what a person could not act on: ``requireReachable()``, or a disabled control.
    public func requireActionable() throws(SlamError) {
        try requireReachable()
        if let control = self as? ControlView, !control.isEnabled { throw .elementDisabled(reference: referenceOrPath) }
    }
}
