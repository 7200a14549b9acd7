/// Listeners keyed by a weakly held owner: removed by owner, and dropped
/// unheard once their owner is gone, so a forgotten removal can neither leak
/// the owner nor call into a dead object.
struct ListenerList<Argument> {
    private struct Entry {
        weak var owner: AnyObject?
        let ownerIdentifier: ObjectIdentifier
        let listener: (Argument) -> Void
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.allSatisfy { $0.owner == nil } }

    /// How many listeners have a live owner.
    var count: Int { entries.filter { $0.owner != nil }.count }

    mutating func add(owner: AnyObject, _ listener: @escaping (Argument) -> Void) {
        entries.append(Entry(owner: owner, ownerIdentifier: ObjectIdentifier(owner), listener: listener))
    }

    /// Removes every listener `owner` added.
    mutating func remove(owner: AnyObject) {
        let identifier = ObjectIdentifier(owner)
        entries.removeAll { $0.ownerIdentifier == identifier || $0.owner == nil }
    }

    /// The listeners whose owners are alive, in the order they were added (dead ones are pruned).
    mutating func live() -> [(Argument) -> Void] {
        entries.removeAll { $0.owner == nil }
        return entries.map(\.listener)
    }
}
