import SlamDaemon
import SlamUI

/// The one call that hosts an ``Application`` written in Swift with slamd's whole command line.
///
/// ```swift
/// import SlamHost
/// import SlamUI
///
/// @main struct TodoApp {
///     static func main() {
///         SlamHost.main(name: "todo-app", version: "1.0.0", abstract: "A to-do list, scriptable.") {
///             try TodoApplication.make()
///         }
///     }
/// }
/// ```
///
/// The program then takes every option slamd takes (`--socket`, `--web`, `--log-level`, the limits,
/// `--allow-uid`, `--trace-dir`, `--web-token-file`, …, docs/cli.md lists them) with the same
/// checks and exit statuses, plus `--check [--strict]` (``ApplicationCheck``: its screens, tasks
/// and state, without serving), `--version` (`todo-app 1.0.0 (Slam 0.1.0, protocol 1.0)`),
/// `--help`, `--generate-manual DATE` and `--generate-completion-script bash|zsh|fish`.
/// Its default socket is `$XDG_RUNTIME_DIR/slam/NAME.sock` (else `/tmp/slam-$UID/NAME.sock`):
/// never slamd's. Once it listens it prints slamd's ready lines, `slamd listening on PATH`
/// (and `slamd web UI at URL` with `--web`), which every launcher waits for.
public enum SlamHost {
    /// Reads the command line and serves (or checks) the application `makeApplication` builds;
    /// never returns: exits 0 after SIGTERM or a clean check, 1 when it cannot serve or the check
    /// finds errors, 2 on a usage error, 130 after SIGINT.
    ///
    /// - Parameters:
    ///   - name: the command's name, in `--help`, `--version`, the manual page, the completions and
    ///     the default socket's name (letters, digits, `-`, `_` and `.`).
    ///   - version: the application's own version; `--version` adds Slam's.
    ///   - abstract: one line saying what the application is.
    ///   - discussion: what `--help` says after the abstract; nil for a text about serving and checking.
    ///   - makeApplication: builds the application ready to show its first screen. Called once to
    ///     serve, again on every `reset`, and once for `--check`; on the daemon's event loop.
    public static func main(name: String, version: String, abstract: String, discussion: String? = nil,
                            makeApplication: @escaping @Sendable () throws -> Application) -> Never {
        precondition(!name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) } && name.first != ".",
                     "SlamHost.main: '\(name)' is not a command name")
        main(HostDescription.application(name: name, version: version, abstract: abstract, discussion: discussion),
             options: ApplicationOptions.self, makeApplication: makeApplication)
    }

    /// The same command line for a host of this package with options of its own (slamd: `--storyboard`,
    /// `--check FILE`), read from the process's arguments.
    package static func main<Options: HostOptions>(_ host: HostDescription, options: Options.Type,
                                                   arguments: [String] = Array(CommandLine.arguments.dropFirst()),
                                                   makeApplication: @escaping SlamDaemon.ApplicationFactory) -> Never {
        HostDescription.current = host
        HostCommand<Options>.main(arguments: arguments, makeApplication: makeApplication)
    }
}
