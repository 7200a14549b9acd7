import SlamJSON

/// What `trace.stop` answers: the trace file and how many records (lines) it holds.
public struct TraceStopped: Hashable, Sendable, DeclaredFields {
    public var path: String
    public var records: Int

    public init(path: String, records: Int) {
        self.path = path
        self.records = records
    }

    public static var empty: TraceStopped { TraceStopped(path: "", records: 0) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("path", &path)
        visitor.field("records", &records, minimum: 0)
    }
}
