import SlamJSON
import SlamRPC

/// The params of a `ui.redraw` notification: one atomic batch of changes for an
/// attached renderer, numbered one after the previous batch (or the attach).
///
/// Operations are kept as JSON (each has an `op` member: `stack`, `state`,
/// `remove`, `insert`, `move`, `update`; see Protocol/README.md, "Remote UIs"):
/// a renderer applies them in order.
public struct UIRedraw: Hashable, Sendable, DeclaredFields {
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

    public static var empty: UIRedraw { UIRedraw(seq: 0, ops: []) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("seq", &seq, minimum: 1)
        visitor.field("ops", &ops, schema: ["type": "array", "items": ["$ref": "#/components/schemas/UIOperation"]])
    }
}
