import SlamJSON

/// What `trace.stop` answers: the trace file and how many records (lines) it holds.
public struct TraceStopped: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = TraceStopped

    public var path: String
    public var records: Int

    public init(path: String, records: Int) {
        self.path = path
        self.records = records
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        path = try json.member("path")
        records = try json.member("records")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("path", JSONNode(path))
        object.set("records", JSONNode(records))
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "required": ["path", "records"],
         "properties": ["path": ["type": "string"], "records": ["type": "integer", "minimum": 0]]]
    }
}
