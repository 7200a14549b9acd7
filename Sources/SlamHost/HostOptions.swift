import ArgumentParser
import Logging
import SlamDaemon
import SlamStoryboard
import SlamUI

/// The options a host adds to the daemon's, after `--socket`: a developer's application gets
/// ``ApplicationOptions`` (`--check`, `--strict`); slamd its storyboard options.
package protocol HostOptions: ParsableArguments {
    /// `arguments` as the parser should read them (slamd reads `--check --strict FILE` as `--check FILE --strict`).
    static func normalized(_ arguments: [String]) -> [String]

    /// Checks these options together once every option is read (after the daemon's own checks).
    func validateTogether() throws

    /// A check to run instead of serving: its report and whether it passed (exit 0, else 1); nil to serve.
    func runCheck(_ makeApplication: @escaping SlamDaemon.ApplicationFactory) -> (lines: [String], passed: Bool)?

    /// What to serve: the host's application, or another these options name (slamd's `--storyboard`).
    func application(_ makeApplication: @escaping SlamDaemon.ApplicationFactory, logger: Logger) -> SlamDaemon.ApplicationFactory

    /// What `instance.create` may make besides what is served: by default any storyboard file.
    func otherApplications(_ makeApplication: @escaping SlamDaemon.ApplicationFactory, logger: Logger) -> DaemonApplications
}

extension HostOptions {
    package static func normalized(_ arguments: [String]) -> [String] { arguments }
    package func validateTogether() throws {}
    package func application(_ makeApplication: @escaping SlamDaemon.ApplicationFactory, logger: Logger) -> SlamDaemon.ApplicationFactory {
        makeApplication
    }

    package func otherApplications(_ makeApplication: @escaping SlamDaemon.ApplicationFactory, logger: Logger) -> DaemonApplications {
        DaemonApplications(storyboard: DaemonApplications.storyboardLoader(logger: logger))
    }
}

extension DaemonApplications {
    /// Makes the application of a storyboard file; its warnings go to the log.
    package static func storyboardLoader(logger: Logger) -> @Sendable (String) throws -> Application {
        { path in try Storyboard.makeApplication(contentsOf: path, strict: false) { logger.warning("\($0.formatted(file: path))") } }
    }
}
