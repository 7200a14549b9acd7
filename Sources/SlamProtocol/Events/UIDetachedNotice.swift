import SlamJSON
import SlamRPC

/// The params of a `ui.detached` notification: the daemon stopped a renderer's `ui.redraw` batches
/// itself, because the instance it showed was closed (`reason`: `closed`). A renderer shows that the
/// screen is gone and offers another instance.
public struct UIDetachedNotice: Hashable, Sendable, DeclaredFields {
    /// The notification's method name.
    public static let method = "ui.detached"

    /// The instance the renderer showed.
    public var instance: String
    /// `closed`: `instance.close`, or closed when idle.
    public var reason: String

    public init(instance: String, reason: String) {
        self.instance = instance
        self.reason = reason
    }

    /// Nil for a notification that is no `ui.detached` or whose params do not read.
    public init?(_ notification: Notification) {
        guard notification.method == Self.method, let params = notification.params?.jsonValue,
              let notice = try? UIDetachedNotice(json: params) else { return nil }
        self = notice
    }

    public static var empty: UIDetachedNotice { UIDetachedNotice(instance: "", reason: "") }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("instance", &instance)
        visitor.field("reason", &reason)
    }
}
