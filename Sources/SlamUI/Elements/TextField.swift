/// A one-line text entry (the seed's `SlamTextField`) with the editing events
/// the seed promises: ``editingDidBeginBlock`` when it takes the focus,
/// ``editingChangedBlock`` for each change a user makes, ``editingDidEndBlock``
/// when they finish, and a return-key action (``returnActionBlock``, or the
/// `task`/`param` a storyboard names, as for a button).
///
/// A person types into it key by key once it has the focus (``Application/pressKey(_:)``);
/// ``enterText(_:)`` replaces the whole text at once. A ``isSecure`` field never
/// shows its text: snapshots report one "•" per character. ``maxLength`` limits
/// what a user can enter (typing past it does nothing; a longer `setText` is cut);
/// text set from code or a data source is shown as it is.
public final class TextField: InteractiveControl, FocusableView {
    /// The text shown; set statically, by ``textDataSource``, or typed by a user.
    public var text = "" {
        didSet { if !oldValue.isExactly(text) { markChanged() } }
    }
    /// The hint shown while the field is empty.
    public var placeholder = "" {
        didSet { if !oldValue.isExactly(placeholder) { markChanged() } }
    }
    /// Hides the text, as a password field does.
    public var isSecure = false {
        didSet { if oldValue != isSecure { markChanged() } }
    }
    /// The most characters a user can enter; nil for no limit.
    public var maxLength: Int? {
        didSet {
            if let maxLength, maxLength < 0 { self.maxLength = 0 }
            if oldValue != maxLength { markChanged() }
        }
    }
    /// Computes ``text`` on each update (replacing what a user typed); nil leaves it as set.
    public var textDataSource: (() -> String)?
    /// Called when the field takes the focus.
    public var editingDidBeginBlock: (() -> Void)?
    /// Called with the new text after each change a user makes.
    public var editingChangedBlock: ((String) -> Void)?
    /// Called with the final text when a user finishes editing (the focus leaves, or after `setText`).
    public var editingDidEndBlock: ((String) -> Void)?
    /// Called when a user presses Enter in the field (else the field's `task` runs).
    public var returnActionBlock: (() -> Void)? {
        get { pressActionBlock }
        set { pressActionBlock = newValue }
    }

    public override class var typeName: String { "TextField" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.textbox] }
    /// The text as a person sees it (bullets when secure).
    public override var accessibleValue: String? { text.isEmpty ? nil : shownText }
    public override var accessibleContentName: String? { placeholder.isEmpty ? nil : placeholder }
    public override class var summary: String { "A one-line text entry; Enter runs its return action." }
    public override class var pressValues: [PressValueKind] { [.none] }
    public override class var handledKeys: [Key] { [.backspace, .enter] }
    public override class var takesText: Bool { true }
    public override class var primaryProperty: String { "text" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["text"] }
    /// A change task waits for a pause in typing, so that "120" typed key by key runs it once.
    public override class var defaultChangeDebounceMilliseconds: Int { 300 }
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [
        // A secure field's text is never shown, in snapshots or anywhere else that reads properties.
        PropertyDescriptor("text", kind: .string, read: { .string(unsafeDowncast($0, to: TextField.self).shownText) },
                           write: { ($0 as! TextField).text = $1.stringValue ?? "" }).noted("one “•” per character when `secure`"),
        .string("placeholder", \TextField.placeholder) { $0.placeholder },
        .bool("secure", \TextField.isSecure) { $0.isSecure },
        .optionalInteger("maxLength", \TextField.maxLength) { $0.maxLength },
    ]

    /// The text as users see it: one "•" per character when the field is secure.
    public var shownText: String {
        isSecure ? String(repeating: "\u{2022}", count: text.count) : text
    }

    public override func fillUI() {
        super.fillUI()
        if let textDataSource { text = textDataSource() }
    }

    /// A tap: the field takes the focus. A text field takes no press value.
    public override func press(_ value: PressValue?) throws(SlamError) {
        if let value {
            throw .invalidPress(reference: referenceOrPath, reason: "a TextField takes no press value, got \(value); use setText or typeText")
        }
        try requireInteractable()
        guard let application = controller?.application else { throw .noController }
        try application.focus(self)
    }

    /// A user replaces the text: editing began, changed (when it did change), then did end.
    /// In a field that has the focus, editing has begun already and ends when the focus
    /// leaves, so only *changed* fires (a renderer sends `setText` as a person types).
    public override func enterText(_ newText: String) throws(SlamError) {
        try requireInteractable()
        let limited = maxLength.map { String(newText.prefix($0)) } ?? newText
        let isEditing = isFocused
        if !isEditing { editingDidBeginBlock?() }
        if limited != text { userChanged(to: limited) }
        if !isEditing { editingDidEndBlock?(text) }
    }

    /// Typing: characters are added at the end, Backspace removes the last one, Enter runs the return action.
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        switch key {
        case .character(let character):
            try requireInteractable()
            if let maxLength, text.count >= maxLength { return true }
            userChanged(to: text + String(character))
            return true
        case .backspace:
            try requireInteractable()
            if !text.isEmpty { userChanged(to: String(text.dropLast())) }
            return true
        case .enter:
            try requireInteractable()
            try pressAction()
            return true
        default:
            return false
        }
    }

    /// Types `text` key by key, as ``handleKey(_:)`` would take each character ("\n" presses Enter).
    public func type(_ text: String) throws(SlamError) {
        for character in text {
            _ = try handleKey(character.isNewline ? .enter : .character(character))
        }
    }

    /// Taking the focus begins editing.
    public func focusDidBegin() {
        editingDidBeginBlock?()
    }

    /// Losing the focus ends editing.
    public func focusDidEnd() {
        editingDidEndBlock?(text)
    }

    private func userChanged(to newText: String) {
        text = newText
        if !stateBindings.isEmpty { writeBackStateBindings() }
        editingChangedBlock?(newText)
        userChangedValue()
    }

    override func stateWriteBackValue(of descriptor: PropertyDescriptor) -> PropertyValue {
        descriptor.name == "text" ? .string(text) : descriptor.read(self)
    }
}
