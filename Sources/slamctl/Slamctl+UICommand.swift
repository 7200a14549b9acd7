import SlamClient
import SlamProtocol
import SlamConsole
import SlamJSON
import SlamRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Slamctl {
    /// `slamctl ui`: the app in this terminal, as one more renderer of the daemon.
    static let uiCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "ui", "Use the app from this terminal: the top screen full-screen, live, with keyboard and mouse.",
            discussion: """
                A renderer like the browser page: it attaches with ui.attach, follows ui.redraw (presses from
                other clients show at once) and sends what you do to the daemon, which owns the focus.
                Keys: Tab / Shift+Tab move the focus (arrows too where the element does not use them);
                Enter or Space press; arrows change a stepper, a segment, a page or a table row; typing edits
                a focused text field; Escape (or Backspace outside a text field) goes back; Ctrl-Q or Ctrl-D
                quits (exit status 0), Ctrl-C too, as an interrupt (exit status 130); Ctrl-L repaints. A click presses the element under the pointer (a text field takes the focus).
                Colours unless NO_COLOR is set or TERM is dumb. Exit status 3 when the daemon goes away.
                slamctl --instance HANDLE ui shows that instance (--instance new: one of its own); exit status 1
                when the instance is closed.
                """,
            options: [.init("no-mouse", help: "Leave the mouse to the terminal (selection) instead of clicking elements.")]
        ) { invocation in
            let connection = try invocation.connect()
            let terminal = TerminalSession()
            guard terminal.isTerminal else {
                throw UsageError("ui needs a terminal on standard input and output (try `slamctl screen --follow`)",
                                 command: invocation.line.command)
            }
            let colour = getenv("NO_COLOR") == nil && getenv("TERM").map { String(cString: $0) != "dumb" } ?? false
            let ui = TerminalUI(connection: connection, terminal: terminal, usesColor: colour)
            ui.beforeInterruptedExit = { invocation.closeCreatedInstances() }
            try ui.run(mouse: !invocation.line.flag("no-mouse"))
        },
    ]
}
