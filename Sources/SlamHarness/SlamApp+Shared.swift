import Glibc
import SlamClient
import SlamProtocol

/// One daemon shared by every test, each test with a fresh instance of its own.
///
/// Starting `slamd` costs milliseconds; a new instance on a running one (`instance.create`) costs a
/// fraction of one, and is isolated from every other test's, so tests run in parallel on one daemon
/// (swift-testing runs them so by default). A test that needs a daemon nobody else uses (it stops
/// it, reads its log from the start, or drives it with a tool that knows no instances) calls
/// ``launch(storyboard:arguments:)``.
extension SlamApp {
    /// Runs `body` with a fresh instance of the app for `storyboard` and `arguments`, on a daemon
    /// shared with every other test that asks for the same, then closes the instance.
    ///
    /// ```swift
    /// try SlamApp.withApp { app in           // the demo app, as launched
    ///     try app.button("increment").press()
    /// }
    /// ```
    ///
    /// - Parameter label: what `slamctl instances` and the page's inspector call the instance (the test's name).
    public static func withApp<Result>(storyboard: String? = nil, arguments: [String] = [], label: String? = nil,
                                       _ body: (SlamApp) throws -> Result) throws -> Result {
        let key = ([storyboard ?? ""] + arguments).joined(separator: "\u{1F}")
        let daemon = try SharedApps.registry.daemon(key) { try launch(storyboard: storyboard, arguments: arguments) }
        let app = try daemon.newInstance(label: label)
        defer { app.stop() }
        return try body(app)
    }
}

/// The daemons ``SlamApp/withApp(storyboard:arguments:label:_:)`` shares, one per storyboard and arguments,
/// stopped when the test process exits.
final class SharedApps: @unchecked Sendable {
    static let registry = SharedApps()

    private var daemons: [String: SlamApp] = [:]
    private var lock = pthread_mutex_t()

    private init() {
        pthread_mutex_init(&lock, nil)
        atexit { SharedApps.registry.stopAll() }
    }

    /// The running daemon for `key`, launched by `launch` when there is none (or it has stopped).
    /// Launching holds the lock: tests that start together wait for one daemon rather than start several.
    func daemon(_ key: String, launch: () throws -> SlamApp) throws -> SlamApp {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let daemon = daemons[key], daemon.isRunning { return daemon }
        let daemon = try launch()
        daemons[key] = daemon
        return daemon
    }

    private func stopAll() {
        pthread_mutex_lock(&lock)
        let all = daemons.values
        daemons.removeAll()
        pthread_mutex_unlock(&lock)
        for daemon in all { daemon.stop() }
    }
}
