/// What to write to a terminal to go from one frame to the next: only the lines
/// that changed, each drawn over its row; everything when there was no previous
/// frame or its size differs.
public struct TerminalRepaint: Sendable {
    public var usesColor: Bool
    /// The encoded lines now on the terminal (nil: unknown, paint all).
    public private(set) var shown: [String]?
    private var shownWidth = 0

    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Forgets what is on the terminal: the next frame is painted whole (after a resize, Ctrl-L).
    public mutating func invalidate() {
        shown = nil
    }

    /// The bytes that turn the terminal's contents into `frame`; empty when nothing changed.
    public mutating func update(to frame: TerminalFrame) -> String {
        // A short line clears the rest of its row; a full one must not (the cursor sits on its last
        // column, which erasing "to the end" would blank).
        let lines = frame.lines.map { $0.encoded(usesColor: usesColor) + ($0.width < frame.width ? "\u{1B}[K" : "") }
        defer {
            shown = lines
            shownWidth = frame.width
        }
        return Self.difference(from: shownWidth == frame.width ? shown : nil, to: lines)
    }

    /// The bytes from `old` to `new` (encoded lines, each clearing what it does not cover): changed rows only, or a clear screen and every row.
    public static func difference(from old: [String]?, to new: [String]) -> String {
        var out = ""
        let whole = old == nil || old!.count != new.count
        if whole { out += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        for (row, line) in new.enumerated() where whole || old![row] != line {
            out += "\u{1B}[\(row + 1);1H" + line
        }
        return out
    }
}
