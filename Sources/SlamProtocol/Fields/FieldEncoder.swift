import SlamJSON

/// Writes a declared value's members straight into a jansson object, in declaration order.
public struct FieldEncoder: FieldVisitor, ~Copyable {
    private var object = JSONNode.object()

    public init() {}

    @inline(__always)
    public mutating func field<Member: FieldValue>(_ name: StaticString, _ value: inout Member, _ description: String,
                                                   schema: @autoclosure () -> JSONValue) {
        object.set(name, value.jsonNode())
    }

    @inline(__always)
    public mutating func omittable<Member: FieldValue>(_ name: StaticString, _ value: inout Member?, _ description: String,
                                                       schema: @autoclosure () -> JSONValue) {
        if let member = value { object.set(name, member.jsonNode()) }
    }

    /// The object written.
    public consuming func finish() -> JSONNode { object }
}
