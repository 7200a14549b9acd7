import SlamJSON

/// What `trace.start` answers: the absolute path of the trace file being written.
public struct TraceStarted: Hashable, Sendable, DeclaredFields {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public static var empty: TraceStarted { TraceStarted(path: "") }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("path", &path)
    }
}
