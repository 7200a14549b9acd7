/// An element type that storyboards can name: how to create one and which
/// properties it takes.
public struct ElementType: Sendable {
    public let name: String
    public let make: @Sendable (_ reference: String) -> View
    public let properties: [PropertyDescriptor]
    /// The properties a person's input changes, written back to a bound state key (``View/userInputProperties``).
    public let userInputProperties: Set<String>
    /// How long a change task waits for the value to stay unchanged, by default (``View/defaultChangeDebounceMilliseconds``).
    public let defaultChangeDebounceMilliseconds: Int
    /// What is wrong with static values taken together (see ``View/declarationProblem(_:)``).
    public let declarationProblem: @Sendable ([String: PropertyValue]) -> (property: String, reason: String)?

    public init(_ elementClass: View.Type, make: @escaping @Sendable (String) -> View) {
        self.name = elementClass.typeName
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

    /// The eighteen elements storyboards can place, by storyboard name (an alert's
    /// root, `Alert`, is made by presenting an alert, not placed).
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
}
