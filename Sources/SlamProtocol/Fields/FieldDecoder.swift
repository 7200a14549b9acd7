import SlamJSON

/// Reads a declared value's members from a JSON object; the first member that does not
/// read is kept in ``failure`` (and the rest are left alone).
public struct FieldDecoder: FieldVisitor {
    private let object: JSONValue.Object
    /// `'<member>': expected …, got …` for the first member that did not read.
    public private(set) var failure: ResultDecodingError?

    public init(object: JSONValue.Object) {
        self.object = object
    }

    /// An absent member reads as `null` (so an optional one is nil, and a required one says it got null).
    public mutating func field<Member: FieldValue>(_ name: StaticString, _ value: inout Member, _ description: String,
                                                   schema: @autoclosure () -> JSONValue) {
        guard failure == nil, let member: Member = read(name, object[name.description] ?? .null) else { return }
        value = member
    }

    public mutating func omittable<Member: FieldValue>(_ name: StaticString, _ value: inout Member?, _ description: String,
                                                       schema: @autoclosure () -> JSONValue) {
        guard failure == nil else { return }
        guard let member = object[name.description] else {
            value = nil
            return
        }
        value = read(name, member)
    }

    private mutating func read<Member: FieldValue>(_ name: StaticString, _ json: JSONValue) -> Member? {
        do throws(ResultDecodingError) {
            return try Member(json: json)
        } catch {
            failure = ResultDecodingError("'\(name)': \(error.message)")
            return nil
        }
    }
}
