import Testing
import SlamClient
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamStoryboard
#if canImport(Glibc)
import Glibc
#endif

/// `slamctl serve-task NAME -- COMMAND`: a shell command runs a storyboard's task, calling back with slamctl.
@Suite struct ServeTaskCommandTests {
    static func shop() throws -> (SlamApp, TemporaryFile) {
        let file = try TemporaryFile(named: "shop.json", contents: """
            {"initial": "Shop", "state": {"status": "Idle"},
             "controllers": [{"id": "Shop", "title": "Shop", "view": {"type": "View", "ref": "root", "children": [
               {"type": "Label", "ref": "status", "bind": {"text": "{status}"}},
               {"type": "Button", "ref": "pay", "text": "Pay", "task": "checkout", "param": "cart"}]}}]}
            """)
        let path = file.path
        return (try SlamApp.inProcess { try Storyboard.makeApplication(contentsOf: path) }, file)
    }

    /// The slamctl under test, for the command to call back with.
    static var slamctlPath: String { (try? DaemonProcess.siblingExecutable(named: "slamctl", overriddenBy: "SLAMCTL")) ?? "slamctl" }

    @Test func aPressRunsTheCommandWithTheRunInItsEnvironment() throws {
        let (app, file) = try Self.shop()
        defer { file.remove() }
        // SLAM_SOCKET lets the command's slamctl reach the daemon that ran the task, without --socket.
        let script = #""\#(Self.slamctlPath)" state status "Paid $SLAM_TASK_PARAM via $SLAM_TASK_REF on $SLAM_TASK_CONTROLLER" >/dev/null && echo "receipt for $SLAM_TASK""#
        let server = try SlamctlProcess(["serve-task", "checkout", "--timeout", "60s", "--", "sh", "-c", script], app: app,
                                        environment: environment(with: ["SLAM_SOCKET": ""]))
        #expect(server.waitUntil { server.standardError.contains("serving task 'checkout'") }, "\(server.standardError)")
        let client = try SlamConnection(socketPath: app.socketPath)
        #expect(try client.send(PressRequest(ref: "pay")).reference == "pay")
        #expect(try client.send(FindRequest(ref: "status")).text == "Paid cart via pay on Shop")
        #expect(try client.send(RunTaskRequest(name: "checkout", param: "basket")).result == "receipt for checkout")
        let ran = try slamctl("task", "checkout", "box", app: app)
        #expect(ran.status == 0 && ran.standardOutput.contains("result: \"receipt for checkout\""), "\(ran.standardOutput)")

        // Interrupted, it frees the name.
        #expect(server.stop(signal: SIGINT) != nil)
        #expect(server.standardError.contains("checkout(cart) → \"receipt for checkout\""), "\(server.standardError)")
        let after = try client.request("runTask", params: .byName(["name": "checkout"]))
        guard case .failure(let error) = after.outcome else { Issue.record("the task still ran"); return }
        #expect(error.code == .taskNotFound)
    }

    @Test func aFailingCommandFailsTheRunWithItsLastErrorLine() throws {
        let (app, file) = try Self.shop()
        defer { file.remove() }
        let server = try SlamctlProcess(["serve-task", "checkout", "--timeout", "3s", "--", "sh", "-c", "echo working; echo 'out of stock' >&2; exit 4"],
                                        app: app)
        #expect(server.waitUntil { server.standardError.contains("runs may take 3000 ms") }, "\(server.standardError)")
        let pressed = try slamctl("press", "pay", app: app)
        #expect(pressed.status == 1)
        #expect(pressed.standardError.contains("-32010") && pressed.standardError.contains("out of stock"), "\(pressed.standardError)")
        #expect(pressed.standardError.contains("\"exitStatus\":4"), "\(pressed.standardError)")
        server.stop(signal: SIGTERM)
    }

    @Test func aTakenNameOrAMissingCommandIsRefused() throws {
        let (app, file) = try Self.shop()
        defer { file.remove() }
        let taken = try slamctl("serve-task", "push", "--", "true", app: app)
        #expect(taken.status == 1 && taken.standardError.contains("-32016"), "\(taken.standardError)")
        let missing = try slamctl("serve-task", "checkout", app: app)
        #expect(missing.status == 2 && missing.standardError.contains("missing COMMAND"), "\(missing.standardError)")
    }

    @Test func aTraceShowsTheRunTheDaemonSentAndItsAnswer() throws {
        let (app, file) = try Self.shop()
        defer { file.remove() }
        let server = try SlamctlProcess(["serve-task", "checkout", "--", "echo", "paid"], app: app)
        #expect(server.waitUntil { server.standardError.contains("serving task 'checkout'") }, "\(server.standardError)")
        // A file the daemon names in its trace directory (the user's state directory here): removed after.
        let started = try slamctl("trace", "start", app: app)
        #expect(started.status == 0)
        let path = try #require(started.lines.first)
        defer { unlink(path) }
        #expect(try slamctl("press", "pay", app: app).status == 0)
        #expect(try slamctl("trace", "stop", app: app).status == 0)
        server.stop(signal: SIGTERM)

        let show = try slamctl("trace", "show", path)
        let steps = Array(TraceCommandTests.readable(show.lines).dropFirst(2))
        #expect(steps.count == 3, "\(show.lines)")
        #expect(steps.first?.hasSuffix("press pay → ok · Shop") == true, "\(steps)")
        #expect(steps.dropFirst().first?.hasSuffix("slamd → client B task.run checkout cart pay (Shop) → ok · Shop") == true, "\(steps)")
        let json = try slamctl("trace", "show", path, "--json").lines.map { try JSONParser().parse($0) }
        #expect(json.map { $0["method"] } == ["press", "task.run", "trace.stop"])
        #expect(json[1]["sentByDaemon"] == true && json[1]["result"] == "paid")
    }

    @Test func aCommandIsOverWhenItExitsAndStoppedAtTheTimeout() throws {
        let (app, file) = try Self.shop()
        defer { file.remove() }
        // Its background child keeps the output pipe open for a minute: the run is over when the command exits.
        let background = try SlamctlProcess(["serve-task", "checkout", "--timeout", "20s", "--", "sh", "-c", "sleep 60 & echo started"], app: app)
        #expect(background.waitUntil { background.standardError.contains("serving task") }, "\(background.standardError)")
        let client = try SlamConnection(socketPath: app.socketPath)
        #expect(try client.send(RunTaskRequest(name: "checkout")).result == "started")
        background.stop(signal: SIGTERM)

        // A command still running at the timeout is stopped, and the run fails saying so.
        let slow = try SlamctlProcess(["serve-task", "checkout", "--timeout", "300ms", "--", "sleep", "30"], app: app)
        #expect(slow.waitUntil { slow.standardError.contains("serving task") }, "\(slow.standardError)")
        let late = try client.request("runTask", params: .byName(["name": "checkout"]))
        guard case .failure(let error) = late.outcome else { Issue.record("the slow command succeeded"); return }
        #expect(error.code == .taskFailed)
        // Stopped, not waited for: serve-task reports the run long before the command's 30 s.
        #expect(slow.waitUntil(timeoutSeconds: 10) { slow.standardError.contains("did not finish within 300 ms and was stopped") },
                "\(slow.standardError)")
        slow.stop(signal: SIGTERM)
    }

    @Test func theShopExampleIsAnAppWrittenInShell() throws {
        let examples = String(#filePath.prefix(upTo: #filePath.firstRange(of: "/Tests/")!.lowerBound)) + "/Examples/shop"
        let storyboard = examples + "/shop.storyboard.json"
        let app = try SlamApp.inProcess { try Storyboard.makeApplication(contentsOf: storyboard, strict: true) }
        // The script calls `slamctl` as a user would: the one under test, first on PATH.
        let directory = String(Self.slamctlPath.prefix(upTo: Self.slamctlPath.lastIndex(of: "/")!))
        let path = directory + ":" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        let server = try SlamctlProcess(["serve-task", "checkout", "--timeout", "60s", "--", "sh", examples + "/checkout.sh"], app: app,
                                        environment: environment(with: ["PATH": path, "SLAM_SOCKET": ""]))
        #expect(server.waitUntil { server.standardError.contains("serving task 'checkout'") }, "\(server.standardError)")
        let client = try SlamConnection(socketPath: app.socketPath)
        #expect(try client.send(PressRequest(ref: "pay")).reference == "pay")
        let status = try client.send(FindRequest(ref: "status")).text ?? ""
        #expect(status.hasPrefix(#"Paid by card for ["Tea","Biscuits"] (R-"#), "\(status)")
        #expect(try client.send(StateGetRequest(key: "cart")).value == [])
        #expect(try client.send(FindRequest(ref: "pay"))["enabled"] == false, "nothing left to pay for")
        let empty = try client.request("runTask", params: .byName(["name": "checkout"]))
        guard case .failure(let error) = empty.outcome else { Issue.record("an empty cart was paid for"); return }
        #expect(error.message.hasSuffix("the cart is empty"), "\(error.message)")
        server.stop(signal: SIGTERM)
    }

    @Test func anInterruptStopsTheCommandTooAndEndlessOutputIsCapped() throws {
        let (app, file) = try Self.shop()
        defer { file.remove() }
        let client = try SlamConnection(socketPath: app.socketPath)
        // Endless output: stopped at the timeout, what is kept bounded, and serve-task goes on serving.
        let flood = try SlamctlProcess(["serve-task", "checkout", "--timeout", "1s", "--", "yes"], app: app)
        #expect(flood.waitUntil { flood.standardError.contains("serving task") }, "\(flood.standardError)")
        let flooded = try client.request("runTask", params: .byName(["name": "checkout"]))
        guard case .failure(let error) = flooded.outcome else { Issue.record("`yes` answered"); return }
        #expect(error.code == .taskFailed)
        #expect(flood.waitUntil { flood.standardError.contains("checkout() → failed: yes did not finish within 1000 ms and was stopped") },
                "\(flood.standardError)")
        #expect(flood.isRunning, "serve-task survived the flood")
        let residentKiB = DaemonProcess.read("/proc/\(flood.process.processIdentifier)/status").split(separator: "\n")
            .first { $0.hasPrefix("VmRSS:") }.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? .max
        #expect(residentKiB < 200 * 1024, "what `yes` wrote was not all kept: \(residentKiB) KiB")
        flood.stop(signal: SIGTERM)

        // Ctrl-C while a command runs reaches the command's whole process group.
        let directory = try DaemonProcess.makeTemporaryDirectory()
        let pidFile = directory + "/pid"
        defer { unlink(pidFile); rmdir(directory) }
        let server = try SlamctlProcess(["serve-task", "checkout", "--timeout", "60s", "--", "sh", "-c", "echo $$ > \(pidFile); exec sleep 30"],
                                        app: app)
        #expect(server.waitUntil { server.standardError.contains("serving task") }, "\(server.standardError)")
        try client.send(["jsonrpc": "2.0", "method": "runTask", "params": ["name": "checkout"], "id": 99])
        #expect(server.waitUntil { !DaemonProcess.read(pidFile).isEmpty }, "the command started")
        let pid = pid_t(DaemonProcess.read(pidFile).split(separator: "\n").first ?? "") ?? 0
        #expect(server.stop(signal: SIGINT) == 128 + SIGINT, "serve-task ends as the interrupt would end it")
        #expect(Self.eventually(timeoutSeconds: 10) { !Self.isLive(pid) }, "the command went with serve-task")
        let reply = try client.nextMessage(timeoutMilliseconds: 10_000)
        #expect(reply["id"] == 99 && reply["error"]?["code"] == -32010, "\(reply)")
    }

    /// Ctrl-C at the very moment the command starts (before serve-task may even know its process
    /// group) still stops the command: it runs in a group of its own, which the terminal's Ctrl-C misses.
    @Test func anInterruptAsTheCommandStartsNeverLeavesItRunning() throws {
        let (app, file) = try Self.shop()
        defer { file.remove() }
        // A long search path (thousands of directories that do not exist before the real ones) makes the
        // command's start last milliseconds, so that the interrupt lands inside it rather than just after.
        let searchPath = (0..<5000).map { "/nonexistent/\($0)" }.joined(separator: ":") + ":" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        let withBallast = environment(with: ["PATH": searchPath])
        var leftRunning: [pid_t] = []
        for attempt in 0..<30 {
            let server = try SlamctlProcess(["serve-task", "checkout", "--timeout", "60s", "--", "sleep", "30"], app: app,
                                            environment: withBallast)
            #expect(server.waitUntil { server.standardError.contains("serving task") }, "\(server.standardError)")
            let client = try SlamConnection(socketPath: app.socketPath)
            try client.send(["jsonrpc": "2.0", "method": "runTask", "params": ["name": "checkout"], "id": .integer(Int64(attempt))])
            // Looked at without pause: the interrupt goes the instant the command exists.
            let childrenFiles = Self.childrenFiles(of: server.process.processIdentifier)
            var command: pid_t = 0
            var iterations = 0
            while command == 0 && (iterations % 10_000 != 0 || server.isRunning) && iterations < 50_000_000 {
                iterations += 1
                for path in childrenFiles {
                    if let first = DaemonProcess.read(path).split(separator: " ").first.flatMap({ pid_t($0) }) { command = first }
                }
            }
            #expect(command > 0, "the command started")
            server.process.signal(SIGINT)
            #expect(server.process.waitForExit(timeoutSeconds: 20) == 128 + SIGINT, "serve-task ends as the interrupt would end it")
            if !Self.eventually(timeoutSeconds: 10, { !Self.isLive(command) }) {
                leftRunning.append(command)
                kill(command, SIGKILL)
            }
        }
        #expect(leftRunning.isEmpty, "\(leftRunning.count) of 30 commands outlived serve-task's interrupt")
    }

    /// The files that list the processes each of `pid`'s threads has started and not yet reaped.
    static func childrenFiles(of pid: pid_t) -> [String] {
        guard let directory = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if Int(name) != nil { found.append("/proc/\(pid)/task/\(name)/children") }
        }
        return found
    }

    /// Whether `condition` holds within `timeoutSeconds`, looked at every 10 ms (whatever runs or has stopped).
    static func eventually(timeoutSeconds: Double, _ condition: () -> Bool) -> Bool {
        for _ in 0..<Int(timeoutSeconds * 100) {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// Whether a process exists and is not a zombie waiting to be reaped.
    static func isLive(_ pid: pid_t) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 else { return false }
        let stat = DaemonProcess.read("/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}
