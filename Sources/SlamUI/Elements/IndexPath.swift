/// A place in a sectioned table (section, row) or a collection view (section, item).
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    /// The item of a collection view: the same number as ``row``.
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    public init(section: Int, item: Int) {
        self.init(section: section, row: item)
    }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `[section, row]`, as press values and snapshots write it.
    public var description: String { "[\(section), \(row)]" }
}
