import CJansson

/// A JSON document parsed by jansson and read in place through ``JSONElement``s.
///
/// This is the fast way in: nothing is converted until a reader asks for it,
/// so a request's envelope and parameters are read straight from jansson's
/// tree. Parsing is as strict as ``JSONParser``'s (invalid UTF-8, duplicate
/// keys, trailing bytes, integers outside Int64 and nesting deeper than
/// `maximumDepth` are refused). The tree is released when the document goes.
///
/// ```swift
/// let document = try JSONDocument(parsing: bytes)
/// let method = document.withRoot { $0["method"]?.stringValue }
/// ```
public struct JSONDocument: ~Copyable {
    private let root: UnsafeMutablePointer<json_t>

    /// Parses a whole document.
    ///
    /// - Throws: ``JSONError/syntax(message:line:column:position:)`` for anything jansson
    ///   refuses, ``JSONError/tooDeep(limit:path:)`` past `maximumDepth`.
    public init(parsing bytes: UnsafeRawBufferPointer, maximumDepth: Int = 512) throws(JSONError) {
        root = try Self.load(bytes, maximumDepth: maximumDepth)
    }

    /// Parses a whole document held in an array.
    public init(parsing bytes: [UInt8], maximumDepth: Int = 512) throws(JSONError) {
        var error: JSONError?
        let loaded = bytes.withUnsafeBytes { buffer -> UnsafeMutablePointer<json_t>? in
            do throws(JSONError) {
                return try Self.load(buffer, maximumDepth: maximumDepth)
            } catch let failure {
                error = failure
                return nil
            }
        }
        guard let loaded else { throw error! }
        root = loaded
    }

    /// jansson's tree of `bytes`, owned by the caller. (No `Result` here: instantiating its
    /// generic metadata on every request was a visible share of a small request's cost.)
    private static func load(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) throws(JSONError) -> UnsafeMutablePointer<json_t> {
        var error = json_error_t()
        let loaded = if let base = bytes.baseAddress, bytes.count > 0 {
            json_loadb(base.assumingMemoryBound(to: CChar.self), bytes.count, slam_json_decode_flags(), &error)
        } else {
            // jansson refuses a NULL buffer as "wrong arguments"; an empty document is a syntax error.
            json_loadb("", 0, slam_json_decode_flags(), &error)
        }
        guard let loaded else { throw JSONParser.syntaxError(error) }
        let limit = min(maximumDepth, Int(slam_json_parser_max_depth()))
        // Each level of nesting opens with a byte of its own: a document no longer than the limit
        // cannot pass it, and its tree (a request's, nearly always) need not be walked.
        if bytes.count > limit, let path = JSONElement(loaded).firstPathDeeper(than: limit, path: { .root }) {
            json_decref(loaded)
            throw .tooDeep(limit: limit, path: path.description)
        }
        return loaded
    }

    deinit {
        json_decref(root)
    }

    /// Lends the root element to `body`; the element must not escape it.
    public func withRoot<Result, Failure: Error>(_ body: (JSONElement) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(JSONElement(root))
    }
}
