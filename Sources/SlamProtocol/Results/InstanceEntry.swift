import SlamJSON

/// One instance of an application the daemon hosts, as `instance.create`, `instance.use` and
/// `instance.list` describe it.
public struct InstanceEntry: Hashable, Sendable, DeclaredFields {
    /// The instance's handle: `main` for the one the daemon started with, `i1`, `i2` … for the others.
    public var instance: String
    /// What it hosts: `launched` (the application the daemon was started with), `demo`, or `storyboard`.
    public var app: String
    /// The storyboard file it was made from (`app` is `storyboard`), else null.
    public var storyboard: String?
    /// What its creator called it (`instance.create {label}`), else null.
    public var label: String?
    /// How many connections use it now.
    public var connections: Int
    /// The number of the connection that made it (null for `main`): see `subscribe`'s `client`.
    public var createdBy: Int?
    /// Whether the connection asking uses it.
    public var current: Bool

    public init(instance: String, app: String, storyboard: String?, label: String?, connections: Int, createdBy: Int?, current: Bool) {
        self.instance = instance
        self.app = app
        self.storyboard = storyboard
        self.label = label
        self.connections = connections
        self.createdBy = createdBy
        self.current = current
    }

    public static var empty: InstanceEntry {
        InstanceEntry(instance: "", app: "", storyboard: nil, label: nil, connections: 0, createdBy: nil, current: false)
    }
    public static var componentName: String? { "Instance" }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("instance", &instance, "The instance's handle: `main` for the one the daemon started with, `i1`, `i2` … for the others.")
        visitor.field("app", &app, "What it hosts: `launched` (the application the daemon was started with), `demo`, or `storyboard`.")
        visitor.field("storyboard", &storyboard, "The storyboard file it was made from, when `app` is `storyboard`.")
        visitor.field("label", &label, "What its creator called it (`instance.create`'s `label`).")
        visitor.field("connections", &connections, "How many connections use it now.")
        visitor.field("createdBy", &createdBy, "The number of the connection that made it (`subscribe`'s `client`); null for `main`.")
        visitor.field("current", &current, "Whether the connection asking uses it.")
    }
}
