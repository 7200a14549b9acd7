import SlamJSON

/// A request in the shape nearly every client sends — `"jsonrpc":"2.0"`, a `method` the registry
/// has, an integer or string `id`, `params` an object, an array, null or absent, and nothing else —
/// read in one pass over its members, keys compared by their bytes.
///
/// It is the dispatcher's short way for the common case: anything else (a notification, a response,
/// an unknown method, another id type, anything malformed) is not a plain request, and is read by
/// ``IncomingMessage`` as always, with its errors; both read a plain request alike.
@usableFromInline
struct PlainRequest {
    @usableFromInline let id: RequestID
    /// The method's index in the registry.
    @usableFromInline let method: Int
    @usableFromInline let params: JSONElement?

    @usableFromInline
    init?(_ element: JSONElement, names: MethodNameTable) {
        var hasVersion = false
        var method: Int?
        var id: RequestID?
        var params: JSONElement?
        for (key, value) in element.members {
            if Self.key(key, is: "jsonrpc") {
                guard value.isString("2.0") else { return nil }
                hasVersion = true
            } else if Self.key(key, is: "method") {
                guard let name = value.stringBytes, let index = names.index(of: name) else { return nil }
                method = index
            } else if Self.key(key, is: "id") {
                switch value.kind {
                case .integer: id = .integer(value.integerValue!)
                case .string: id = .string(value.stringValue!)
                default: return nil
                }
            } else if Self.key(key, is: "params") {
                switch value.kind {
                case .object, .array: params = value
                case .null: params = nil
                default: return nil
                }
            } else {
                return nil
            }
        }
        guard hasVersion, let method, let id else { return nil }
        self.id = id
        self.method = method
        self.params = params
    }

    private static func key(_ key: UnsafeRawBufferPointer, is name: StaticString) -> Bool {
        key.hasSameBytes(as: UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}
