import ArgumentParser
import Logging
import SlamDaemon
import SlamHost
import SlamStoryboard

/// slamd's own options: a storyboard to host instead of the demo app, or to check.
struct StoryboardOptions: HostOptions {
    @Option(help: ArgumentHelp("Host this storyboard instead of the demo app (storyboard-only: tasks, autoUI, push/pop).",
                             valueName: "FILE"), completion: .file(extensions: ["json"]))
    var storyboard: String?

    @Option(help: ArgumentHelp("Check this storyboard as --storyboard would host it, print each problem, and exit "
                               + "without serving: 0 when there is no error, 1 otherwise.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var check: String?

    @Flag(help: "Treat storyboard warnings as errors (with --check or --storyboard).")
    var strict = false

    /// `arguments` with `--check --strict FILE` read as `--check FILE --strict`: both orders are
    /// written (the docs, habit), and swift-argument-parser would take `--strict` for the missing FILE.
    static func normalized(_ arguments: [String]) -> [String] {
        var arguments = arguments
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        if let check = arguments[..<end].firstIndex(of: "--check"), check + 2 < end, arguments[check + 1] == "--strict",
           !arguments[check + 2].hasPrefix("-") {
            arguments.swapAt(check + 1, check + 2)
        }
        return arguments
    }

    func validateTogether() throws {
        guard check == nil || storyboard == nil else { throw ValidationError("--check FILE checks without serving: leave out --storyboard") }
        guard !strict || check != nil || storyboard != nil else { throw ValidationError("--strict goes with --check FILE or --storyboard FILE") }
    }

    func runCheck(_ makeApplication: @escaping SlamDaemon.ApplicationFactory) -> (lines: [String], passed: Bool)? {
        guard let check else { return nil }
        let result = StoryboardFileCheck(path: check, strict: strict)
        return (result.lines, result.passed)
    }

    /// The demo (slamd's own application, also when it serves a storyboard) and any storyboard file.
    func otherApplications(_ makeApplication: @escaping SlamDaemon.ApplicationFactory, logger: Logger) -> DaemonApplications {
        DaemonApplications(named: ["demo": makeApplication], storyboard: DaemonApplications.storyboardLoader(logger: logger))
    }

    func application(_ makeApplication: @escaping SlamDaemon.ApplicationFactory, logger: Logger) -> SlamDaemon.ApplicationFactory {
        guard let storyboardPath = storyboard else { return makeApplication }
        let strict = strict
        return { try Storyboard.makeApplication(contentsOf: storyboardPath, strict: strict) { logger.warning("\($0.formatted(file: storyboardPath))") } }
    }
}
