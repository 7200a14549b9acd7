/// One user-visible property of an element type: its name, its kind, how to read
/// it for a snapshot and, when it is inspectable, how a storyboard sets it.
///
/// Storyboards and snapshots use these same descriptors, so a property always has
/// the same name in both. Snapshots read every property of every element, so
/// reading is a plain getter (`get`) and not the key path (a key path projection
/// cost about ten times more), and a descriptor reads only elements of its own
/// type (a type's ``View/properties``), so it downcasts without a check. The
/// key path is what a storyboard or a binding writes through.
public struct PropertyDescriptor: Sendable {
    /// The property's name in storyboards and snapshots (`text`, `enabled`).
    public let name: String
    /// The kind of value the property holds.
    public let kind: PropertyValue.Kind
    /// For a string property that takes one of a few words (`axis`): those words; nil for any text.
    public let allowedValues: [String]?
    /// Reads the value a user sees now.
    public let read: @Sendable (View) -> PropertyValue
    /// Sets the static value (the default a data source overrides); nil for read-only properties.
    public let write: (@Sendable (View, PropertyValue) -> Void)?
    /// Says why a value of the right kind still cannot be taken (a date that is not ISO 8601), nil when it can.
    /// Storyboards are checked with it when they load.
    public let validate: (@Sendable (PropertyValue) -> String?)?
    /// What generated documentation adds to the kind (`≥ 1, default 3`), nil for nothing.
    public private(set) var note: String?

    /// A property `name` of `kind`, read with `read`; `write` nil makes it read-only, `validate` nil takes any value of the kind.
    public init(_ name: String, kind: PropertyValue.Kind, allowedValues: [String]? = nil,
                read: @escaping @Sendable (View) -> PropertyValue, write: (@Sendable (View, PropertyValue) -> Void)?,
                validate: (@Sendable (PropertyValue) -> String?)? = nil) {
        self.name = name
        self.kind = kind
        self.allowedValues = allowedValues
        self.read = read
        self.write = write
        self.validate = validate
    }

    /// Whether a storyboard may set this property.
    public var isInspectable: Bool { write != nil }

    /// This property with `note` for generated documentation (`elements.md`, `elements.json`).
    public func noted(_ note: String) -> Self {
        var noted = self
        noted.note = note
        return noted
    }
}

extension PropertyDescriptor {
    static func bool<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Bool> & Sendable,
                                    _ get: @escaping @Sendable (Element) -> Bool) -> Self {
        Self(name, kind: .bool, read: { .bool(get(unsafeDowncast($0, to: Element.self))) },
             write: { ($0 as! Element)[keyPath: path] = $1.boolValue })
    }

    static func integer<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Int> & Sendable,
                                       _ get: @escaping @Sendable (Element) -> Int) -> Self {
        Self(name, kind: .integer, read: { .integer(get(unsafeDowncast($0, to: Element.self))) },
             write: { ($0 as! Element)[keyPath: path] = $1.integerValue ?? 0 })
    }

    static func optionalInteger<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Int?> & Sendable,
                                               _ get: @escaping @Sendable (Element) -> Int?) -> Self {
        Self(name, kind: .optionalInteger, read: { get(unsafeDowncast($0, to: Element.self)).map(PropertyValue.integer) ?? .null },
             write: { ($0 as! Element)[keyPath: path] = $1.integerValue })
    }

    static func double<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Double> & Sendable,
                                      _ get: @escaping @Sendable (Element) -> Double) -> Self {
        Self(name, kind: .double, read: { .double(get(unsafeDowncast($0, to: Element.self))) },
             write: { ($0 as! Element)[keyPath: path] = $1.doubleValue })
    }

    static func string<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, String> & Sendable,
                                      _ get: @escaping @Sendable (Element) -> String) -> Self {
        Self(name, kind: .string, read: { .string(get(unsafeDowncast($0, to: Element.self))) },
             write: { ($0 as! Element)[keyPath: path] = $1.stringValue ?? "" })
    }

    static func optionalString<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, String?> & Sendable,
                                              _ get: @escaping @Sendable (Element) -> String?) -> Self {
        Self(name, kind: .optionalString, read: { get(unsafeDowncast($0, to: Element.self)).map(PropertyValue.string) ?? .null },
             write: { ($0 as! Element)[keyPath: path] = $1.stringValue })
    }

    static func strings<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, [String]> & Sendable,
                                       _ get: @escaping @Sendable (Element) -> [String]) -> Self {
        Self(name, kind: .strings, read: { .strings(get(unsafeDowncast($0, to: Element.self))) },
             write: { ($0 as! Element)[keyPath: path] = $1.stringsValue })
    }

    static func integers<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, [Int]> & Sendable,
                                        _ get: @escaping @Sendable (Element) -> [Int]) -> Self {
        Self(name, kind: .integers, read: { .integers(get(unsafeDowncast($0, to: Element.self))) },
             write: { ($0 as! Element)[keyPath: path] = $1.integersValue })
    }

    /// A word property (`axis`, `mode`, `role`) backed by a `String` raw-value enum.
    static func word<Element: View, Word: RawRepresentable & CaseIterable>(
        _ name: String, _ path: ReferenceWritableKeyPath<Element, Word> & Sendable, default defaultWord: Word,
        _ get: @escaping @Sendable (Element) -> Word
    ) -> Self where Word.RawValue == String, Word: Sendable {
        Self(name, kind: .string, allowedValues: Word.allCases.map(\.rawValue),
             read: { .string(get(unsafeDowncast($0, to: Element.self)).rawValue) },
             write: { ($0 as! Element)[keyPath: path] = $1.stringValue.flatMap(Word.init(rawValue:)) ?? defaultWord })
    }

    /// A property users see but storyboards cannot set (e.g. a web view's title).
    static func readOnly<Element: View>(_ name: String, kind: PropertyValue.Kind,
                                        _ read: @escaping @Sendable (Element) -> PropertyValue) -> Self {
        Self(name, kind: kind, read: { read($0 as! Element) }, write: nil)
    }
}
