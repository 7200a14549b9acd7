import SlamClient
import SlamProtocol
import SlamJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Slam app under test, driven as a user would through the real protocol.
///
/// Launch a real `slamd` (the demo app or a storyboard) on a temporary socket,
/// or serve a Swift application in this process (`SlamApp.inProcess`, from the
/// `SlamHarnessInProcess` library: it links the daemon and SwiftNIO, this one does not);
/// either way the test talks to it through a real client connection, and ``stop()``
/// (or releasing the app) tears everything down: the daemon, its socket and its temporary files.
///
/// ```swift
/// let app = try SlamApp.launch(storyboard: "Fixtures/editor.json")
/// try app.textField("title").type("Groceries")
/// try app.button("save").press()
/// try app.label("status").wait(text: "Saved")
/// try app.expectTree(matchesGoldenFile: "Golden/editor-saved.json")
/// ```
public final class SlamApp {
    private enum Host {
        case process(DaemonProcess)
        case inProcess(any InProcessHost)
        /// An instance made on the daemon of another app, which owns the daemon.
        case instance(of: SlamApp)
    }

    /// The Unix socket the app's daemon listens on, for another client to connect to.
    public let socketPath: String
    /// The daemon's instance this app is: `main` for the one a launched daemon starts with, else
    /// the handle ``newInstance(label:app:storyboard:)`` made (see "Instances" in `Protocol/README.md`).
    public let instance: String
    /// The connection every fluent call goes through.
    public let connection: SlamConnection
    private let host: Host
    /// A temporary directory this app owns (a storyboard written for it).
    private let ownedDirectory: String?
    private var exitStatus: Int32?

    /// How long acting calls (`press`, `setText`, `type`, `focus`, `pressKey(_:on:)`) let the daemon
    /// wait for their element to exist and be visible, enabled and not covered; zero acts at once.
    /// It starts as ``defaultActionTimeout()``: `SLAM_TIMEOUT`, else 5 s.
    public var actionTimeout: Duration = .seconds(5)

    /// The action timeout apps start with: `SLAM_TIMEOUT` in the environment (`value`: seconds, `1.5`, or
    /// with a unit, `500ms`, `2s`; at most 600 s), else 5 s.
    ///
    /// - Throws: ``HarnessError/invalidEnvironment(variable:value:expected:)`` for any other value.
    public static func defaultActionTimeout(environment value: String? = getenv("SLAM_TIMEOUT").map { String(cString: $0) })
        throws(HarnessError) -> Duration {
        guard let text = value, !text.isEmpty else { return .seconds(5) }
        let number = text.hasSuffix("ms") ? text.dropLast(2) : text.hasSuffix("s") ? text.dropLast() : Substring(text)
        // Digits and a point only: Double would also take "1e3", "0x10" and "inf".
        let isDigit: (Character) -> Bool = { ("0"..."9").contains($0) }
        guard number.filter({ $0 == "." }).count <= 1, number.contains(where: isDigit),
              number.allSatisfy({ isDigit($0) || $0 == "." }), let value = Double(number) else {
            throw .invalidEnvironment(variable: "SLAM_TIMEOUT", value: text, expected: "seconds (1.5) or look like 500ms or 2s")
        }
        let milliseconds = text.hasSuffix("ms") ? value : value * 1000
        guard milliseconds <= 600_000 else {
            throw .invalidEnvironment(variable: "SLAM_TIMEOUT", value: text, expected: "at most 600 seconds")
        }
        return .milliseconds(Int64(milliseconds.rounded()))
    }

    var actionTimeoutMilliseconds: Int { ElementHandle.milliseconds(actionTimeout) }

    private init(host: Host, socketPath: String, ownedDirectory: String? = nil) throws {
        self.host = host
        self.socketPath = socketPath
        self.ownedDirectory = ownedDirectory
        instance = "main"
        actionTimeout = try Self.defaultActionTimeout()
        connection = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: 30_000)
    }

    /// A new instance on `daemon`'s daemon, made and used by a connection of its own: the instance
    /// lasts until ``stop()`` closes it (or the connection goes and the daemon's idle timeout passes).
    private init(instanceOf daemon: SlamApp, label: String?, app: String?, storyboard: String?) throws {
        host = .instance(of: daemon)
        socketPath = daemon.socketPath
        ownedDirectory = nil
        actionTimeout = try Self.defaultActionTimeout()
        connection = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: 30_000)
        do {
            instance = try connection.createInstance(app: app, storyboard: storyboard, label: label).instance
            try connection.useInstance(instance)
        } catch {
            connection.close()
            throw error
        }
    }

    /// A new, isolated instance of an application this app's daemon hosts, as a ``SlamApp`` of its
    /// own: its screens, state, focus, waits and events are its own, and ``stop()`` closes it (the
    /// daemon stays). Made in well under a millisecond: a test that needs a fresh app takes one
    /// rather than a daemon (``withApp(storyboard:arguments:label:_:)`` does).
    ///
    /// - Parameters:
    ///   - label: a name people see in `slamctl instances` and the page's inspector (a test's name).
    ///   - app: `"launched"` (the default: what the daemon serves) or `"demo"`.
    ///   - storyboard: a storyboard file to host instead.
    public func newInstance(label: String? = nil, app: String? = nil, storyboard: String? = nil) throws -> SlamApp {
        try SlamApp(instanceOf: self, label: label, app: app, storyboard: storyboard)
    }

    /// Starts a real `slamd` (found next to the test binary, or `$SLAMD`) on a temporary socket.
    ///
    /// - Parameters:
    ///   - storyboard: a storyboard file to host; nil hosts the built-in demo app.
    ///   - arguments: more `slamd` options.
    public static func launch(storyboard: String? = nil, arguments: [String] = []) throws -> SlamApp {
        let daemon = try DaemonProcess.launch(storyboard: storyboard, arguments: arguments)
        return try SlamApp(host: .process(daemon), socketPath: daemon.socketPath)
    }

    /// Starts a real `slamd` hosting a storyboard given as JSON text.
    public static func launch(storyboardText: String, arguments: [String] = []) throws -> SlamApp {
        let directory = try DaemonProcess.makeTemporaryDirectory()
        let path = directory + "/storyboard.json"
        do {
            try DaemonProcess.write(storyboardText, to: path)
            let daemon = try DaemonProcess.launch(storyboard: path, arguments: arguments)
            return try SlamApp(host: .process(daemon), socketPath: daemon.socketPath, ownedDirectory: directory)
        } catch {
            unlink(path)
            rmdir(directory)
            throw error
        }
    }

    /// Drives a daemon serving in this process (`SlamApp.inProcess` in `SlamHarnessInProcess` makes one);
    /// stopping the app stops it.
    package convenience init(inProcess daemon: any InProcessHost) throws {
        try self.init(host: .inProcess(daemon), socketPath: daemon.socketPath)
    }

    /// The process id of the launched `slamd` (nil in process).
    public var processIdentifier: Int32? {
        switch host {
        case .process(let daemon): daemon.process.processIdentifier
        case .inProcess: nil
        case .instance(let daemon): daemon.processIdentifier
        }
    }

    /// Whether the daemon still serves (not stopped, not exited).
    public var isRunning: Bool {
        guard exitStatus == nil else { return false }
        switch host {
        case .process(let daemon): return daemon.process.isRunning
        case .inProcess: return true
        case .instance(let daemon): return daemon.isRunning
        }
    }

    /// The daemon's log so far (empty in process; an instance's is its whole daemon's).
    public var log: String {
        switch host {
        case .process(let daemon): daemon.standardError
        case .inProcess: ""
        case .instance(let daemon): daemon.log
        }
    }

    /// A second connection to this app's instance, for waiting on one while acting on another.
    public func connect(timeoutMilliseconds: Int? = 30_000) throws -> SlamConnection {
        let connection = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: timeoutMilliseconds)
        if instance != "main" {
            do {
                try connection.useInstance(instance)
            } catch {
                connection.close()
                throw error
            }
        }
        return connection
    }

    /// Stops the daemon as SIGTERM would and removes its temporary files;
    /// returns its exit status (0 for a clean stop). Calling it again returns the same.
    /// An instance made by ``newInstance(label:app:storyboard:)`` is closed instead; its daemon stays.
    @discardableResult
    public func stop() -> Int32 {
        if let exitStatus { return exitStatus }
        if case .instance = host, isRunning {
            // A failure here means the daemon has gone already.
            _ = try? connection.closeInstance(instance)
        }
        connection.close()
        let status: Int32
        switch host {
        case .process(let daemon):
            status = daemon.stop()
        case .inProcess(let daemon):
            daemon.stop()
            status = 0
        case .instance:
            status = 0
        }
        if let ownedDirectory {
            unlink(ownedDirectory + "/storyboard.json")
            rmdir(ownedDirectory)
        }
        exitStatus = status
        return status
    }

    deinit {
        stop()
    }

    // MARK: - Whole-app reads and actions

    /// Runs a task (`pop`, `push`, `url` or the app's own); returns the top controller afterwards.
    @discardableResult
    public func runTask(_ name: String, param: String? = nil) throws -> String? {
        try connection.runTask(name, param: param)
    }

    /// The navigation stack's controller ids, root first.
    public func controllerStack() throws -> [String] {
        try connection.controllers().map(\.id)
    }

    /// The controller on top.
    public func topController() throws -> String? {
        try connection.controllers().last?.id
    }

    /// Presses one key on the top controller as a person would (`"Tab"`, `"Enter"`, `"Escape"`, `"ArrowDown"`, `"a"`):
    /// whether anything used it, and the focused element afterwards. With `element`, that element
    /// takes the focus first (waiting until a person could reach it).
    @discardableResult
    public func pressKey(_ name: String, on element: ElementLocator? = nil) throws -> KeyOutcome {
        try connection.key(name, on: element, timeoutMilliseconds: element == nil ? nil : actionTimeoutMilliseconds)
    }

    /// Puts the application back to its launch state without restarting the daemon (`reset`).
    @discardableResult
    public func reset() throws -> ResetOutcome {
        try connection.reset()
    }

    /// Presses keys one after another (`app.pressKeys("Tab", "Tab", "Enter")`); the outcome of each.
    @discardableResult
    public func pressKeys(_ names: String...) throws -> [KeyOutcome] {
        try connection.keys(names)
    }

    /// The snapshot of the element holding the top controller's focus; nil when nothing has it.
    public func focusedElement() throws -> Snapshot? {
        let tree = try tree()
        return Self.first(in: tree) { $0["focused"] == true }
    }

    /// The alert on top of the stack (its `Alert` element with the buttons as children), nil when none is.
    public func presentedAlert() throws -> Snapshot? {
        let tree = try tree()
        return tree.type == "Alert" ? tree : nil
    }

    private static func first(in snapshot: Snapshot, where matches: (Snapshot) -> Bool) -> Snapshot? {
        if matches(snapshot) { return snapshot }
        for child in snapshot.children {
            if let found = first(in: child, where: matches) { return found }
        }
        return nil
    }

    /// The element tree of the top controller (or `controller`).
    public func tree(controller: String? = nil) throws -> Snapshot {
        try connection.tree(controller: controller)
    }

    /// The top screen (or `controller`'s) as an accessibility snapshot: one line per element,
    /// `- role "name" [states] [ref=…]`, children indented.
    public func snapshot(controller: String? = nil) throws -> String {
        try connection.snapshot(controller: controller).snapshot
    }

    /// Waits until the top screen's accessibility snapshot (or `controller`'s) contains `template`, a partial
    /// snapshot in the same text (see ``AriaTemplate``: `/regex/` names, only the states written, children in
    /// order, anywhere on the screen); returns the root view's snapshot.
    ///
    /// ```swift
    /// try app.expectAria("""
    ///     - paragraph /^Count: 1$/
    ///     - group "Counter":
    ///       - button "-1" [disabled=false]
    ///     """)
    /// ```
    ///
    /// - Throws: ``HarnessError/ariaMismatch(diff:)`` with the unified diff from the template to the snapshot;
    ///   `AriaTemplate.FormatError` (with its line) for a template that cannot be read.
    @discardableResult
    public func expectAria(_ template: String, timeout: Duration = .seconds(5), controller: String? = nil) throws -> Snapshot {
        try expectAria(AriaTemplate(template), reference: nil, timeout: timeout, controller: controller)
    }

    /// Waits in the daemon; a timeout with a diff becomes ``HarnessError/ariaMismatch(diff:)``.
    func expectAria(_ template: AriaTemplate, reference: ElementLocator?, timeout: Duration, controller: String?) throws -> Snapshot {
        do {
            return try connection.waitFor(aria: template, reference, timeoutMilliseconds: ElementHandle.milliseconds(timeout),
                                          controller: controller)
        } catch ClientError.server(let error) where error.code == .waitTimedOut {
            guard let diff = error.data?["diff"]?.stringValue, !diff.isEmpty else { throw ClientError.server(error) }
            throw HarnessError.ariaMismatch(diff: diff)
        }
    }

    /// Pulls every data source of the top controller; returns the references that changed.
    @discardableResult
    public func updateUI(controller: String? = nil) throws -> [String] {
        try connection.updateUI(controller: controller)
    }

    /// Compares the whole tree with a committed golden file (pretty JSON), or
    /// records it when `SLAM_UPDATE_GOLDEN=1`.
    ///
    /// - Throws: ``HarnessError/goldenMismatch(path:line:expected:actual:)`` with the first
    ///   differing line, ``HarnessError/goldenMissing(path:)``.
    public func expectTree(matchesGoldenFile path: String, controller: String? = nil) throws {
        try GoldenFile(path: path).check(GoldenFile.text(of: tree(controller: controller).json))
    }

    /// Waits until the top controller's tree (or `controller`'s) matches `template`, a partial tree
    /// (see ``TreeTemplate``: only what is written is compared, `/regex/` strings, children in order);
    /// returns the tree.
    ///
    /// ```swift
    /// try app.expectTree(["children": [["ref": "count", "text": "/^Count: 1$/"], ["type": "View", "children": [["text": "-1", "enabled": true]]]]])
    /// ```
    ///
    /// - Parameter strict: children match one to one wherever the template writes them.
    /// - Throws: ``HarnessError/treeMismatch(template:diff:)`` with where the tree last differed.
    @discardableResult
    public func expectTree(_ template: JSONValue, strict: Bool = false, timeout: Duration = .seconds(5),
                           controller: String? = nil) throws -> Snapshot {
        try expectTree(TreeTemplate(json: template), named: "the template", reference: nil, strict: strict, timeout: timeout,
                       controller: controller)
    }

    /// Waits until the tree matches the template in a file: a golden file that holds only what the
    /// test cares about. A missing file is recorded (the whole tree, to trim) when `SLAM_UPDATE_GOLDEN=1`.
    ///
    /// - Throws: ``HarnessError/treeMismatch(template:diff:)`` naming the file, with the diff;
    ///   ``HarnessError/goldenMissing(path:)``, ``HarnessError/invalidTemplate(path:reason:)``.
    @discardableResult
    public func expectTree(matchesTemplateFile path: String, strict: Bool = false, timeout: Duration = .seconds(5),
                           controller: String? = nil) throws -> Snapshot {
        let template = try GoldenFile(path: path).template { try tree(controller: controller).json }
        return try expectTree(template, named: path, reference: nil, strict: strict, timeout: timeout, controller: controller)
    }

    /// Waits in the daemon; a timeout with a diff becomes ``HarnessError/treeMismatch(template:diff:)``.
    func expectTree(_ template: TreeTemplate, named name: String, reference: ElementLocator?, strict: Bool, timeout: Duration,
                    controller: String?) throws -> Snapshot {
        do {
            return try connection.waitFor(template: template, reference, strict: strict,
                                          timeoutMilliseconds: ElementHandle.milliseconds(timeout), controller: controller)
        } catch ClientError.server(let error) where error.code == .waitTimedOut {
            // No diff when the element was not on screen: the daemon's message says so.
            guard let json = error.data?["diff"], let diff = try? TemplateDiff(json: json), !diff.isMatch else {
                throw ClientError.server(error)
            }
            throw HarnessError.treeMismatch(template: name, diff: diff)
        }
    }
}
