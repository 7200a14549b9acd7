#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Terminal colours, on only when writing to a terminal and `NO_COLOR` is unset.
public struct ConsoleStyle: Sendable {
    public let usesColor: Bool

    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Colours when standard output is a terminal and `NO_COLOR` is not set.
    public static func forStandardOutput() -> ConsoleStyle {
        ConsoleStyle(usesColor: isatty(1) != 0 && getenv("NO_COLOR") == nil)
    }

    public static let plain = ConsoleStyle(usesColor: false)

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
