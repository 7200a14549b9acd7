/// A one-line text entry (the seed's `SlamTextField`), with the editing events
/// the seed promises: ``editingChangedBlock`` for each change a user makes and
/// ``editingDidEndBlock`` when they finish.
public final class TextField: Control {
    /// The text shown; set statically, by ``textDataSource``, or typed by a user.
    public var text = "" {
        didSet { if oldValue != text { markChanged() } }
    }
    public var placeholder = "" {
        didSet { if oldValue != placeholder { markChanged() } }
    }
    public var textDataSource: (() -> String)?
    /// Called with the new text after a user changes it.
    public var editingChangedBlock: ((String) -> Void)?
    /// Called with the final text when a user finishes editing.
    public var editingDidEndBlock: ((String) -> Void)?

    public override class var typeName: String { "TextField" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = controlProperties + [
        .string("text", \TextField.text) { $0.text },
        .string("placeholder", \TextField.placeholder) { $0.placeholder },
    ]

    public override func fillUI() {
        super.fillUI()
        if let textDataSource { text = textDataSource() }
    }

    /// A user replaces the text: editing changed fires (when it did change), then editing did end.
    public override func enterText(_ newText: String) throws(SlamError) {
        try requireInteractable()
        let changed = newText != text
        text = newText
        if !stateBindings.isEmpty { writeBackStateBindings() }
        if changed { editingChangedBlock?(newText) }
        editingDidEndBlock?(newText)
    }
}
