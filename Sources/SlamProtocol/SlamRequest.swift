import SlamJSON
import SlamRPC

/// One method of the Slam protocol, described once for the server and every
/// Swift client: its name, its parameters (the type's own properties, declared
/// in ``parameters``), its result type, its errors and its documentation.
///
/// The server decodes requests with ``parameters`` and the clients write them
/// with it; discovery (`rpc.discover`) is generated from the same declaration.
///
/// ```swift
/// let snapshot = try connection.send(FindRequest(ref: "count"))   // a Snapshot
/// ```
public protocol SlamRequest: Sendable {
    /// What the method answers, as a client reads it.
    associatedtype Result: ResultValue

    /// The JSON-RPC method name.
    static var method: String { get }
    /// One sentence for discovery and `slamctl help`.
    static var summary: String { get }
    /// The parameters in position order, and how each fills this type.
    static var parameters: ParameterList<Self> { get }
    /// A JSON Schema of the result, for discovery; by default the result type's own (``FieldValue``).
    static var resultSchema: JSONValue { get }
    /// The application errors the method can answer with (beyond -32600…-32602).
    static var errors: [ErrorCode] { get }
}

extension SlamRequest {
    public static var errors: [ErrorCode] { [] }

    /// The params a client sends for this request, by name.
    public var params: JSONValue.Object { Self.parameters.encode(self) }
}

extension SlamRequest where Result: FieldValue {
    public static var resultSchema: JSONValue { Result.fieldSchema }
}

/// A result or event a client reads from a JSON value.
public protocol ResultValue: Sendable {
    /// Reads the value, or says why it is not what the protocol promises.
    init(json: JSONValue) throws(ResultDecodingError)
}

/// A value the server writes as the JSON of `Value`, straight into jansson.
///
/// Every result type writes itself (`Value == Self`); the server may write a
/// result from its own model instead (a snapshot straight from an element),
/// and the type system checks that what it writes is the method's declared result.
public protocol JSONEncoding<Value> {
    associatedtype Value
    func jsonNode() -> JSONNode
}

/// A message from the daemon that does not hold what the protocol says it holds.
public struct ResultDecodingError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    /// "expected <what>, got <value>".
    public init(expected: String, got value: JSONValue) {
        self.init("expected \(expected), got \(value)")
    }

    public var description: String { message }
}
