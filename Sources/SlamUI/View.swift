/// The base of every Slam element (the seed's `SlamView` and `SlamViewProtocol`):
/// a reference that identifies it within its controller, a visibility data
/// source, and subviews.
///
/// Appearance is pulled from data sources only by ``updateUI()`` (which calls
/// ``fillUI()`` here, then on every subview) and ``resetUI()``; between those
/// calls what an element reports is exactly what the last update produced.
///
/// Subclass it for custom elements: override ``fillUI()`` (call `super`),
/// ``typeName`` and ``properties``.
///
/// ```swift
/// let label = Label(reference: "greeting")
/// label.textDataSource = { "Hello, \(name)" }
/// label.visibleDataSource = { !name.isEmpty }
/// controller.updateUI()
/// ```
open class View {
    /// Identifies the element within its controller; empty for an anonymous element
    /// (shown in trees, not findable). A state view sets the references of the
    /// children it places (`parent/key`).
    public internal(set) var reference: String {
        didSet { if oldValue != reference { dropCachedOutput() } }
    }
    /// The key a state view placed this element under, or nil.
    public internal(set) var placementKey: String?

    /// Whether the element is hidden now; set statically or by ``visibleDataSource``.
    public var isHidden = false {
        didSet { if oldValue != isHidden { markChanged() } }
    }

    /// Decides visibility on each update: `true` shows the element.
    public var visibleDataSource: (() -> Bool)?

    /// How the children are laid out: one below the other (the default) or side by side.
    public var axis: LayoutAxis = .vertical {
        didSet { if oldValue != axis { markChanged() } }
    }

    /// The room between children, in points.
    public var spacing: Double = 8 {
        didSet { if oldValue != spacing { markChanged() } }
    }

    /// The element's children, in order.
    public private(set) var subviews: [View] = []
    /// The element this one is a child of; nil for a root or a detached element.
    public private(set) weak var superview: View?
    /// The controller whose tree holds this element, once attached.
    public internal(set) weak var controller: ViewController? {
        // Snapshots read the controller (a focusable element's `focused`).
        didSet { if oldValue !== controller { dropCachedOutput() } }
    }

    /// Properties that follow the shared state (see ``bind(property:to:in:)``).
    var stateBindings: [PropertyBinding] = []

    /// The accessible name a person's assistive technology reads, when the element's own text does not
    /// say it or says it badly (a switch, a stepper, a button showing `+1`); it wins over that text.
    /// Storyboards: `label`.
    public var accessibilityLabel: String? {
        didSet { if oldValue != accessibilityLabel { markChanged() } }
    }

    /// More about the element than its name says, read after it. Storyboards: `description`.
    public var accessibilityDescription: String? {
        didSet { if oldValue != accessibilityDescription { markChanged() } }
    }

    /// Whether this container is a landmark a person can jump to (role `region`); name it with
    /// ``accessibilityLabel``. Storyboards: `"region": "Name"`.
    public var isRegion = false {
        didSet { if oldValue != isRegion { markChanged() } }
    }

    /// What runs when a person changes this element's value; nil: nothing (see ``ChangeTask``).
    public var changeTask: ChangeTask?

    /// The element's snapshot as JSON text, written by the server once and reused until the
    /// element changes (``markChanged()`` drops it): what makes a reply of unchanged elements a
    /// copy of bytes. Not for apps: the server owns the bytes; this module never reads them.
    @_spi(SnapshotCache) public var cachedSnapshotText: [UInt8]?
    /// The element's own line of the accessibility snapshot, kept and dropped the same way.
    var cachedAccessibilityLine: AccessibilityLine?

    /// Set while the element waits in its controller's list of changed elements.
    var isMarkedChanged = false
    /// The controller pass in which this element last changed.
    var changedInPass = -1

    /// Creates a detached element with `reference` (empty: anonymous); subclasses keep this initializer.
    public required init(reference: String) {
        self.reference = reference
    }

    /// Creates an element with subviews (for building detached trees in code).
    public convenience init(reference: String, subviews: [View]) {
        self.init(reference: reference)
        for subview in subviews {
            subview.superview = self
            self.subviews.append(subview)
        }
    }

    /// The element type name used by storyboards and snapshots (`"Button"`).
    open class var typeName: String { "View" }

    /// The user-visible properties of this type, in snapshot order.
    open class var properties: [PropertyDescriptor] { containerProperties }

    /// The properties a person's input changes (a switch's `isOn`, a field's `text`, a selection):
    /// the ones whose bound state key the element writes back. None for a plain view.
    open class var userInputProperties: Set<String> { [] }

    /// How long a ``changeTask`` waits, by default, for the value to stay unchanged: none here (a control's
    /// change runs it at once); a text field waits for a pause in typing.
    open class var defaultChangeDebounceMilliseconds: Int { 0 }

    // What every surface (docs, schemas, clients, the page) learns about the type: `Protocol/elements.json`
    // is generated from these declarations, and a test holds them to what the element does.

    /// What the element is, in one sentence, for generated documentation.
    open class var summary: String { "A container: its children one below the other or side by side." }

    /// The kinds of value ``press(_:)`` takes (``PressValueKind/none``: a press without one); empty when
    /// the element takes no press.
    open class var pressValues: [PressValueKind] { [] }

    /// The keys the element acts on while it has the focus (see ``FocusableView/handleKey(_:)``);
    /// an element that ``takesText`` types every character key as well.
    open class var handledKeys: [Key] { [] }

    /// Whether a person types into the element: `setText` and `typeText` work, and every
    /// character key is typed while it has the focus.
    open class var takesText: Bool { false }

    /// The property that best says what the element shows or holds now: the one an inspector
    /// suggests checking and a recorded `expect` step checks.
    open class var primaryProperty: String { "visible" }

    /// The roles an element of this type can take, the usual one first (a label is a `paragraph`,
    /// or a `heading` when declared one); ``accessibilityRole`` says which one an element has now.
    open class var accessibilityRoles: [AccessibilityRole] { [.generic, .group, .region] }

    /// The element's role now: by default the first of its type's ``accessibilityRoles``. A plain
    /// container is `generic`, a `group` once it has a name, and a `region` when declared one.
    open var accessibilityRole: AccessibilityRole {
        let declared = Swift.type(of: self).accessibilityRoles.first ?? .generic
        guard declared == .generic else { return declared }
        if isRegion { return .region }
        return accessibilityLabel == nil ? .generic : .group
    }

    /// The name the element's own content gives it (a button's title, a label's text), nil where
    /// it shows none; ``accessibleName`` prefers ``accessibilityLabel``.
    open var accessibleContentName: String? { nil }

    /// What the element's own content says beyond its name (an alert's message), nil where
    /// nothing; ``accessibleDescription`` prefers ``accessibilityDescription``.
    open var accessibleContentDescription: String? { nil }

    /// The WAI-ARIA states that apply now (see ``AccessibilityStates``); a control adds `disabled`
    /// and `focused`.
    open var accessibilityStates: AccessibilityStates {
        var states = AccessibilityStates()
        states.focused = isFocused
        return states
    }

    /// The parts the element shows that assistive technology sees as nodes of their own, below it
    /// in an accessibility snapshot: a segmented control's `radio`s, a table's `row`s, a picker's
    /// `listbox`es of `option`s. None by default; a custom element that shows parts declares them here.
    open var accessibilityParts: [AccessibilityNode] { [] }

    /// What the element holds as text beyond its name, for snapshots to show after the line (a text
    /// box's text, bullets when it is secure); nil by default.
    open var accessibleValue: String? { nil }

    /// Two properties a declaration may not give together (a text view's `text` and `textFile`);
    /// storyboards refuse both at once. Empty for none.
    open class var exclusiveProperties: [String] { [] }

    /// The properties every element has (`visible`); element types add their own to these.
    public static let viewProperties: [PropertyDescriptor] = [
        PropertyDescriptor("visible", kind: .bool, read: { .bool(!$0.isHidden) }, write: { $0.isHidden = !$1.boolValue }),
    ]

    /// A container's properties: `visible`, then its declared layout (`axis`, `spacing`).
    public static let containerProperties: [PropertyDescriptor] = viewProperties + [
        PropertyDescriptor("axis", kind: .string, allowedValues: LayoutAxis.allCases.map(\.rawValue),
                           read: { .string($0.axis.rawValue) },
                           write: { view, value in view.axis = value.stringValue.flatMap(LayoutAxis.init(rawValue:)) ?? .vertical }),
        PropertyDescriptor("spacing", kind: .double, read: { .double($0.spacing) }, write: { $0.spacing = $1.doubleValue }),
    ]

    /// Says what is wrong with a declaration's static values taken together (a date that
    /// does not fit the picker's mode), nil when nothing is. Storyboards are checked with
    /// it when they load; each value alone was checked by its property's `validate`.
    open class func declarationProblem(_ values: [String: PropertyValue]) -> (property: String, reason: String)? {
        nil
    }

    /// Pulls this element's data sources into what it shows. Call ``updateUI()`` instead.
    open func fillUI() {
        if !stateBindings.isEmpty { applyStateBindings() }
        if let visibleDataSource { isHidden = !visibleDataSource() }
    }

    /// Fills this element, then every subview, depth first, in order.
    public final func updateUI() {
        fillUI()
        for subview in subviews { subview.updateUI() }
    }

    /// Reloads this element's internal data where it has any (``ResettableView``),
    /// fills it, then does the same for every subview: the subtree ends fully fresh.
    public final func resetUI() {
        (self as? ResettableView)?.reloadUI()
        fillUI()
        for subview in subviews { subview.resetUI() }
    }

    /// Adds a subview at the end (or at `index`); when this element is in a
    /// controller, the new subtree's references are registered there.
    ///
    /// - Throws: ``SlamError/duplicateReference(reference:firstPath:secondPath:)`` when
    ///   a reference in `view`'s subtree is already used in the controller; nothing is added then.
    public func addSubview(_ view: View, at index: Int? = nil) throws(SlamError) {
        view.removeFromSuperview()
        if let controller { try controller.register(view, under: self) }
        view.superview = self
        subviews.insert(view, at: min(index ?? subviews.count, subviews.count))
        markChanged()
    }

    /// Detaches this element (and its subtree) from its superview and controller.
    public func removeFromSuperview() {
        guard let superview else { return }
        // Unregistered while still in place: a focus event names it by its path as it was.
        controller?.unregister(self)
        if let index = superview.subviews.firstIndex(where: { $0 === self }) {
            superview.subviews.remove(at: index)
        }
        self.superview = nil
        superview.markChanged()
    }

    /// Moves a subview to `index` without re-registering it.
    public func moveSubview(_ view: View, to index: Int) {
        guard let current = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: current)
        subviews.insert(view, at: min(index, subviews.count))
        markChanged()
    }

    /// Makes `newSubviews` the subviews, in order, in O(n): subviews not in it are
    /// detached, new ones attached and registered, and the element is marked
    /// changed only when the list of children really changed. A new subview whose
    /// reference is taken in the controller is left out and reported.
    func setSubviews(_ newSubviews: [View]) {
        let keep = Set(newSubviews.lazy.map(ObjectIdentifier.init))
        for old in subviews where !keep.contains(ObjectIdentifier(old)) {
            controller?.unregister(old)
            old.superview = nil
        }
        var accepted: [View] = []
        accepted.reserveCapacity(newSubviews.count)
        for element in newSubviews {
            if element.superview !== self {
                element.removeFromSuperview()
                if let controller {
                    do {
                        try controller.register(element, under: self)
                    } catch {
                        controller.application?.emit(.warning(message: "\(path): cannot place a child: \(error)"))
                        continue
                    }
                }
                element.superview = self
                // A child that appears is news to change reports, like one whose text changed.
                element.markChanged()
            }
            accepted.append(element)
        }
        let changed = accepted.count != subviews.count || zip(accepted, subviews).contains { $0 !== $1 }
        subviews = accepted
        if changed { markChanged() }
    }

    /// Presses the element as a user would. Elements that take no press refuse it.
    open func press(_ value: PressValue?) throws(SlamError) {
        throw .notInteractive(reference: referenceOrPath, type: Self.typeName)
    }

    /// Types `text` into the element as a user would. Elements that take no text refuse it.
    open func enterText(_ text: String) throws(SlamError) {
        throw .notEditable(reference: referenceOrPath, type: Self.typeName)
    }

    /// What a user's change to a bound property stores in the shared state:
    /// the value snapshots show, except where they hide it (a secure field's text).
    func stateWriteBackValue(of descriptor: PropertyDescriptor) -> PropertyValue {
        descriptor.read(self)
    }

    /// Called after the bound state values were shown; an element whose shown value cannot
    /// be what the state says (a selection past the end of its rows) corrects the state here.
    func stateBindingsDidApply() {}

    /// Records that what users see of this element changed, for change reports.
    public final func markChanged() {
        dropCachedOutput()
        guard let controller else { return }
        if !isMarkedChanged {
            isMarkedChanged = true
            controller.changedElements.append(self)
        }
        if changedInPass != controller.pass {
            changedInPass = controller.pass
            controller.passChanges.append(self)
        }
    }

    /// Forgets what was written of this element (its cached snapshot text and accessibility line):
    /// the next writer writes it anew. Every change snapshots can see comes through here.
    final func dropCachedOutput() {
        cachedSnapshotText = nil
        cachedAccessibilityLine = nil
    }

    /// The references from the root to this element, `root/form/save`; anonymous
    /// elements appear as `Type[index]`.
    public var path: String {
        var names: [String] = []
        var current: View? = self
        while let element = current {
            if let key = element.placementKey {
                names.append(key)
            } else if !element.reference.isEmpty {
                names.append(element.reference)
            } else {
                let index = element.superview?.subviews.firstIndex { $0 === element } ?? 0
                names.append("\(type(of: element).typeName)[\(index)]")
            }
            current = element.superview
        }
        return names.reversed().joined(separator: "/")
    }

    /// Whether this element and all its ancestors are shown.
    public var isDisplayed: Bool {
        var current: View? = self
        while let element = current {
            if element.isHidden { return false }
            current = element.superview
        }
        return true
    }

    /// Visits this element and its subtree, depth first, in order.
    public func forEachInTree(_ body: (View) throws -> Void) rethrows {
        try body(self)
        for subview in subviews { try subview.forEachInTree(body) }
    }
}
