#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The write end of the pipe signal handlers write to (async-signal-safe).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The terminal while a full-screen program owns it: raw input, the alternate
/// screen, no cursor, xterm mouse reporting; ``restore()`` puts back exactly
/// what was there (termios, the normal screen, the cursor), and runs however the
/// program leaves. SIGWINCH, SIGINT, SIGTERM and SIGHUP arrive as bytes on
/// ``signalDescriptor`` (a self-pipe), so one `poll()` waits for keys, the
/// daemon and signals alike.
public final class TerminalSession {
    public let input: Int32
    public let output: Int32
    private var saved = termios()
    private var active = false
    private var pipeEnds: [Int32] = [-1, -1]

    public static let handledSignals: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    deinit { restore() }

    /// Whether both ends are terminals.
    public var isTerminal: Bool { isatty(input) != 0 && isatty(output) != 0 }

    /// The read end of the signal pipe: each byte is a signal number.
    public var signalDescriptor: Int32 { pipeEnds[0] }

    /// Raw mode, the alternate screen, mouse reporting, the signal pipe.
    public func start(mouse: Bool = true) throws(TerminalError) {
        guard tcgetattr(input, &saved) == 0 else { throw TerminalError("tcgetattr", errno) }
        guard pipe(&pipeEnds) == 0 else { throw TerminalError("pipe", errno) }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        signalPipeWriteEnd = pipeEnds[1]
        for signal in Self.handledSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Glibc.write(signalPipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        var raw = saved
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { throw TerminalError("tcsetattr", errno) }
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : ""))
    }

    /// Everything back as it was; safe to call more than once.
    public func restore() {
        guard active else { return }
        active = false
        write("\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(input, TCSAFLUSH, &saved)
        for signal in Self.handledSignals { Glibc.signal(signal, SIG_DFL) }
        signalPipeWriteEnd = -1
        for end in pipeEnds where end >= 0 { close(end) }
        pipeEnds = [-1, -1]
    }

    /// Rows and columns (24 × 80 when the terminal does not say).
    public var size: (rows: Int, columns: Int) {
        var size = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            return (Int(size.ws_row), Int(size.ws_col))
        }
        return (24, 80)
    }

    /// Writes all of `text`.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
        bytes.removeAll()
    }

    /// Bytes available on `descriptor` now (empty at end of file).
    public static func readAvailable(_ descriptor: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        return Array(buffer[0..<count])
    }

    /// Signals received since the last call, in order.
    public func takeSignals() -> [Int32] {
        guard pipeEnds[0] >= 0 else { return [] }
        var signals: [Int32] = []
        while let bytes = Self.readAvailable(pipeEnds[0]), !bytes.isEmpty {
            signals += bytes.map { Int32($0) }
        }
        return signals
    }
}

