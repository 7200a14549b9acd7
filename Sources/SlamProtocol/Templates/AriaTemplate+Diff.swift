/// Where a snapshot differs from a template, as a person reads it: a unified diff.
extension AriaTemplate {
    /// A unified diff from the template (`-`) to the snapshot whose first level is `nodes` (`+`);
    /// "" when the snapshot contains the template.
    ///
    /// The snapshot side is written in the template's shape: a node that matches a template line
    /// is written as that line (so it reads as unchanged), a node whose role and name agree with a
    /// line but whose states or children do not is written as it is (as the line when only its
    /// children differ), with its children compared the same way, and other nodes as the snapshot
    /// writes them. The template's first level is
    /// compared where in the snapshot the most of it matches (or agrees on role and name).
    public func diff<Subject: AriaSubject>(against nodes: [Subject]) -> String {
        if matches(nodes) { return "" }
        var best = (list: nodes, score: Self.matchedCount(roots, nodes))
        func search(_ node: Subject) {
            let children = node.ariaChildren
            let score = Self.matchedCount(roots, children)
            if score > best.score { best = (children, score) }
            for child in children { search(child) }
        }
        for node in nodes { search(node) }
        var expected: [String] = []
        for root in roots { root.appendLines(to: &expected, indent: 0) }
        let actual = Self.alignedLines(roots, best.list, indent: 0)
        return Self.unifiedDiff(expected: expected, actual: actual)
    }

    /// How well `templates` match, in order, as a subsequence of `nodes`: two for each that matches,
    /// one for each whose role and name agree with a node (the place a person most likely meant).
    private static func matchedCount<Subject: AriaSubject>(_ templates: [Node], _ nodes: [Subject]) -> Int {
        var count = 0
        var next = nodes.startIndex
        for template in templates {
            if let found = nodes[next...].firstIndex(where: { template.matches($0) }) {
                count += 2
                next = found + 1
            } else if let found = nodes[next...].firstIndex(where: { template.matchesRoleAndName($0) }) {
                count += 1
                next = found + 1
            }
        }
        return count
    }

    /// How a snapshot node stands to the template line it was paired with.
    private enum Pairing {
        /// The node matches the line and everything below it.
        case full(Node)
        /// The role and name agree; states or children do not.
        case partial(Node)
    }

    /// `nodes` written in the shape of `templates` (see ``diff(against:)``).
    private static func alignedLines<Subject: AriaSubject>(_ templates: [Node], _ nodes: [Subject], indent: Int) -> [String] {
        var pairings: [Int: Pairing] = [:]
        var next = nodes.startIndex
        for template in templates {
            if let found = nodes[next...].firstIndex(where: { template.matches($0) }) {
                pairings[found] = .full(template)
                next = found + 1
            } else if let found = nodes[next...].firstIndex(where: { template.matchesRoleAndName($0) }) {
                pairings[found] = .partial(template)
                next = found + 1
            }
        }
        var lines: [String] = []
        let padding = String(repeating: "  ", count: indent)
        for (index, node) in nodes.enumerated() {
            switch pairings[index] {
            case .full(let template)?:
                template.appendLines(to: &lines, indent: indent)
            case .partial(let template)? where !template.children.isEmpty:
                // Only the children differ: the line itself reads as unchanged.
                let line = template.matchesLine(node) ? "- " + template.source : node.ariaLine
                lines.append(padding + line + ":")
                lines += alignedLines(template.children, node.ariaChildren, indent: indent + 1)
            case .partial?:
                lines.append(padding + node.ariaLine)
            case nil:
                appendSnapshotLines(of: node, to: &lines, indent: indent)
            }
        }
        return lines
    }

    private static func appendSnapshotLines<Subject: AriaSubject>(of node: Subject, to lines: inout [String], indent: Int) {
        let children = node.ariaChildren
        lines.append(String(repeating: "  ", count: indent) + node.ariaLine + (children.isEmpty ? "" : ":"))
        for child in children { appendSnapshotLines(of: child, to: &lines, indent: indent + 1) }
    }

    /// Every line of both sides, those only in the template marked `-`, those only in the snapshot `+`
    /// (a longest common subsequence keeps the rest as context).
    static func unifiedDiff(expected: [String], actual: [String]) -> String {
        // The table is rows × columns: past a budget (a big template against a big screen), both sides are
        // listed whole instead, and either way the text stops at a bounded number of lines.
        let rows = expected.count, columns = actual.count
        guard rows * columns <= maximumDiffCells else {
            return bounded(["--- expected (template)", "+++ actual (snapshot)"]
                           + expected.map { "- " + $0 } + actual.map { "+ " + $0 })
        }
        var common = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                common[row][column] = expected[row] == actual[column]
                    ? common[row + 1][column + 1] + 1
                    : max(common[row + 1][column], common[row][column + 1])
            }
        }
        var lines = ["--- expected (template)", "+++ actual (snapshot)"]
        var row = 0, column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, expected[row] == actual[column] {
                lines.append("  " + expected[row])
                row += 1
                column += 1
            } else if row < rows, column == columns || common[row + 1][column] >= common[row][column + 1] {
                lines.append("- " + expected[row])
                row += 1
            } else {
                lines.append("+ " + actual[column])
                column += 1
            }
        }
        return bounded(lines)
    }

    /// The most cells of the common-subsequence table a diff computes.
    static let maximumDiffCells = 1_000_000
    /// The most lines a diff shows; the rest is counted.
    static let maximumDiffLines = 500

    private static func bounded(_ lines: [String]) -> String {
        guard lines.count > maximumDiffLines else { return lines.joined(separator: "\n") + "\n" }
        return lines.prefix(maximumDiffLines).joined(separator: "\n") + "\n… \(lines.count - maximumDiffLines) more lines\n"
    }
}
