import SlamJSON
import SlamRPC

/// The params of a `ui.redraw` notification: one atomic batch of changes for an
/// attached renderer, numbered one after the previous batch (or the attach).
///
/// Operations are kept as JSON (each has an `op` member: `stack`, `state`,
/// `remove`, `insert`, `move`, `update`; see Protocol/README.md, "Remote UIs"):
/// a renderer applies them in order.
public struct UIRedraw: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = UIRedraw
    /// The notification's method name.
    public static let method = "ui.redraw"

    public var seq: Int
    public var ops: [JSONValue]

    public init(seq: Int, ops: [JSONValue]) {
        self.seq = seq
        self.ops = ops
    }

    /// Nil for a notification that is no `ui.redraw` or whose params do not read.
    public init?(_ notification: Notification) {
        guard notification.method == Self.method, let params = notification.params?.jsonValue,
              let redraw = try? UIRedraw(json: params) else { return nil }
        self = redraw
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        seq = try json.member("seq")
        guard case .array(let ops)? = json["ops"] else { throw ResultDecodingError(expected: "a batch with `ops`", got: json) }
        self.ops = ops
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("seq", JSONNode(seq))
        object.set("ops", JSONNode(JSONValue.array(ops)))
        return object
    }

    /// The params' JSON Schema, for discovery.
    public static var schema: JSONValue {
        [
            "type": "object", "required": ["seq", "ops"],
            "properties": [
                "seq": ["type": "integer", "minimum": 1],
                "ops": ["type": "array", "items": ["$ref": "#/components/schemas/UIOperation"]],
            ],
        ]
    }
}
