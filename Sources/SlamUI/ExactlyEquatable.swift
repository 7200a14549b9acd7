#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Equality as a snapshot sees it: the same bytes.
///
/// Swift's `==` calls canonically equivalent strings equal ("é" as one scalar, or as "e" and a
/// combining accent) and 0.0 equal to -0.0, which a snapshot writes differently. A setter that
/// compared with `==` would not mark such a change, so `changed` events and renderers would miss
/// it and the daemon would go on serving the element's old bytes; setters of what snapshots show
/// compare with ``isExactly(_:)`` instead.
protocol ExactlyEquatable {
    /// Whether `other` is written exactly as this value is.
    func isExactly(_ other: Self) -> Bool
}

extension String: ExactlyEquatable {
    func isExactly(_ other: String) -> Bool {
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        guard count > 0 else { return true }
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in memcmp(mine.baseAddress!, theirs.baseAddress!, count) == 0 }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension Double: ExactlyEquatable {
    func isExactly(_ other: Double) -> Bool { bitPattern == other.bitPattern }
}

extension Optional: ExactlyEquatable where Wrapped: ExactlyEquatable {
    func isExactly(_ other: Wrapped?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case let (mine?, theirs?): mine.isExactly(theirs)
        default: false
        }
    }
}

extension Array: ExactlyEquatable where Element: ExactlyEquatable {
    func isExactly(_ other: [Element]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.isExactly($1) }
    }
}

extension TableSection: ExactlyEquatable {
    func isExactly(_ other: TableSection) -> Bool { header.isExactly(other.header) && rows.isExactly(other.rows) }
}

extension TableRow: ExactlyEquatable {
    func isExactly(_ other: TableRow) -> Bool { text.isExactly(other.text) && detail.isExactly(other.detail) }
}

extension CollectionSection: ExactlyEquatable {
    func isExactly(_ other: CollectionSection) -> Bool { header.isExactly(other.header) && items.isExactly(other.items) }
}

extension CollectionItem: ExactlyEquatable {
    func isExactly(_ other: CollectionItem) -> Bool { key.isExactly(other.key) && text.isExactly(other.text) }
}
