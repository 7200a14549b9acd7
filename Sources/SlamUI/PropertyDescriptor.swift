/// One user-visible property of an element type: its name, its kind, how to read
/// it for a snapshot and, when it is inspectable, how a storyboard sets it.
///
/// Storyboards and snapshots use these same descriptors, so a property always has
/// the same name in both.
public struct PropertyDescriptor: Sendable {
    public let name: String
    public let kind: PropertyValue.Kind
    /// Reads the value a user sees now.
    public let read: @Sendable (View) -> PropertyValue
    /// Sets the static value (the default a data source overrides); nil for read-only properties.
    public let write: (@Sendable (View, PropertyValue) -> Void)?

    public init(_ name: String, kind: PropertyValue.Kind, read: @escaping @Sendable (View) -> PropertyValue,
                write: (@Sendable (View, PropertyValue) -> Void)?) {
        self.name = name
        self.kind = kind
        self.read = read
        self.write = write
    }

    /// Whether a storyboard may set this property.
    public var isInspectable: Bool { write != nil }
}

extension PropertyDescriptor {
    static func bool<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Bool> & Sendable) -> Self {
        Self(name, kind: .bool, read: { .bool(($0 as! Element)[keyPath: path]) },
             write: { ($0 as! Element)[keyPath: path] = $1.boolValue })
    }

    static func integer<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Int> & Sendable) -> Self {
        Self(name, kind: .integer, read: { .integer(($0 as! Element)[keyPath: path]) },
             write: { ($0 as! Element)[keyPath: path] = $1.integerValue ?? 0 })
    }

    static func optionalInteger<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Int?> & Sendable) -> Self {
        Self(name, kind: .optionalInteger, read: { ($0 as! Element)[keyPath: path].map(PropertyValue.integer) ?? .null },
             write: { ($0 as! Element)[keyPath: path] = $1.integerValue })
    }

    static func double<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Double> & Sendable) -> Self {
        Self(name, kind: .double, read: { .double(($0 as! Element)[keyPath: path]) },
             write: { ($0 as! Element)[keyPath: path] = $1.doubleValue })
    }

    static func string<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, String> & Sendable) -> Self {
        Self(name, kind: .string, read: { .string(($0 as! Element)[keyPath: path]) },
             write: { ($0 as! Element)[keyPath: path] = $1.stringValue ?? "" })
    }

    static func optionalString<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, String?> & Sendable) -> Self {
        Self(name, kind: .optionalString, read: { ($0 as! Element)[keyPath: path].map(PropertyValue.string) ?? .null },
             write: { ($0 as! Element)[keyPath: path] = $1.stringValue })
    }

    static func strings<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, [String]> & Sendable) -> Self {
        Self(name, kind: .strings, read: { .strings(($0 as! Element)[keyPath: path]) },
             write: { ($0 as! Element)[keyPath: path] = $1.stringsValue })
    }

    /// A property users see but storyboards cannot set (e.g. a web view's title).
    static func readOnly<Element: View>(_ name: String, kind: PropertyValue.Kind,
                                        _ read: @escaping @Sendable (Element) -> PropertyValue) -> Self {
        Self(name, kind: kind, read: { read($0 as! Element) }, write: nil)
    }
}
