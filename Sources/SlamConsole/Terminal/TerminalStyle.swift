/// How a run of text looks: attributes and, on a terminal with colours, ANSI colours 0–7.
public struct TerminalStyle: Hashable, Sendable {
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false
    /// ANSI colour 0–7 (red 1, green 2, yellow 3, blue 4, magenta 5, cyan 6, white 7), or nil.
    public var foreground: UInt8?
    public var background: UInt8?

    public init(bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
                foreground: UInt8? = nil, background: UInt8? = nil) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
        self.background = background
    }

    public static let plain = TerminalStyle()
    public static let red: UInt8 = 1, green: UInt8 = 2, yellow: UInt8 = 3, blue: UInt8 = 4, cyan: UInt8 = 6, white: UInt8 = 7

    /// The SGR sequence that sets this style from a reset one (empty for plain);
    /// without colours, only the attributes (bold, dim, underline, reverse).
    public func sequence(usesColor: Bool) -> String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        if usesColor {
            if let foreground { codes.append("3\(foreground)") }
            if let background { codes.append("4\(background)") }
        }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
