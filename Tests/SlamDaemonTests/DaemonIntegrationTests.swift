import Foundation
import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC

/// The real `slamd`, on a temporary socket, driven through a real client.
@Suite struct DaemonIntegrationTests {
    @Test func servesTheDemoAppOverNewlineFraming() throws {
        let app = try SlamApp.launch()
        #expect(try app.connection.ping() == "pong")
        #expect(try app.label("count").text() == "Count: 0")
        #expect(try app.button("increment").press().reference == "increment")
        try app.label("count").wait(text: "Count: 1", timeout: .zero)
        #expect(app.stop() == 0)
    }

    @Test func ctrlCStopsCleanlyWithTheInterruptedStatusAndSIGTERMWithZero() throws {
        let interrupted = try DaemonProcess.launch()
        #expect(try interrupted.connect().ping() == "pong")
        interrupted.process.signal(SIGINT)
        #expect(interrupted.waitForExit(timeoutSeconds: 20) == 130, "Ctrl-C: 128 + SIGINT, as every long-running command: \(interrupted.standardError)")
        #expect(!FileManager.default.fileExists(atPath: interrupted.socketPath), "after a clean stop: the socket is unlinked")
        let stopped = try DaemonProcess.launch()
        #expect(stopped.stop() == 0, "SIGTERM, a service manager's stop, is a clean 0")
    }

    @Test func detectsContentLengthFramingPerConnection() throws {
        let daemon = try DaemonProcess.launch()
        let lsp = try SlamConnection(socketPath: daemon.socketPath, framing: .contentLength)
        let plain = try daemon.connect()
        #expect(try lsp.call("ping") == "pong")
        #expect(try plain.call("ping") == "pong")
        let body = #"{"jsonrpc":"2.0","method":"find","params":{"ref":"heading"},"id":"x"}"#
        try lsp.sendRaw(Array("Content-Length: \(body.utf8.count)\r\nContent-Type: application/json\r\n\r\n\(body)".utf8))
        #expect(try lsp.nextMessage()["result"]?["text"] == "Counter")
    }

    @Test func answersBatchesAndIgnoresNotifications() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        try connection.sendRaw(Array("""
            [{"jsonrpc":"2.0","method":"press","params":{"ref":"increment"}},{"jsonrpc":"2.0","method":"find","params":{"ref":"count"},"id":1},{"jsonrpc":"2.0","method":"nope","id":2},7]

            """.utf8))
        let reply = try connection.nextMessage()
        #expect(reply.arrayValue?.count == 3)
        #expect(reply[0]?["result"]?["text"] == "Count: 1")
        #expect(reply[1]?["error"]?["code"] == -32601)
        #expect(reply[2]?["error"]?["code"] == -32600)
        try connection.notify("press", ["ref": "increment"])
        #expect(try connection.call("find", ["ref": "count"])["text"] == "Count: 2", "no reply to the notification came first")
        let responses = try connection.batch([("ping", nil), ("tasks", nil)])
        #expect(responses.map { try? $0.outcome.get() } == ["pong", ["alert", "append", "increment", "pop", "push", "remove", "resetCounter", "set", "toggle", "url"]])
    }

    @Test func badInputGetsAClearErrorAndTheConnectionGoesOn() throws {
        let daemon = try DaemonProcess.launch(arguments: ["--max-message-bytes", "2048"])
        let connection = try daemon.connect()
        try connection.sendRaw(Array("{\"jsonrpc\": \"2.0\", \"method\": oops}\n".utf8))
        let parse = try connection.nextMessage()
        #expect(parse["error"]?["code"] == -32700 && parse["id"] == .null)
        #expect(parse["error"]?["data"]?["line"] == 1)
        try connection.sendRaw(Array(("[\"" + String(repeating: "x", count: 5000) + "\"]\n").utf8))
        let tooLarge = try connection.nextMessage()
        #expect(tooLarge["error"]?["code"] == -32000)
        #expect(tooLarge["error"]?["data"]?["limit"] == 2048)
        try connection.sendRaw([0xFF, 0xFE, 0x0A])
        #expect(try connection.nextMessage()["error"]?["code"] == -32700)
        #expect(try connection.call("ping") == "pong")
    }

    @Test func manyClientsAtOnceLoseNothing() throws {
        let daemon = try DaemonProcess.launch()
        let clients = 8
        let pressesEach = 100
        let failures = LockedCounter()
        let socketPath = daemon.socketPath
        DispatchQueue.concurrentPerform(iterations: clients) { _ in
            do {
                let connection = try SlamConnection(socketPath: socketPath)
                for _ in 0..<pressesEach {
                    let snapshot = try connection.call("press", ["ref": "increment"])
                    if snapshot["ref"] != "increment" { failures.increment() }
                    if try connection.call("ping") != "pong" { failures.increment() }
                }
            } catch {
                failures.increment()
            }
        }
        #expect(failures.value == 0)
        #expect(try daemon.connect().find("count").text == "Count: \(clients * pressesEach)")
    }

    @Test func subscribersHearChangesAfterTheCausingReply() throws {
        let daemon = try DaemonProcess.launch()
        let watcher = try daemon.connect()
        let actor = try daemon.connect()
        #expect(try watcher.call("subscribe", ["events": ["changed", "navigated", "taskRan", "openURL"]])["subscribed"] ==
                ["changed", "navigated", "taskRan", "openURL"])
        try actor.call("press", ["ref": "increment"])
        let changed = try watcher.nextNotification()
        #expect(changed.method == "changed")
        #expect(changed.params?.jsonValue["changes"]?[0]?["text"] == "Count: 1")
        // The subscriber's own press: its reply first, then the events it caused.
        try watcher.send(Request(id: 99, method: "press", params: .byName(["ref": "openSettings"])).jsonValue)
        let first = try watcher.nextMessage()
        #expect(first["id"] == 99)
        #expect(try watcher.nextNotification().method == "navigated")
        #expect(try watcher.nextNotification().method == "taskRan")
    }

    @Test func waitForIsAnsweredByAnotherClientsChangeOrTimesOut() throws {
        let daemon = try DaemonProcess.launch()
        let waiter = try daemon.connect()
        let actor = try daemon.connect()
        try waiter.send(Request(id: 1, method: "waitFor", params: .byName(["ref": "goal", "state": "visible", "timeoutMs": 30_000])).jsonValue)
        for _ in 0..<10 { try actor.call("press", ["ref": "increment"]) }
        let answer = try waiter.nextMessage(timeoutMilliseconds: 30_000)
        #expect(answer["id"] == 1 && answer["result"]?["ref"] == "goal" && answer["result"]?["visible"] == true)
        let started = Date()
        let timeout = try waiter.expectError("waitFor", ["ref": "nothing", "state": "exists", "timeoutMs": 300])
        #expect(timeout?.code.rawValue == -32008)
        #expect(Date().timeIntervalSince(started) >= 0.29)
    }

    @Test func sigtermFinishesClosesAndRemovesTheSocket() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        try connection.send(Request(id: 1, method: "waitFor", params: .byName(["ref": "goal", "state": "visible", "timeoutMs": 60_000])).jsonValue)
        // The wait holds back later replies on its connection. A round trip on another
        // connection, sent after it, shows the daemon's one event loop has read it
        // (a fixed sleep was not always enough on a loaded machine).
        #expect(try daemon.connect().call("ping") == "pong")
        #expect(FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        // The pending wait was answered before the connection closed.
        #expect(try connection.nextMessage(timeoutMilliseconds: 30_000)["error"]?["code"] == -32009)
        #expect(throws: ClientError.connectionClosed) { try connection.nextMessage(timeoutMilliseconds: 30_000) }
    }

    @Test func aLiveSocketIsNeverTakenOverAndAStaleOneIsReplaced() throws {
        let first = try DaemonProcess.launch()
        let second = try DaemonProcess.launch(socketPath: first.socketPath, waitUntilListening: false)
        #expect(second.waitForExit() == 1)
        #expect(second.standardError.contains("another slamd (pid \(first.process.processIdentifier)) is serving \(first.socketPath)"))
        #expect(try first.connect().call("ping") == "pong")
        #expect(FileManager.default.fileExists(atPath: first.socketPath + ".lock"), "the refused daemon left the live one's lock")
        let status = first.stop()
        #expect(status == 0, "slamd's log: \(first.standardError)")
        #expect(!FileManager.default.fileExists(atPath: first.socketPath + ".lock"), "a clean stop removes the lock file")

        // A socket file left by a daemon that died: nobody listens, nobody holds the lock.
        let stale = try shell("python3 -c \"import socket; s=socket.socket(socket.AF_UNIX); s.bind('\(first.socketPath)')\"")
        #expect(stale.0 == 0 && FileManager.default.fileExists(atPath: first.socketPath))
        let third = try DaemonProcess.launch(socketPath: first.socketPath)
        #expect(try third.connect().call("ping") == "pong")
        #expect(third.standardErrorEventually(contains: "replaced a stale socket"))
    }

    @Test func theSocketIsPrivateToItsUser() throws {
        let daemon = try DaemonProcess.launch()
        let attributes = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((attributes[.type] as? FileAttributeType) == .typeSocket)
    }

    @Test(arguments: [nil, 0o600, 0o755] as [Int?])
    func theDefaultSocketLivesInAPrivateRuntimeDirectory(existingMode: Int?) throws {
        let placeholder = try writeTemporaryFile(named: "placeholder", "")
        defer { removeTemporaryFile(placeholder) }
        let runtime = URL(fileURLWithPath: placeholder).deletingLastPathComponent().path
        if let existingMode {
            // Left by an earlier daemon, or made under an odd umask: too narrow to use, or too wide to trust.
            try FileManager.default.createDirectory(atPath: runtime + "/slam", withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: existingMode], ofItemAtPath: runtime + "/slam")
        }
        let daemon = try ChildProcess(executable: try DaemonProcess.slamdPath(), arguments: [],
                                      environment: ["XDG_RUNTIME_DIR": runtime],
                                      standardOutputPath: runtime + "/out", standardErrorPath: runtime + "/err")
        var output = ""
        for _ in 0..<2000 where !output.hasSuffix("\n") {
            output = DaemonProcess.read(runtime + "/out")
            usleep(5_000)
        }
        #expect(output == "slamd listening on \(runtime)/slam/slamd.sock\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: runtime + "/slam")
        #expect((attributes[.posixPermissions] as? Int) == 0o700, "was \(existingMode.map { String($0, radix: 8) } ?? "absent")")
        daemon.signal(SIGTERM)
        let status = daemon.waitForExit(timeoutSeconds: 20)
        #expect(status == 0, "slamd's log: \(DaemonProcess.read(runtime + "/err"))")
    }

    @Test func peersOfAnotherUserAreRefused() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            print("skipped: needs root and setpriv to connect as another user")
            return
        }
        let daemon = try DaemonProcess.launch()
        // Let `nobody` reach the socket file, so only the peer-credential check can refuse it.
        chmod(daemon.directory, 0o755)
        chmod(daemon.socketPath, 0o666)
        let script = """
            import socket,sys
            s=socket.socket(socket.AF_UNIX); s.connect('\(daemon.socketPath)'); s.settimeout(5)
            try:
                s.sendall(b'{"jsonrpc":"2.0","method":"ping","id":1}\\n')
                data = s.recv(100)
            except (BrokenPipeError, ConnectionResetError):
                data = b''
            sys.stdout.write(repr(data))
            """
        let scriptPath = try writeTemporaryFile(named: "peer.py", script)
        defer { removeTemporaryFile(scriptPath) }
        chmod(URL(fileURLWithPath: scriptPath).deletingLastPathComponent().path, 0o755)
        chmod(scriptPath, 0o644)
        let (status, output) = try shell("setpriv --reuid=nobody --regid=nogroup --clear-groups /usr/bin/python3 \(scriptPath)")
        #expect(status == 0)
        #expect(output == "b''", "the daemon closed the connection without answering")
        #expect(daemon.standardErrorEventually(contains: "refused a peer of uid 65534"))
        #expect(try daemon.connect().call("ping") == "pong", "its own user still gets in")
    }

    @Test func hostsAStoryboardOnlyApp() throws {
        let app = try SlamApp.launch(storyboardText: testStoryboard)
        #expect(try app.label("heading").text() == "Welcome")
        #expect(try app.switch("flag").press().json["isOn"] == true)
        #expect(try app.table("list").press(1).json["selectedRow"] == 1)
        try app.button("next").press()
        #expect(try app.controllerStack() == ["Start", "Second"])
        #expect(try app.label("arrived").text() == "You made it")
        try app.button("back").press()
        #expect(try app.controllerStack() == ["Start"])
        let connection = app.connection
        #expect(try connection.expectError("press", ["ref": "locked"])?.code.rawValue == -32003)
        let hidden = try connection.expectError("press", ["ref": "tucked"])
        #expect(hidden?.code.rawValue == -32004 && hidden?.data == ["ref": "tucked"])
        #expect(try connection.query(visible: false).map(\.reference) == ["secret", "drawer"])
    }

    @Test func aClientThatNeverReadsIsCutOffAndTheUIGoesOn() throws {
        let daemon = try DaemonProcess.launch(arguments: ["--max-unread-bytes", "65536"])
        let sleeper = try daemon.connect()
        try sleeper.call("subscribe", ["events": ["changed"]])
        let actor = try daemon.connect()
        // Each press sends the sleeper a notification it never reads: the kernel's
        // buffer fills, then the daemon's, then the daemon lets it go.
        var presses = 0
        while !daemon.standardError.contains("cutting off a client") && presses < 20_000 {
            try actor.call("press", ["ref": "increment"])
            presses += 1
        }
        #expect(daemon.standardErrorEventually(contains: "cutting off a client that left"))
        #expect(try actor.call("find", ["ref": "count"])["text"] == .string("Count: \(presses)"))
    }

    @Test func aBadStoryboardIsRefusedWithItsPath() throws {
        let path = try writeTemporaryFile(named: "bad.json", #"{"initial":"A","controllers":[{"id":"A","view":{"type":"Lable","ref":"x"}}]}"#)
        defer { removeTemporaryFile(path) }
        let daemon = try DaemonProcess.launch(storyboard: path, waitUntilListening: false)
        #expect(daemon.waitForExit() == 1)
        #expect(daemon.standardError.contains("$.controllers[0].view.type: unknown element type 'Lable'"))
    }

    @Test func rpcDiscoverMatchesTheCommittedDescription() throws {
        let daemon = try DaemonProcess.launch()
        let live = try daemon.connect().call("rpc.discover")
        let committed = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Protocol/slam.openrpc.json"))))
        #expect(live == committed)
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
