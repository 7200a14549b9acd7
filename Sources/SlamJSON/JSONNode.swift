import CJansson
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A JSON value being built straight into jansson, then written as text.
///
/// This is the fast way out: a result or snapshot becomes jansson's tree
/// directly, with no Swift tree in between, and ``serialized()`` writes it
/// with one jansson call. A node owns its jansson value; adding it to an
/// object or array hands that ownership over (the node is consumed), so a
/// value can never be released twice or leaked.
///
/// Doubles are written with as many significant digits as the most demanding
/// double of the document needs, as ``JSONSerializer`` does; a NaN or infinite
/// double makes the whole document unrepresentable, which ``serialized()``
/// reports instead of writing invalid JSON.
///
/// ```swift
/// var snapshot = JSONNode.object()
/// snapshot.set("type", JSONNode("Label"))
/// snapshot.set("visible", JSONNode(true))
/// let text = try snapshot.serialized()   // {"type":"Label","visible":true}
/// ```
///
/// A node may also stand for JSON text written before (``init(writtenText:)``): a reply made
/// of cached snapshots is then written by copying their bytes, and jansson writes only what
/// is new.
public struct JSONNode: ~Copyable {
    let pointer: UnsafeMutablePointer<json_t>
    /// Significant digits the document's doubles need (at least 1).
    private(set) var precision: Int32
    /// False once a value JSON cannot hold (NaN, infinity) went into the document.
    private(set) var isRepresentable: Bool
    /// The value's JSON text when it was written before (held by a retain the node owns, since a node
    /// that hands its value over must be trivially destroyed); `pointer` is then jansson's null, unused.
    private let written: Unmanaged<WrittenText>?

    private init(pointer: UnsafeMutablePointer<json_t>, precision: Int32 = 1, isRepresentable: Bool = true) {
        self.pointer = pointer
        self.precision = precision
        self.isRepresentable = isRepresentable
        written = nil
    }

    /// A value whose compact JSON text is already written (a cached snapshot, a reply assembled
    /// from such pieces): writing the node copies `text`. The caller vouches that `text` is one
    /// valid JSON value; put into a container built here, it is read back by jansson.
    public init(writtenText text: [UInt8]) {
        pointer = json_null()
        precision = 1
        isRepresentable = true
        written = Unmanaged.passRetained(WrittenText(bytes: text))
    }

    /// The text of a node made with ``init(writtenText:)``, else nil.
    var writtenText: [UInt8]? { written?.takeUnretainedValue().bytes }

    deinit {
        json_decref(pointer)
        written?.release()
    }

    /// Gives up ownership of the jansson value (for a container that steals it); written text
    /// is read back into one first (as any JSON value is built here, so its doubles keep their digits).
    private consuming func take() -> (pointer: UnsafeMutablePointer<json_t>, precision: Int32, isRepresentable: Bool) {
        if let written {
            let text = written.takeRetainedValue().bytes
            discard self
            // ``init(writtenText:)`` rules out text that does not read back.
            return JSONNode((try? JSONParser().parse(text)) ?? .null).take()
        }
        let taken = (pointer, precision, isRepresentable)
        discard self
        return taken
    }

    // MARK: - Scalars

    public static var null: JSONNode { JSONNode(pointer: json_null()) }

    public init(_ flag: Bool) {
        self.init(pointer: slam_json_boolean(flag ? 1 : 0))
    }

    public init(_ integer: Int) {
        self.init(pointer: json_integer(json_int_t(integer)))
    }

    public init(_ integer: Int64) {
        self.init(pointer: json_integer(json_int_t(integer)))
    }

    public init(_ double: Double) {
        if double.isFinite, let real = json_real(double) {
            self.init(pointer: real, precision: Int32(JSONSerializer.digitsNeeded(double)))
        } else {
            self.init(pointer: json_null(), isRepresentable: false)
        }
    }

    public init(_ string: String) {
        var string = string
        let pointer = string.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { characters in
                // Swift strings are valid UTF-8, so jansson cannot refuse them.
                json_stringn_nocheck(characters.baseAddress ?? emptyCharacters(), characters.count)!
            }
        }
        self.init(pointer: pointer)
    }

    /// A generic value, converted member by member.
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self.init(flag)
        case .integer(let integer): self.init(integer)
        case .double(let double): self.init(double)
        case .string(let string): self.init(string)
        case .array(let elements):
            var array = JSONNode.array()
            for element in elements { array.append(JSONNode(element)) }
            self = array
        case .object(let members):
            var object = JSONNode.object()
            for (key, member) in members { object.set(key, JSONNode(member)) }
            self = object
        }
    }

    // MARK: - Containers

    /// An empty object; members keep the order they are set in.
    public static func object() -> JSONNode { JSONNode(pointer: json_object()!) }

    /// An empty array.
    public static func array() -> JSONNode { JSONNode(pointer: json_array()!) }

    /// Sets an object member (the node must be an object); a repeated key keeps the last value in its first place.
    public mutating func set(_ key: String, _ value: consuming JSONNode) {
        precondition(written == nil, "a node of written text is not a container to add to")
        let (child, childPrecision, childRepresentable) = value.take()
        absorb(childPrecision, childRepresentable)
        var key = key
        key.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { characters in
                // Steals `child`; Swift strings are valid UTF-8.
                _ = json_object_setn_new_nocheck(pointer, characters.baseAddress ?? emptyCharacters(), characters.count, child)
            }
        }
    }

    /// Sets an object member whose key is a literal (the common case for protocol fields).
    public mutating func set(_ key: StaticString, _ value: consuming JSONNode) {
        precondition(written == nil, "a node of written text is not a container to add to")
        let (child, childPrecision, childRepresentable) = value.take()
        absorb(childPrecision, childRepresentable)
        key.utf8Start.withMemoryRebound(to: CChar.self, capacity: key.utf8CodeUnitCount) { characters in
            _ = json_object_setn_new_nocheck(pointer, characters, key.utf8CodeUnitCount, child)
        }
    }

    /// Appends an array element (the node must be an array).
    public mutating func append(_ value: consuming JSONNode) {
        precondition(written == nil, "a node of written text is not a container to add to")
        let (child, childPrecision, childRepresentable) = value.take()
        absorb(childPrecision, childRepresentable)
        _ = json_array_append_new(pointer, child)
    }

    private mutating func absorb(_ childPrecision: Int32, _ childRepresentable: Bool) {
        if childPrecision > precision { precision = childPrecision }
        if !childRepresentable { isRepresentable = false }
    }

    // MARK: - Writing

    /// Results up to this size are written straight into the output array;
    /// larger ones through jansson's own growing buffer (one pass either way).
    private static let directWriteLimit = 4096

    /// The compact JSON text of this value between `prefix` and `suffix`, in one new array.
    ///
    /// A reply's envelope goes around its result this way without a second copy.
    ///
    /// - Throws: ``JSONError/unrepresentable(reason:path:)`` when a NaN or an
    ///   infinite double went into the document.
    public func serialized(prefix: [UInt8] = [], suffix: [UInt8] = []) throws(JSONError) -> [UInt8] {
        if let writtenText {
            var output: [UInt8] = []
            output.reserveCapacity(prefix.count + writtenText.count + suffix.count)
            output += prefix
            output += writtenText
            output += suffix
            return output
        }
        guard isRepresentable else {
            throw .unrepresentable(reason: "JSON has no representation for a NaN or infinite number", path: "$")
        }
        let flags = slam_json_encode_flags(precision)
        let limit = Self.directWriteLimit
        let direct = [UInt8](unsafeUninitializedCapacity: prefix.count + limit + suffix.count) { buffer, count in
            let base = buffer.baseAddress!
            if !prefix.isEmpty { prefix.withUnsafeBufferPointer { base.update(from: $0.baseAddress!, count: $0.count) } }
            let written = base.advanced(by: prefix.count).withMemoryRebound(to: CChar.self, capacity: limit) {
                json_dumpb(pointer, $0, limit, flags)
            }
            guard written > 0, written <= limit else {
                count = 0
                return
            }
            if !suffix.isEmpty {
                suffix.withUnsafeBufferPointer { base.advanced(by: prefix.count + written).update(from: $0.baseAddress!, count: $0.count) }
            }
            count = prefix.count + written + suffix.count
        }
        if !direct.isEmpty { return direct }
        // Too long for the direct buffer: jansson writes into a growing buffer of its own.
        guard let text = json_dumps(pointer, flags) else {
            throw .unrepresentable(reason: "jansson could not write the document", path: "$")
        }
        defer { free(text) }
        let length = strlen(text)
        var output: [UInt8] = []
        output.reserveCapacity(prefix.count + length + suffix.count)
        output += prefix
        text.withMemoryRebound(to: UInt8.self, capacity: length) { output.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
        output += suffix
        return output
    }
}

/// Text a ``JSONNode`` stands for, shared without copying.
final class WrittenText {
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}
