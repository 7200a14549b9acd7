import CJansson
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a ``JSONValue`` as compact JSON bytes through jansson.
///
/// Doubles are written with as many significant digits as the most demanding
/// double of the document needs (at most 17), so every finite double reads back
/// bit for bit and `0.1` is written `0.1`, not `0.10000000000000001`; strings are written as UTF-8 with only the escapes JSON
/// requires, so the output never contains a raw newline (newline framing relies
/// on that).
///
/// ```swift
/// let bytes = try JSONSerializer().serialize(["pong": true])   // {"pong":true}
/// ```
public struct JSONSerializer: Sendable {
    /// How the output is laid out.
    public enum Style: Sendable, Hashable {
        /// No whitespace at all: the wire format.
        case compact
        /// One member per line, indented by this many spaces (for files people read).
        case pretty(indent: Int)
    }

    /// The deepest nesting written; deeper values are refused rather than risking the stack.
    public var maximumDepth: Int
    public var style: Style

    public init(style: Style = .compact, maximumDepth: Int = Int(slam_json_parser_max_depth())) {
        self.style = style
        self.maximumDepth = maximumDepth
    }

    /// Serializes `value` into a new byte array.
    ///
    /// - Throws: ``JSONError/unrepresentable(reason:path:)`` for NaN or infinite doubles,
    ///   ``JSONError/tooDeep(limit:path:)`` past ``maximumDepth``.
    public func serialize(_ value: JSONValue) throws(JSONError) -> [UInt8] {
        var output: [UInt8] = []
        try serialize(value, appendingTo: &output)
        return output
    }

    /// Serializes `value` at the end of `output`, so framing can write headers and body into one buffer.
    public func serialize(_ value: JSONValue, appendingTo output: inout [UInt8]) throws(JSONError) {
        var precision = 1
        let root = JanssonReference(owning: try makeJansson(value, depth: 0, path: { .root }, precision: &precision))
        let flags = switch style {
        case .compact: slam_json_encode_flags(Int32(precision))
        case .pretty(let indent): slam_json_encode_flags_pretty(Int32(min(max(indent, 0), 31)), Int32(precision))
        }
        // One call into jansson, which writes into its own growing buffer: a Swift
        // callback per token (the first version) cost more than jansson's writing itself.
        guard let text = withExtendedLifetime(root, { json_dumps(root.pointer, flags) }) else {
            // json_dumps fails only when memory runs out.
            throw .unrepresentable(reason: "jansson could not write the document", path: "$")
        }
        defer { free(text) }
        text.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
            output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: strlen(text)))
        }
    }

    /// Builds a new jansson value with one reference owned by the caller.
    /// `path` is built only for an error (see ``JSONParser``).
    private func makeJansson(_ value: JSONValue, depth: Int, path: () -> JSONPath,
                             precision: inout Int) throws(JSONError) -> UnsafeMutablePointer<json_t> {
        switch value {
        case .null:
            return json_null()
        case .bool(let flag):
            return slam_json_boolean(flag ? 1 : 0)
        case .integer(let integer):
            return json_integer(json_int_t(integer))
        case .double(let double):
            guard double.isFinite, let real = json_real(double) else {
                throw .unrepresentable(reason: "JSON has no representation for \(double)", path: path().description)
            }
            precision = max(precision, Self.digitsNeeded(double))
            return real
        case .string(let string):
            var string = string
            return string.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { characters in
                    // Swift strings are valid UTF-8, so jansson cannot refuse them.
                    guard let base = characters.baseAddress else { return json_string_nocheck("")! }
                    return json_stringn_nocheck(base, characters.count)!
                }
            }
        case .array(let elements):
            guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth, path: path().description) }
            let array = JanssonReference(owning: json_array()!)
            for (index, element) in elements.enumerated() {
                let child = try makeJansson(element, depth: depth + 1, path: { path().appending(index: index) }, precision: &precision)
                json_array_append_new(array.pointer, child)  // steals `child`
            }
            return json_incref(array.pointer)!
        case .object(let members):
            guard depth < maximumDepth else { throw .tooDeep(limit: maximumDepth, path: path().description) }
            let object = JanssonReference(owning: json_object()!)
            for (key, member) in members {
                let child = try makeJansson(member, depth: depth + 1, path: { path().appending(key: key) }, precision: &precision)
                var key = key
                key.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { characters in
                        if let base = characters.baseAddress {
                            _ = json_object_setn_new_nocheck(object.pointer, base, characters.count, child)
                        } else {
                            _ = json_object_set_new_nocheck(object.pointer, "", child)
                        }
                    }
                }
            }
            return json_incref(object.pointer)!
        }
    }
}

extension JSONSerializer {
    /// The significant digits `%.Ng` needs to write `value` so it reads back exactly
    /// without switching to exponent notation for its integer part: Swift's
    /// shortest round-trip description tells how many digits carry information.
    static func digitsNeeded(_ value: Double) -> Int {
        let text = value.magnitude.description
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        let integerPart = mantissa.prefix { $0 != "." }
        let allDigits = mantissa.filter(\.isNumber).drop { $0 == "0" }
        var significant = allDigits.count
        if mantissa.contains(".") {
            significant -= allDigits.reversed().prefix { $0 == "0" }.count
        }
        let integerDigits = text.contains("e") ? 0 : integerPart.drop { $0 == "0" }.count
        return min(max(significant, integerDigits, 1), 17)
    }
}
