/// An element a user can operate, which can be disabled (the seed's `SlamControlProtocol`).
public protocol ControlView: View {
    /// Whether the control accepts input now; set statically or by ``enableDataSource``.
    var isEnabled: Bool { get set }
    /// Decides on each update whether the control is enabled.
    var enableDataSource: (() -> Bool)? { get set }
}

/// The base of Slam's controls: a ``View`` with an enabled state.
open class Control: View, ControlView {
    /// Whether the control accepts input now; set statically or by ``enableDataSource``.
    public var isEnabled = true {
        didSet { if oldValue != isEnabled { markChanged() } }
    }
    /// Decides on each update whether the control is enabled; nil keeps ``isEnabled`` as set.
    public var enableDataSource: (() -> Bool)?

    open override class var typeName: String { "Control" }
    open override class var properties: [PropertyDescriptor] { controlProperties }

    open override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        states.disabled = !isEnabled
        return states
    }

    /// The properties every control has: a view's, plus `enabled` and `focused` (for subclasses' ``View/properties``).
    public static let controlProperties: [PropertyDescriptor] = viewProperties + [
        .bool("enabled", \Control.isEnabled) { $0.isEnabled },
        focusedProperty,
    ]

    open override func fillUI() {
        super.fillUI()
        if let enableDataSource { isEnabled = enableDataSource() }
    }

    /// Refuses input while the control is hidden, covered or disabled, as a screen would.
    func requireInteractable() throws(SlamError) {
        try requireReachable()
        if !isEnabled { throw .elementDisabled(reference: referenceOrPath) }
    }
}
