/// An element type as every surface sees it: how to create one, its properties, and what it
/// declares once for docs, schemas and clients (``View/summary``, ``View/pressValues``,
/// ``View/handledKeys``…; `Protocol/elements.json` is generated from these).
///
/// Adding an element: its class (with these declarations), one entry in ``builtIn``, then
/// `make generate`.
public struct ElementType: Sendable {
    /// The type's name in storyboards and snapshots (`"Button"`).
    public let name: String
    /// What the element is, in one sentence.
    public let summary: String
    /// Creates a new, detached element of this type with the given reference.
    public let make: @Sendable (_ reference: String) -> View
    /// The type's user-visible properties, in snapshot order.
    public let properties: [PropertyDescriptor]
    /// The properties a person's input changes, written back to a bound state key (``View/userInputProperties``).
    public let userInputProperties: Set<String>
    /// How long a change task waits for the value to stay unchanged, by default (``View/defaultChangeDebounceMilliseconds``).
    public let defaultChangeDebounceMilliseconds: Int
    /// What is wrong with static values taken together (see ``View/declarationProblem(_:)``).
    public let declarationProblem: @Sendable ([String: PropertyValue]) -> (property: String, reason: String)?
    /// The kinds of value a press takes; empty when the element takes no press.
    public let pressValues: [PressValueKind]
    /// The keys the element acts on while focused (besides every character, when it ``takesText``).
    public let handledKeys: [Key]
    /// Whether a person types into the element (`setText`, `typeText`, character keys).
    public let takesText: Bool
    /// Whether the element can hold the keyboard focus (Tab reaches it, keys go to it).
    ///
    /// Asked of the class when needed, not at start-up: a protocol cast scans every conformance in the
    /// program, and the built-in types are made as every daemon starts.
    public var isFocusable: Bool { elementClass is FocusableView.Type }
    private let elementClass: View.Type
    /// The property that best says what the element shows or holds now.
    public let primaryProperty: String
    /// The WAI-ARIA roles an element of this type can take, the usual one first (``View/accessibilityRoles``).
    public let accessibilityRoles: [AccessibilityRole]
    /// The usual role of an element of this type.
    public var accessibilityRole: AccessibilityRole { accessibilityRoles.first ?? .generic }
    /// Two properties a declaration may not give together (empty for none).
    public let exclusiveProperties: [String]

    /// The type of `elementClass`, read from its class declarations; `make` creates one with a reference.
    public init(_ elementClass: View.Type, make: @escaping @Sendable (String) -> View) {
        self.name = elementClass.typeName
        self.summary = elementClass.summary
        self.pressValues = elementClass.pressValues
        self.handledKeys = elementClass.handledKeys
        self.takesText = elementClass.takesText
        self.elementClass = elementClass
        self.primaryProperty = elementClass.primaryProperty
        self.accessibilityRoles = elementClass.accessibilityRoles
        self.exclusiveProperties = elementClass.exclusiveProperties
        self.make = make
        self.properties = elementClass.properties
        self.userInputProperties = elementClass.userInputProperties
        self.defaultChangeDebounceMilliseconds = elementClass.defaultChangeDebounceMilliseconds
        self.declarationProblem = { elementClass.declarationProblem($0) }
    }

    /// The settable property `name`, when `binding` can feed it (see ``View/bind(property:to:in:)``).
    ///
    /// - Throws: ``StateBindingError`` naming the property and why.
    public func bindableProperty(named name: String, for binding: StateBinding) throws(StateBindingError) -> PropertyDescriptor {
        try View.bindableProperty(named: name, for: binding, typeName: self.name, properties: properties)
    }

    /// The property named `name`, or nil.
    public func property(named name: String) -> PropertyDescriptor? {
        properties.first { $0.name == name }
    }

    /// The elements storyboards can place, by storyboard name (an alert's root,
    /// `Alert`, is made by presenting an alert, not placed).
    public static let builtIn: [String: ElementType] = Dictionary(uniqueKeysWithValues: [
        ElementType(View.self) { View(reference: $0) },
        ElementType(ActivityIndicator.self) { ActivityIndicator(reference: $0) },
        ElementType(Button.self) { Button(reference: $0) },
        ElementType(CollectionView.self) { CollectionView(reference: $0) },
        ElementType(DatePicker.self) { DatePicker(reference: $0) },
        ElementType(Label.self) { Label(reference: $0) },
        ElementType(PageControl.self) { PageControl(reference: $0) },
        ElementType(PickerView.self) { PickerView(reference: $0) },
        ElementType(ProgressView.self) { ProgressView(reference: $0) },
        ElementType(SectionedTableView.self) { SectionedTableView(reference: $0) },
        ElementType(SegmentedControl.self) { SegmentedControl(reference: $0) },
        ElementType(SingleItemTableView.self) { SingleItemTableView(reference: $0) },
        ElementType(Slider.self) { Slider(reference: $0) },
        ElementType(Stepper.self) { Stepper(reference: $0) },
        ElementType(Switch.self) { Switch(reference: $0) },
        ElementType(TextField.self) { TextField(reference: $0) },
        ElementType(TextView.self) { TextView(reference: $0) },
        ElementType(WebView.self) { WebView(reference: $0) },
    ].map { ($0.name, $0) })

    /// An alert's root (`Alert`): snapshots show it, storyboards do not place it (presenting an alert makes it).
    public static let alert = ElementType(AlertView.self) { AlertView(reference: $0) }

    /// Every type a snapshot of a built-in element can show, sorted by name: ``builtIn`` and ``alert``.
    public static let all: [ElementType] = (Array(builtIn.values) + [alert]).sorted { $0.name < $1.name }

    /// Whether storyboards place elements of this type (every type but ``alert``).
    public var isPlaceable: Bool { Self.builtIn[name] != nil }
}
