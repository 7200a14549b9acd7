/// "Did you mean …": the names nearest to one a client got wrong.
///
/// Nearness is the edit distance (insertions, deletions, substitutions, swaps of neighbours) between
/// the lower-cased names; a name that contains the other, or is contained in it,
/// counts as near too (names of three characters or more). Used for references, texts and types a locator misses.
public enum NameSuggestions {
    /// Up to `limit` of `candidates` near `name`, nearest first (ties in the candidates' order).
    public static func nearest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let wanted = Array(name.lowercased())
        guard !wanted.isEmpty else { return [] }
        // One edit in three letters: "Setings" is "Settings", but "OK" is not "+1" nor "bogus" "focus".
        let threshold = max(1, wanted.count / 3)
        var scored: [(distance: Int, order: Int, name: String)] = []
        var seen: Set<String> = []
        for (order, candidate) in candidates.enumerated() where !candidate.isEmpty && seen.insert(candidate).inserted {
            let lowered = candidate.lowercased()
            var distance = editDistance(wanted, Array(lowered), limit: threshold)
            if distance > threshold, wanted.count >= 3, lowered.count >= 3,
               lowered.contains(String(wanted)) || String(wanted).contains(lowered) {
                distance = threshold
            }
            if distance <= threshold { scored.append((distance, order, candidate)) }
        }
        scored.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        return scored.prefix(limit).map(\.name)
    }

    /// The edit distance between `a` and `b` (insertions, deletions, substitutions, and two neighbours
    /// swapped: "cuont" is one edit from "count"), or any value above `limit` once it is certain to exceed it.
    public static func editDistance(_ a: [Character], _ b: [Character], limit: Int = .max) -> Int {
        if abs(a.count - b.count) > limit { return limit == .max ? limit : limit + 1 }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousMinimum = 0
        for (i, left) in a.enumerated() {
            current[0] = i + 1
            var rowMinimum = current[0]
            for (j, right) in b.enumerated() {
                var distance = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
                if i > 0, j > 0, left == b[j - 1], a[i - 1] == right {
                    distance = Swift.min(distance, beforePrevious[j - 1] + 1)
                }
                current[j + 1] = distance
                rowMinimum = Swift.min(rowMinimum, distance)
            }
            // A row can only undercut the one before it through a swap reaching two rows back.
            if rowMinimum > limit && previousMinimum > limit { return limit + 1 }
            previousMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
