import SlamJSON

/// What ``DeclaredFields/fields(_:)`` hands each member to: an encoder, a decoder or a schema builder.
///
/// A member is declared with its JSON name, the stored property (`&property`, read or written
/// by the visitor), a description for discovery and, where the value type's schema says too
/// little, a narrower schema (computed only by the schema builder).
public protocol FieldVisitor: ~Copyable {
    /// A member that is always written; an optional one is written `null` when nil.
    mutating func field<Member: FieldValue>(_ name: StaticString, _ value: inout Member, _ description: String,
                                            schema: @autoclosure () -> JSONValue)
    /// A member left out when nil (and read as nil when absent; a `null` there is a value, not nil).
    mutating func omittable<Member: FieldValue>(_ name: StaticString, _ value: inout Member?, _ description: String,
                                                schema: @autoclosure () -> JSONValue)
}

extension FieldVisitor where Self: ~Copyable {
    /// A member described by its value type's own schema.
    @inline(__always)
    public mutating func field<Member: FieldValue>(_ name: StaticString, _ value: inout Member, _ description: String = "") {
        field(name, &value, description, schema: Member.fieldSchema)
    }

    /// A member whose schema says more than its value type's (a `$ref`, the items of an array of any JSON).
    @inline(__always)
    public mutating func field<Member: FieldValue>(_ name: StaticString, _ value: inout Member, schema: @autoclosure () -> JSONValue) {
        field(name, &value, "", schema: schema())
    }

    /// An integer member with a least value (a count, a sequence number).
    @inline(__always)
    public mutating func field(_ name: StaticString, _ value: inout Int, _ description: String = "", minimum: Int) {
        field(name, &value, description, schema: ["type": "integer", "minimum": .integer(Int64(minimum))])
    }

    /// A member left out when nil, described by its value type's own schema.
    @inline(__always)
    public mutating func omittable<Member: FieldValue>(_ name: StaticString, _ value: inout Member?, _ description: String = "") {
        omittable(name, &value, description, schema: Member.fieldSchema)
    }
}
