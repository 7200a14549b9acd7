/// A path of `slamd --web` that the program hosting the daemon answers itself (SlamHost's `/mcp`):
/// any method, a bounded body, a response written whole or as a stream.
///
/// A request reaches the handler only after ``WebAccessPolicy`` let it through with the token
/// (`Authorization: Bearer`), the `Host` and the `Origin` exactly as for `/rpc`; a refused one is
/// answered 401 or 403 and logged as every web refusal is. A body longer than
/// ``maximumBodyBytes`` is refused with 413 before the handler runs.
///
/// The handler runs in a task of its own, off the daemon's event loop; the task is cancelled when
/// the client closes the connection, which ends a held stream. Requests on one kept-alive
/// connection are answered in order: the next reaches the handler once this one's response ended.
public struct WebEndpoint: Sendable {
    public typealias Handler = @Sendable (_ request: WebEndpointRequest, _ response: WebEndpointResponse) async -> Void

    /// The path served, without a query (`/mcp`).
    public let path: String
    public let maximumBodyBytes: Int
    public let handler: Handler

    public init(path: String, maximumBodyBytes: Int, handler: @escaping Handler) {
        precondition(path.hasPrefix("/") && !path.contains("?"), "a web endpoint's path starts with / and has no query")
        self.path = path
        self.maximumBodyBytes = maximumBodyBytes
        self.handler = handler
    }
}

/// One request to a ``WebEndpoint``, read whole.
public struct WebEndpointRequest: Sendable {
    /// `POST`, `GET`, `DELETE`, … as the client wrote it.
    public let method: String
    /// The request target, query included.
    public let target: String
    /// Every header in the order received.
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    public init(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The values of the headers named `name` (names compare without case).
    public func headers(named name: String) -> [String] {
        let name = name.lowercased()
        return headers.filter { $0.name.lowercased() == name }.map(\.value)
    }

    /// The value of the header named `name` when there is exactly one.
    public func header(_ name: String) -> String? {
        let values = headers(named: name)
        return values.count == 1 ? values[0] : nil
    }
}
