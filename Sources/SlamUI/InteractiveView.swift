/// An element with a configurable action when a user interacts with it (the
/// seed's `SlamInteractiveProtocol`).
///
/// ``pressAction()`` runs the ``pressActionBlock`` when there is one, otherwise the
/// named ``task`` with its ``param``; then, when ``autoUI`` is set, updates the
/// element's whole controller.
public protocol InteractiveView: View {
    var pressActionBlock: (() -> Void)? { get set }
    /// The name of a registered task to run when pressed (when there is no block).
    var task: String? { get set }
    /// The optional parameter passed to ``task``.
    var param: String? { get set }
    /// Whether a press updates the element's whole controller afterwards.
    var autoUI: Bool { get set }
}

extension InteractiveView {
    /// Invokes the configured action: the block, else the task; then autoUI.
    ///
    /// - Throws: ``SlamError/unknownTask(name:)`` or ``SlamError/taskFailed(name:reason:)``
    ///   from the task; the autoUI update still happens for a block.
    public func pressAction() throws(SlamError) {
        if let pressActionBlock {
            pressActionBlock()
        } else if let task, !task.isEmpty {
            guard let application = controller?.application else { throw .noController }
            try application.runTask(name: task, param: param, sender: self)
        }
        if autoUI {
            // After a `push`/`pop` task the element's controller may no longer be on top;
            // it is still the one to update, as the seed says.
            controller?.updateUI()
        }
    }
}

/// The base of Slam's pressable controls: a ``Control`` that is an ``InteractiveView``.
open class InteractiveControl: Control, InteractiveView {
    /// Runs when pressed, instead of ``task``; nil: run the task.
    public var pressActionBlock: (() -> Void)?
    /// The name of a registered task to run when pressed (when there is no block).
    public var task: String? {
        didSet { if !oldValue.isExactly(task) { markChanged() } }
    }
    /// The optional parameter passed to ``task``.
    public var param: String? {
        didSet { if !oldValue.isExactly(param) { markChanged() } }
    }
    /// Whether a press updates the element's whole controller afterwards.
    public var autoUI = false {
        didSet { if oldValue != autoUI { markChanged() } }
    }

    open override class var typeName: String { "InteractiveControl" }
    open override class var properties: [PropertyDescriptor] { interactiveProperties }

    /// The properties every pressable control has: a control's, plus `task`, `param` and `autoUI` (for subclasses).
    public static let interactiveProperties: [PropertyDescriptor] = controlProperties + [
        .optionalString("task", \InteractiveControl.task) { $0.task },
        .optionalString("param", \InteractiveControl.param) { $0.param },
        .bool("autoUI", \InteractiveControl.autoUI) { $0.autoUI },
    ]

    /// Applies a user's input (the value of a press), before the action runs.
    /// Subclasses override this to interpret `value`; the default takes none.
    open func applyPress(_ value: PressValue?) throws(SlamError) {
        if let value {
            throw .invalidPress(reference: referenceOrPath, reason: "a \(Self.typeName) takes no press value, got \(value)")
        }
    }

    /// A user press: refuses hidden or disabled controls, applies the value, then runs ``pressAction()``.
    open override func press(_ value: PressValue?) throws(SlamError) {
        try requireInteractable()
        let before = changeTask == nil ? nil : userInputValues
        try applyPress(value)
        if !stateBindings.isEmpty { writeBackStateBindings() }
        if let before, before != userInputValues { userChangedValue() }
        try pressAction()
    }
}
