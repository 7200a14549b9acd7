/// Method names found by their UTF-8 bytes, as a request holds them: no Swift `String` is made and
/// no string hashed to find the method a request names.
///
/// An open-addressing table (FNV-1a of the bytes, linear probing) over the registry's names, rebuilt
/// when a name is added; a lookup hashes the bytes once and compares them with one name, two at worst.
@usableFromInline
struct MethodNameTable {
    private var names: [[UInt8]] = []
    /// Index into ``names`` + 1 per slot (0: empty); the count is a power of two over twice the names.
    private var slots: [Int32] = [0, 0]

    /// Adds `name` as the next index (the caller adds each name once); the slots are laid out anew
    /// only when they grow.
    mutating func append(_ name: String) {
        names.append(Array(name.utf8))
        guard slots.count < names.count * 2 + 2 else {
            names[names.count - 1].withUnsafeBytes { insert(names.count - 1, hash: Self.hash($0)) }
            return
        }
        var size = slots.count
        while size < names.count * 2 + 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        for (index, name) in names.enumerated() {
            name.withUnsafeBytes { insert(index, hash: Self.hash($0)) }
        }
    }

    private mutating func insert(_ index: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    /// The index of the name spelled by `bytes`, or nil.
    func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if names[entry - 1].withUnsafeBytes({ $0.hasSameBytes(as: bytes) }) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash ^ (hash >> 29)
    }
}
