import SlamConsole

extension Slamctl {
    /// `man slamctl`: the verb and option tables, with what the help screens leave to the docs.
    static func manualPage(date: String) -> ManualPage {
        ManualPage(
            parser: parser,
            date: date,
            description: """
                slamctl drives a running slamd from a shell: it reads the screen (tree, find, query, screen), \
                acts as a user would (press, text, type, focus, key), runs tasks, reads and sets the shared state, \
                waits for conditions, streams events, runs and records flow files, and prints the web UI's address.

                Elements are named by a reference (the ref in a storyboard, shown by slamctl refs and \
                slamctl screen --refs), by a JSON locator in place of the reference, or by --type, --text, \
                --matches, --within and --nth. Acting verbs wait up to --timeout (5s, or $SLAM_TIMEOUT) for their \
                element to exist and be visible, enabled and uncovered; an element no screen of the app could \
                show fails at once.

                Every command connects to the daemon's socket, sends one JSON-RPC 2.0 request at a time and \
                prints the answer for people; --json prints the daemon's JSON instead. One daemon hosts many \
                isolated instances of its app: --instance HANDLE acts on one of them (slamctl instances lists, \
                makes and closes them), and run --jobs N runs flows in parallel, each on an instance of its own.
                """,
            sections: [
                .init("Exit status", """
                      0  the command did what was asked
                      1  the daemon answered an error (the message names its code), a flow step failed,
                         or a file could not be read or written
                      2  usage: an unknown command or option, a missing or malformed argument
                         (nothing was sent)
                      3  slamctl cannot connect to slamd, or lost it (it stopped or stopped answering)
                    130  interrupted: Ctrl-C (SIGINT) ends every command that runs until interrupted
                         (ui, watch, screen --follow, wait, record, serve-task) with 130, as a shell reports
                         an interrupted command; in ui, Ctrl-Q or Ctrl-D quits with 0

                    slamd uses the same numbers: 0 (and after SIGTERM), 1 when it cannot serve or a storyboard \
                    check fails, 2 for usage, 130 after Ctrl-C (SIGINT).
                    """),
                .init("Environment", """
                    SLAM_SOCKET: the socket when --socket is not given (serve-task sets it for its command). \
                    SLAM_INSTANCE: the instance when --instance is not given (serve-task sets it for its command \
                    when it serves an instance other than main). \
                    XDG_RUNTIME_DIR: where the default socket lives ($XDG_RUNTIME_DIR/slam/slamd.sock); \
                    without it, /tmp/slam-$UID/slamd.sock. NO_COLOR: no colours in human output. \
                    SLAM_TIMEOUT: the acting verbs' --timeout when it is not given, in seconds (30, 1.5) or with \
                    a unit (500ms, 2s), at most 600s; another value is a usage error (exit status 2).
                    """),
                .init("Examples", """
                    Press the demo's +1 and read the count:

                      slamctl press increment
                      slamctl find count

                    Name an element by what a person sees, and wait for a label:

                      slamctl press --text Settings
                      slamctl wait goal --state visible

                    Record a session in the browser or from scripts, then replay it in CI:

                      slamctl record flow.json
                      slamctl run flow.json

                    Run flows four at a time, each on an instance of its own, with a report for CI:

                      slamctl run --jobs 4 --junit report.xml flows/*.json

                    Shell completion without installing:

                      source <(slamctl --generate-completion-script bash)
                    """),
            ],
            seeAlso: ["slamd"])
    }
}
