import SlamConsole
import SlamHost
import SlamProtocol

extension HostDescription {
    /// slamd: the demo app's host, its texts and manual page sections.
    static let slamd = HostDescription(
        name: "slamd",
        versionLine: SlamVersion.line(for: "slamd"),
        abstract: "Host a headless Slam UI and serve it over JSON-RPC 2.0 on a Unix domain socket.",
        discussion: """
            Without --storyboard, hosts the built-in demo app. Prints the socket path once it listens. \
            With --web, also serves the web UI and JSON-RPC over WebSocket on a loopback TCP port, and prints \
            its URL (with the token every request needs; also in SOCKET.web, 0600; `slamctl open` prints it). \
            SIGTERM or SIGINT finishes in-flight work, closes clients, removes the socket and exits: 0 after SIGTERM, \
            130 after SIGINT (Ctrl-C), as an interrupted command. \
            With --check FILE, only checks a storyboard and exits ("Storyboard checks" in the protocol: Protocol/README.md, installed as PREFIX/share/doc/slam/protocol.md).
            """,
        socketFileName: "slamd.sock",
        manualSections: [
            .init("Exit status", """
                  0  stopped cleanly by SIGTERM (a service manager's stop), or --check found no errors
                  1  could not serve: the socket is taken by a live slamd, the storyboard was refused,
                     the web address cannot be bound; or --check found errors
                  2  usage: an unknown option or a malformed value
                130  stopped cleanly by Ctrl-C (SIGINT): interrupted, as every long-running Slam command

                slamctl uses the same numbers, and 3 when it cannot reach slamd.
                """),
            .init("Environment", """
                XDG_RUNTIME_DIR: the default socket is $XDG_RUNTIME_DIR/slam/slamd.sock; without it, \
                /tmp/slam-$UID/slamd.sock.
                """),
            .init("Files", """
                  SOCKET.lock                      held while slamd serves SOCKET (a second slamd is refused); removed on stopping
                  SOCKET.web                       the web UI's URL with its token (mode 0600), while --web serves
                  PREFIX/share/slam/web            the page --web serves
                  PREFIX/share/slam/demo           the demo app's storyboard and files
                  PREFIX/share/slam/examples       example storyboards and flows
                  PREFIX/share/doc/slam            the README, the docs (docs/), the protocol (protocol.md) and the element reference
                  PREFIX/lib/systemd/user/slamd.service
                                                   a systemd user unit: systemctl --user enable --now slamd
                """),
            .init("Examples", """
                The demo with its web UI on port 8080:

                  slamd --web 8080

                A storyboard, on a socket of its own:

                  slamd --storyboard todo.storyboard.json --socket /tmp/todo.sock
                """),
        ],
        seeAlso: ["slamctl"])
}
