import ArgumentParser
import SlamDaemon
import SlamUI

/// A developer's application's own options: `--check` (its screens, tasks and state, without
/// serving) and `--strict`.
struct ApplicationOptions: HostOptions {
    @Flag(help: ArgumentHelp("Build every screen the application can show, print each problem (an unknown task, a push to a "
                             + "screen it does not register, a bound state key nothing sets), and exit without serving: "
                             + "0 when there is no error, 1 otherwise."))
    var check = false

    @Flag(help: "Treat --check's warnings as errors.")
    var strict = false

    func validateTogether() throws {
        guard !strict || check else { throw ValidationError("--strict goes with --check") }
    }

    func runCheck(_ makeApplication: @escaping SlamDaemon.ApplicationFactory) -> (lines: [String], passed: Bool)? {
        guard check else { return nil }
        let name = HostDescription.current.name
        do {
            let result = ApplicationCheck(application: try makeApplication(), strict: strict)
            return (result.lines(name: name), result.passed)
        } catch {
            return (["\(name): error: the application cannot be built: \(error)", "\(name): 1 error"], false)
        }
    }
}
