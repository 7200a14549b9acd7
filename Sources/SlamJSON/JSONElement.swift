import CJansson

/// A read-only view of one value inside a parsed ``JSONDocument``.
///
/// Reading a request through these views costs no copy of the document: a
/// member is found by jansson's own hash lookup and a string becomes a Swift
/// `String` only when asked for. An element borrows its document's memory, so
/// use it only while the document is alive (inside ``JSONDocument/withRoot(_:)``)
/// and never keep it afterwards; turn what must outlive the document into
/// Swift values (``jsonValue`` for a generic value).
///
/// ```swift
/// try JSONDocument(parsing: bytes).withRoot { request in
///     let reference = request["params"]?["ref"]?.stringValue
/// }
/// ```
public struct JSONElement {
    /// The JSON type of an element.
    public enum Kind: Sendable, Hashable {
        case null, bool, integer, double, string, array, object
    }

    let pointer: UnsafeMutablePointer<json_t>

    init(_ pointer: UnsafeMutablePointer<json_t>) {
        self.pointer = pointer
    }

    public var kind: Kind {
        switch slam_json_typeof(pointer) {
        case JSON_OBJECT: .object
        case JSON_ARRAY: .array
        case JSON_STRING: .string
        case JSON_INTEGER: .integer
        case JSON_REAL: .double
        case JSON_TRUE, JSON_FALSE: .bool
        default: .null
        }
    }

    /// The JSON type name used in error messages, as ``JSONValue/typeName`` says it.
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public var isNull: Bool { slam_json_is_null(pointer) != 0 }

    public var boolValue: Bool? {
        switch slam_json_typeof(pointer) {
        case JSON_TRUE: true
        case JSON_FALSE: false
        default: nil
        }
    }

    /// The value as an integer; a double is accepted only when it has no fraction.
    public var integerValue: Int64? {
        switch slam_json_typeof(pointer) {
        case JSON_INTEGER:
            return Int64(json_integer_value(pointer))
        case JSON_REAL:
            let value = json_real_value(pointer)
            guard value.rounded() == value else { return nil }
            return Int64(exactly: value)
        default:
            return nil
        }
    }

    /// The value as a double; integers are converted.
    public var doubleValue: Double? {
        switch slam_json_typeof(pointer) {
        case JSON_INTEGER: Double(json_integer_value(pointer))
        case JSON_REAL: json_real_value(pointer)
        default: nil
        }
    }

    public var stringValue: String? {
        guard slam_json_is_string(pointer) != 0 else { return nil }
        return JSONElement.string(json_string_value(pointer), length: json_string_length(pointer))
    }

    /// The UTF-8 bytes of a string (NUL characters included), read in place: valid as long as the
    /// element is (a method name or a parameter compared without making a Swift string); nil for a non-string.
    public var stringBytes: UnsafeRawBufferPointer? {
        guard slam_json_is_string(pointer) != 0 else { return nil }
        return UnsafeRawBufferPointer(start: json_string_value(pointer), count: json_string_length(pointer))
    }

    /// Whether the element is the string `text`, compared byte for byte without making a Swift string.
    public func isString(_ text: StaticString) -> Bool {
        guard slam_json_is_string(pointer) != 0 else { return false }
        let length = json_string_length(pointer)
        guard length == text.utf8CodeUnitCount, let characters = json_string_value(pointer) else { return false }
        return memcmp(characters, text.utf8Start, length) == 0
    }

    /// Elements of an array or members of an object; 0 for anything else.
    public var count: Int {
        switch slam_json_typeof(pointer) {
        case JSON_ARRAY: json_array_size(pointer)
        case JSON_OBJECT: json_object_size(pointer)
        default: 0
        }
    }

    /// The member named `key` of an object; nil for a missing key or a non-object.
    public subscript(key: String) -> JSONElement? {
        guard slam_json_is_object(pointer) != 0 else { return nil }
        var key = key
        return key.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { characters in
                json_object_getn(pointer, characters.baseAddress ?? emptyCharacters(), characters.count).map(JSONElement.init)
            }
        }
    }

    /// The element at `index` of an array; nil when out of range or not an array.
    public subscript(index: Int) -> JSONElement? {
        guard index >= 0, slam_json_is_array(pointer) != 0 else { return nil }
        return json_array_get(pointer, index).map(JSONElement.init)
    }

    /// Calls `body` with each member of an object in document order (nothing for a non-object).
    public func forEachMember<Failure: Error>(_ body: (String, JSONElement) throws(Failure) -> Void) throws(Failure) {
        guard slam_json_is_object(pointer) != 0 else { return }
        var iterator = json_object_iter(pointer)
        while let current = iterator {
            let key = JSONElement.string(json_object_iter_key(current), length: json_object_iter_key_len(current))
            try body(key, JSONElement(json_object_iter_value(current)!))
            iterator = json_object_iter_next(pointer, current)
        }
    }

    /// The members of an object in document order, each key as its UTF-8 bytes read in place (valid as
    /// long as the element is): a reader that matches keys by their bytes makes no Swift strings.
    /// Empty for a non-object.
    public var members: Members { Members(object: self) }

    /// An object's members, key bytes and value, in document order (see ``members``).
    public struct Members: Sequence, IteratorProtocol {
        let object: UnsafeMutablePointer<json_t>
        var iterator: UnsafeMutableRawPointer?

        init(object: JSONElement) {
            self.object = object.pointer
            iterator = slam_json_is_object(object.pointer) != 0 ? json_object_iter(object.pointer) : nil
        }

        public mutating func next() -> (key: UnsafeRawBufferPointer, value: JSONElement)? {
            guard let current = iterator else { return nil }
            iterator = json_object_iter_next(object, current)
            let key = UnsafeRawBufferPointer(start: json_object_iter_key(current), count: json_object_iter_key_len(current))
            return (key, JSONElement(json_object_iter_value(current)!))
        }
    }

    /// The keys of an object in document order.
    public var keys: [String] {
        var keys: [String] = []
        forEachMember { key, _ in keys.append(key) }
        return keys
    }

    /// The element as a Swift value that outlives the document (for generic values such as shared state).
    public var jsonValue: JSONValue {
        switch slam_json_typeof(pointer) {
        case JSON_NULL: return .null
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        case JSON_INTEGER: return .integer(Int64(json_integer_value(pointer)))
        case JSON_REAL: return .double(json_real_value(pointer))
        case JSON_STRING: return .string(stringValue ?? "")
        case JSON_ARRAY:
            let count = json_array_size(pointer)
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            for index in 0..<count { array.append(JSONElement(json_array_get(pointer, index)!).jsonValue) }
            return .array(array)
        default:
            var object = JSONValue.Object(minimumCapacity: json_object_size(pointer))
            forEachMember { key, member in object[key] = member.jsonValue }
            return .object(object)
        }
    }

    /// Where arrays and objects below this element first nest deeper than `limit`
    /// (`[[1]]` nests 2 deep), or nil: the parser's depth limit, checked without
    /// converting anything. `path` is built only for the answer.
    func firstPathDeeper(than limit: Int, depth: Int = 0, path: () -> JSONPath) -> JSONPath? {
        switch slam_json_typeof(pointer) {
        case JSON_ARRAY:
            guard depth < limit else { return path() }
            for index in 0..<json_array_size(pointer) {
                if let found = JSONElement(json_array_get(pointer, index)!)
                    .firstPathDeeper(than: limit, depth: depth + 1, path: { path().appending(index: index) }) {
                    return found
                }
            }
            return nil
        case JSON_OBJECT:
            guard depth < limit else { return path() }
            var iterator = json_object_iter(pointer)
            while let current = iterator {
                let member = JSONElement(json_object_iter_value(current)!)
                if member.kind == .array || member.kind == .object {
                    let key = JSONElement.string(json_object_iter_key(current), length: json_object_iter_key_len(current))
                    if let found = member.firstPathDeeper(than: limit, depth: depth + 1, path: { path().appending(key: key) }) {
                        return found
                    }
                }
                iterator = json_object_iter_next(pointer, current)
            }
            return nil
        default:
            return nil
        }
    }

    /// Decodes a jansson string by its length, so embedded NUL characters survive.
    static func string(_ characters: UnsafePointer<CChar>?, length: Int) -> String {
        guard let characters, length > 0 else { return "" }
        return characters.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
    }
}

/// A valid pointer to an empty C string, for an empty Swift string that has no storage to point into.
func emptyCharacters() -> UnsafePointer<CChar> {
    UnsafeRawPointer(("" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
