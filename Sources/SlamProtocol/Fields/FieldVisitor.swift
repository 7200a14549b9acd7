import SlamJSON

/// What ``DeclaredFields/fields(_:)`` hands each member to: depending on the visit, it
/// writes the member into jansson (the daemon encoding a result), reads it from a reply
/// (a client decoding one) or describes it (discovery's schema).
///
/// A member is declared with its JSON name, the stored property (`&property`), a
/// description for discovery and, where the value type's schema says too little, a
/// narrower schema (computed only when describing).
///
/// One concrete type rather than a protocol with three conformances: each type's
/// `fields(_:)` is then plain code the compiler specializes member by member, so writing
/// a result costs what writing its members by hand did.
public struct FieldVisitor: ~Copyable {
    private enum Purpose { case writing, reading, describing }

    /// What reading and describing keep (in a box, so that a visit that writes carries no more than its object).
    private final class Record {
        /// Reading: the object read.
        let read: JSONValue.Object
        /// Reading: `'<member>': expected …, got …` for the first member that did not read (the rest are left alone).
        var failure: ResultDecodingError?
        /// Describing: the type's summary, its required members and every member's schema.
        let summary: String?
        var required: [JSONValue] = []
        var properties = JSONValue.Object()

        init(read: JSONValue.Object, summary: String?) {
            self.read = read
            self.summary = summary
        }
    }

    private let purpose: Purpose
    /// Writing: the object written so far.
    private var written: JSONNode
    private let record: Record?

    private init(_ purpose: Purpose, read: JSONValue.Object = [:], summary: String? = nil) {
        self.purpose = purpose
        written = purpose == .writing ? .object() : .null
        record = purpose == .writing ? nil : Record(read: read, summary: summary)
    }

    /// Reading: why the first member that did not read did not.
    var failure: ResultDecodingError? { record?.failure }

    /// A visit that writes the members into a jansson object.
    @usableFromInline
    static func writing() -> FieldVisitor { FieldVisitor(.writing) }
    /// A visit that reads the members from `object`.
    static func reading(_ object: JSONValue.Object) -> FieldVisitor { FieldVisitor(.reading, read: object) }
    /// A visit that describes the members, for a type that says `summary` of itself.
    static func describing(summary: String?) -> FieldVisitor { FieldVisitor(.describing, summary: summary) }

    /// A member that is always written; an optional one is written `null` when nil, and read as nil from `null`
    /// or when absent. Any other member that is absent does not read: the error names it, "missing".
    @inline(__always)
    public mutating func field<Member: FieldValue>(_ name: StaticString, _ value: inout Member, _ description: String = "",
                                                   schema: @autoclosure () -> JSONValue = Member.fieldSchema) {
        switch purpose {
        case .writing: written.set(name, value.jsonNode())
        case .reading: read(name, into: &value)
        case .describing: describe(name, description, schema(), isRequired: true)
        }
    }

    /// A member left out when nil; read as nil when absent (a `null` there is a value, not nil).
    @inline(__always)
    public mutating func omittable<Member: FieldValue>(_ name: StaticString, _ value: inout Member?, _ description: String = "",
                                                       schema: @autoclosure () -> JSONValue = Member.fieldSchema) {
        switch purpose {
        case .writing: if let member = value { written.set(name, member.jsonNode()) }
        case .reading: readOmittable(name, into: &value)
        case .describing: describe(name, description, schema(), isRequired: false)
        }
    }

    /// An integer member with a least value (a count, a sequence number).
    @inline(__always)
    public mutating func field(_ name: StaticString, _ value: inout Int, _ description: String = "", minimum: Int) {
        field(name, &value, description, schema: ["type": "integer", "minimum": .integer(Int64(minimum))])
    }

    /// The object written.
    @usableFromInline
    consuming func finish() -> JSONNode { written }

    /// `{type: object, description?, required, properties}`: every member required but the omittable ones.
    var schema: JSONValue {
        guard let record else { return [:] }
        var object: JSONValue.Object = ["type": "object"]
        if let summary = record.summary { object["description"] = .string(summary) }
        if !record.required.isEmpty { object["required"] = .array(record.required) }
        object["properties"] = .object(record.properties)
        return .object(object)
    }

    private func read<Member: FieldValue>(_ name: StaticString, into value: inout Member) {
        guard let record, record.failure == nil else { return }
        let json: JSONValue
        if let present = record.read[name.description] {
            json = present
        } else if Member.mayBeAbsent {
            json = .null
        } else {
            record.failure = ResultDecodingError("'\(name)': missing")
            return
        }
        guard let member: Member = decode(name, json) else { return }
        value = member
    }

    private func readOmittable<Member: FieldValue>(_ name: StaticString, into value: inout Member?) {
        guard let record, record.failure == nil else { return }
        guard let json = record.read[name.description] else {
            value = nil
            return
        }
        value = decode(name, json)
    }

    private func decode<Member: FieldValue>(_ name: StaticString, _ json: JSONValue) -> Member? {
        do throws(ResultDecodingError) {
            return try Member(json: json)
        } catch {
            record?.failure = ResultDecodingError("'\(name)': \(error.message)")
            return nil
        }
    }

    private func describe(_ name: StaticString, _ description: String, _ schema: JSONValue, isRequired: Bool) {
        guard let record else { return }
        if isRequired { record.required.append(.string(name.description)) }
        var described = schema
        if !description.isEmpty, case .object(var members) = schema {
            members["description"] = .string(description)
            described = .object(members)
        }
        record.properties[name.description] = described
    }
}
