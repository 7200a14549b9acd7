import SlamJSON

/// What `trace.start` answers: the absolute path of the trace file being written.
public struct TraceStarted: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = TraceStarted

    public var path: String

    public init(path: String) {
        self.path = path
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        path = try json.member("path")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("path", JSONNode(path))
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "required": ["path"], "properties": ["path": ["type": "string"]]]
    }
}
