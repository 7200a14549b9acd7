import CJansson

/// Reads JSON bytes into a ``JSONValue`` through jansson.
///
/// Strict by design: invalid UTF-8, duplicate object keys, trailing bytes and
/// integers outside Int64 are refused with jansson's message and position; a
/// document nested deeper than ``maximumDepth`` is refused before it can exhaust
/// a stack. Any top-level value is accepted (`1`, `"x"`), because JSON-RPC must
/// tell "not JSON" apart from "JSON but not a request".
///
/// ```swift
/// let value = try JSONParser().parse(Array(#"{"id":1}"#.utf8))
/// ```
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects accepted; `[[1]]` has depth 2.
    public var maximumDepth: Int

    /// Creates a parser. `maximumDepth` is capped at jansson's own compile-time limit.
    public init(maximumDepth: Int = 512) {
        self.maximumDepth = min(maximumDepth, Int(slam_json_parser_max_depth()))
    }

    /// Parses a whole document.
    ///
    /// - Throws: ``JSONError/syntax(message:line:column:position:)`` for anything jansson
    ///   refuses, ``JSONError/tooDeep(limit:path:)`` past ``maximumDepth``.
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
        let result: Result<JSONValue, JSONError> =
            bytes.withContiguousStorageIfAvailable { buffer in
                parse(buffer: UnsafeRawBufferPointer(buffer))
            } ?? Array(bytes).withUnsafeBytes { parse(buffer: $0) }
        return try result.get()
    }

    /// Parses a whole document given as text.
    public func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private func parse(buffer: UnsafeRawBufferPointer) -> Result<JSONValue, JSONError> {
        var error = json_error_t()
        let loaded = if let base = buffer.baseAddress {
            json_loadb(base.assumingMemoryBound(to: CChar.self), buffer.count, slam_json_decode_flags(), &error)
        } else {
            // jansson refuses a NULL buffer as "wrong arguments"; an empty document is a syntax error.
            json_loadb("", 0, slam_json_decode_flags(), &error)
        }
        guard let pointer = loaded else {
            return .failure(Self.syntaxError(error))
        }
        let root = JanssonReference(owning: pointer)
        return withExtendedLifetime(root) {
            Result { () throws(JSONError) -> JSONValue in
                try convert(root.pointer, depth: 0, path: { .root })
            }
        }
    }

    /// `path` is built only when an error needs it: a document's paths cost
    /// nothing while it converts cleanly (building one per value doubled the time).
    private func convert(_ json: UnsafeMutablePointer<json_t>, depth: Int, path: () -> JSONPath) throws(JSONError) -> JSONValue {
        switch slam_json_typeof(json) {
        case JSON_NULL:
            return .null
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        case JSON_INTEGER:
            return .integer(Int64(json_integer_value(json)))
        case JSON_REAL:
            return .double(json_real_value(json))
        case JSON_STRING:
            return .string(Self.string(json_string_value(json), length: json_string_length(json)))
        case JSON_ARRAY:
            guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth, path: path().description) }
            let count = json_array_size(json)
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            for index in 0..<count {
                let element = json_array_get(json, index)!
                let converted = try convert(element, depth: depth + 1, path: { path().appending(index: index) })
                array.append(converted)
            }
            return .array(array)
        case JSON_OBJECT:
            guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth, path: path().description) }
            var object = JSONValue.Object(minimumCapacity: json_object_size(json))
            // jansson (since 2.8) iterates in insertion order, which is document order.
            var iterator = json_object_iter(json)
            while let current = iterator {
                let key = Self.string(json_object_iter_key(current), length: json_object_iter_key_len(current))
                let member = json_object_iter_value(current)!
                // Converting before touching `object` keeps a throw from starting a
                // subscript access that is then abandoned (which leaked under typed throws).
                let converted = try convert(member, depth: depth + 1, path: { path().appending(key: key) })
                object[key] = converted
                iterator = json_object_iter_next(json, current)
            }
            return .object(object)
        default:
            throw .syntax(message: "unknown jansson value type", line: 0, column: 0, position: 0)
        }
    }

    /// Decodes a jansson string by its length, so embedded NUL characters survive.
    private static func string(_ characters: UnsafePointer<CChar>?, length: Int) -> String {
        guard let characters, length > 0 else { return "" }
        return characters.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
    }

    static func syntaxError(_ error: json_error_t) -> JSONError {
        var error = error
        let message = withUnsafeBytes(of: &error.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        // jansson says "unable to decode byte 0xc3"; name the actual problem for the reader.
        let explained = message.hasPrefix("unable to decode byte") ? "invalid UTF-8: \(message)" : message
        return .syntax(message: explained, line: Int(error.line), column: Int(error.column), position: Int(error.position))
    }
}
