import SlamJSON

/// A result, event or value the protocol writes as a JSON object whose members
/// are declared once, in ``fields(_:)``: that one list decodes it (clients),
/// encodes it (the daemon) and describes it (discovery's schema).
///
/// ```swift
/// public struct TraceStopped: DeclaredFields {
///     public var path: String
///     public var records: Int
///     public static var empty: TraceStopped { TraceStopped(path: "", records: 0) }
///     public mutating func fields(_ visitor: inout FieldVisitor) {
///         visitor.field("path", &path, "The trace file.")
///         visitor.field("records", &records, "Its records (lines).", minimum: 0)
///     }
/// }
/// ```
///
/// The list is plain code that a ``FieldVisitor`` runs on a value, so encoding a
/// result is a straight sequence of member writes (no key paths or closures per
/// member), as fast as writing the members by hand.
public protocol DeclaredFields: ResultValue, JSONEncoding, FieldValue where Value == Self {
    /// The value decoding starts from, every field overwritten (as `ParameterList`'s `empty`).
    static var empty: Self { get }
    /// The name under `#/components/schemas` discovery describes this type by, or nil to describe it in place.
    static var componentName: String? { get }
    /// A sentence for the schema's `description`, or nil.
    static var summary: String? { get }
    /// Hands every member to `visitor`, in the order the protocol writes them.
    mutating func fields(_ visitor: inout FieldVisitor)
}

extension DeclaredFields {
    public static var componentName: String? { nil }
    public static var summary: String? { nil }

    public init(json: JSONValue) throws(ResultDecodingError) {
        guard case .object(let object) = json else { throw ResultDecodingError(expected: "an object", got: json) }
        var visitor = FieldVisitor.reading(object)
        var value = Self.empty
        value.fields(&visitor)
        if let failure = visitor.failure { throw failure }
        self = value
    }

    // Inlinable so that a module writing a concrete result calls its `fields(_:)` directly.
    @inlinable
    public func jsonNode() -> JSONNode {
        var visitor = FieldVisitor.writing()
        var value = self
        value.fields(&visitor)
        return visitor.finish()
    }

    /// The object's own JSON Schema: `type`, `description`, `required` and `properties`.
    public static var objectSchema: JSONValue {
        var visitor = FieldVisitor.describing(summary: summary)
        var value = empty
        value.fields(&visitor)
        return visitor.schema
    }

    /// How a field or result of this type is described: a `$ref` to its component, or the object schema.
    public static var schema: JSONValue {
        guard let componentName else { return objectSchema }
        return ["$ref": .string("#/components/schemas/\(componentName)")]
    }

    public static var fieldSchema: JSONValue { schema }
}
