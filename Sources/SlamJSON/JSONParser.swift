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

    /// jansson parses and checks the depth (``JSONDocument``); the tree then becomes a ``JSONValue``.
    private func parse(buffer: UnsafeRawBufferPointer) -> Result<JSONValue, JSONError> {
        Result { () throws(JSONError) -> JSONValue in
            try JSONDocument(parsing: buffer, maximumDepth: maximumDepth).withRoot { $0.jsonValue }
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
