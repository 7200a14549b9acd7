import SlamJSON

/// What `instance.close` answers: the instance closed, and what its closing ended.
public struct InstanceClosed: Hashable, Sendable, DeclaredFields {
    public var instance: String
    /// Connections that used it: their requests now get -32019 until they `instance.use` another.
    public var connections: Int
    /// Pending waits and actions answered with -32019.
    public var waitsAnswered: Int

    public init(instance: String, connections: Int, waitsAnswered: Int) {
        self.instance = instance
        self.connections = connections
        self.waitsAnswered = waitsAnswered
    }

    public static var empty: InstanceClosed { InstanceClosed(instance: "", connections: 0, waitsAnswered: 0) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("instance", &instance)
        visitor.field("connections", &connections, "Connections that used it: their requests now get -32019 until they `instance.use` another.")
        visitor.field("waitsAnswered", &waitsAnswered, "Pending waits and actions it answered with -32019.")
    }
}
