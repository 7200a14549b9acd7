/// A place in a sectioned table (section, row) or a collection view (section, item).
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, zero-based.
    public var section: Int
    /// The row within the section, zero-based (the same number as ``item``).
    public var row: Int

    /// The item of a collection view: the same number as ``row``.
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    /// A place in a sectioned table.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// A place in a collection view.
    public init(section: Int, item: Int) {
        self.init(section: section, row: item)
    }

    /// Orders places by section, then by row.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `[section, row]`, as press values and snapshots write it.
    public var description: String { "[\(section), \(row)]" }
}
