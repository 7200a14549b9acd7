import ArgumentParser
import Logging
import SlamDaemon

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
}

extension HostOptions {
    package static func normalized(_ arguments: [String]) -> [String] { arguments }
    package func validateTogether() throws {}
    package func application(_ makeApplication: @escaping SlamDaemon.ApplicationFactory, logger: Logger) -> SlamDaemon.ApplicationFactory {
        makeApplication
    }
}
