import SlamDaemon
import SlamHarness

extension SlamApp {
    /// Serves `makeApplication()` from a daemon inside this process: the same
    /// protocol, for screens whose behaviour is written in Swift.
    public static func inProcess(_ makeApplication: @escaping SlamDaemon.ApplicationFactory) throws -> SlamApp {
        try SlamApp(inProcess: InProcessDaemon(makeApplication: makeApplication))
    }
}
