import Glibc
import SlamClient
import SlamProtocol

/// Daemons reused across tests, each test beginning from a reset.
///
/// Starting `slamd` costs milliseconds; `reset` (the application back to its launch
/// state, same daemon) costs well under one. Tests run in parallel, so each borrows
/// a daemon of its own from a pool for the length of its body: the pool grows to as
/// many daemons as tests run at once. A test that needs a daemon nobody else ever
/// used (it stops it, or reads its log from the start) calls ``launch(storyboard:arguments:)``.
extension SlamApp {
    /// Runs `body` with a daemon for `storyboard` and `arguments` reset to its launch state,
    /// then gives the daemon back for the next test.
    ///
    /// ```swift
    /// try SlamApp.withApp { app in           // the demo app, as launched
    ///     try app.button("increment").press()
    /// }
    /// ```
    public static func withApp<Result>(storyboard: String? = nil, arguments: [String] = [],
                                       _ body: (SlamApp) throws -> Result) throws -> Result {
        let key = ([storyboard ?? ""] + arguments).joined(separator: "\u{1F}")
        let app = try SharedApps.registry.borrow(key) { try launch(storyboard: storyboard, arguments: arguments) }
        defer { SharedApps.registry.giveBack(app, key) }
        // What the last test left on the connection goes: its subscriptions and unread notifications.
        app.actionTimeout = try SlamApp.defaultActionTimeout()
        try app.connection.unsubscribe()
        _ = app.connection.takeNotifications()
        try app.stopTrace()
        try app.reset()
        return try body(app)
    }
}

extension SlamApp {
    /// Stops a trace the last test left running (it would refuse this test's `trace.start`).
    func stopTrace() throws {
        do {
            _ = try connection.send(TraceStopRequest())
        } catch ClientError.server(let error) where error.code == .traceConflict {
            // None was running.
        }
    }
}

/// The idle daemons ``SlamApp/withApp(storyboard:arguments:_:)`` keeps, stopped when the test process exits.
final class SharedApps: @unchecked Sendable {
    static let registry = SharedApps()

    private var idle: [String: [SlamApp]] = [:]
    private var all: [SlamApp] = []
    private var lock = pthread_mutex_t()

    private init() {
        pthread_mutex_init(&lock, nil)
        atexit { SharedApps.registry.stopAll() }
    }

    /// An idle running app for `key`, or a new one from `launch`.
    func borrow(_ key: String, launch: () throws -> SlamApp) throws -> SlamApp {
        pthread_mutex_lock(&lock)
        while let app = idle[key]?.popLast() {
            if app.isRunning {
                pthread_mutex_unlock(&lock)
                return app
            }
        }
        pthread_mutex_unlock(&lock)
        let app = try launch()
        pthread_mutex_lock(&lock)
        all.append(app)
        pthread_mutex_unlock(&lock)
        return app
    }

    func giveBack(_ app: SlamApp, _ key: String) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if app.isRunning { idle[key, default: []].append(app) }
    }

    private func stopAll() {
        pthread_mutex_lock(&lock)
        let apps = all
        all.removeAll()
        idle.removeAll()
        pthread_mutex_unlock(&lock)
        for app in apps { app.stop() }
    }
}
