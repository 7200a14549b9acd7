/// What a person did at the terminal, decoded from the bytes it sent.
public enum TerminalInput: Hashable, Sendable {
    /// A key, named as the daemon's `key` method names it: `"a"`, `" "`, `Tab`,
    /// `Shift+Tab`, `Enter`, `Escape`, `Backspace`, `ArrowUp` … (Protocol/README.md, "Focus, keys").
    case key(String)
    /// A mouse button pressed at a cell (0-based), from xterm's SGR reporting (`ESC [ < b ; x ; y M`).
    case click(row: Int, column: Int)
    /// The mouse wheel: -1 up, +1 down.
    case wheel(Int)
    /// Ctrl-D or Ctrl-Q: leave.
    case quit
    /// Ctrl-C: leave as an interrupted command does (the terminal's raw mode turns the signal into this key).
    case interrupt
    /// Ctrl-L: paint the whole screen again.
    case repaint
}
