import SlamConsole
import SlamProtocol

/// What a hosted program says about itself: its name (the command, the default socket's name),
/// its `--version` line, and the texts of its `--help` and manual page.
package struct HostDescription: Sendable {
    /// The command's name: `slamd`, `todo-app`.
    package var name: String
    /// What `--version` prints.
    package var versionLine: String
    package var abstract: String
    package var discussion: String
    /// The default socket's file name in `$XDG_RUNTIME_DIR/slam` (else `/tmp/slam-$UID`).
    package var socketFileName: String
    /// The manual page's sections after the options (exit status, environment, files, examples).
    package var manualSections: [ManualPage.Section]
    package var seeAlso: [String]

    package init(name: String, versionLine: String, abstract: String, discussion: String, socketFileName: String,
                 manualSections: [ManualPage.Section], seeAlso: [String]) {
        self.name = name
        self.versionLine = versionLine
        self.abstract = abstract
        self.discussion = discussion
        self.socketFileName = socketFileName
        self.manualSections = manualSections
        self.seeAlso = seeAlso
    }

    /// A developer's application: `NAME VERSION (Slam 0.1.0, protocol 1.0)`, its own socket
    /// (`NAME.sock`: never slamd's), and texts written from its name.
    static func application(name: String, version: String, abstract: String, discussion: String?) -> HostDescription {
        HostDescription(
            name: name,
            versionLine: "\(name) \(version) (Slam \(SlamVersion.release), protocol \(VersionRequest.protocolVersion))",
            abstract: abstract,
            discussion: discussion ?? """
                Serves the application over JSON-RPC 2.0 on a Unix domain socket, as slamd serves its own, and prints \
                the socket path once it listens. With --web, also serves the web UI and JSON-RPC over WebSocket on a \
                loopback TCP port, and prints its URL (with the token every request needs; also in SOCKET.web, 0600). \
                SIGTERM or SIGINT finishes in-flight work, closes clients, removes the socket and exits: 0 after \
                SIGTERM, 130 after SIGINT. With --check, builds every screen the application can show, prints each \
                problem (an unknown task, a push to a screen it does not register) and exits without serving.
                """,
            socketFileName: name + ".sock",
            manualSections: [
                .init("Exit status", """
                      0  stopped cleanly by SIGTERM, or --check found no errors
                      1  could not serve: the socket is taken, the application could not be built,
                         the web address cannot be bound; or --check found errors
                      2  usage: an unknown option or a malformed value
                    130  stopped cleanly by Ctrl-C (SIGINT)
                    """),
                .init("Environment", """
                    XDG_RUNTIME_DIR: the default socket is $XDG_RUNTIME_DIR/slam/\(name).sock; without it, \
                    /tmp/slam-$UID/\(name).sock. Clients reach it with --socket PATH (slamctl also reads $SLAM_SOCKET).
                    """),
                .init("Files", """
                      SOCKET.lock  held while the application serves SOCKET (a second one is refused)
                      SOCKET.web   the web UI's URL with its token (mode 0600), while --web serves
                    """),
                .init("Examples", """
                    Serve it with its web UI on port 8080:

                      \(name) --web 8080

                    Check its screens without serving:

                      \(name) --check
                    """),
            ],
            seeAlso: ["slamd", "slamctl"])
    }
}
