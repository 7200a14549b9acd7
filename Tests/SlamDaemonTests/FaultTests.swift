import Foundation
import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC

/// Faults: clients killed mid-request and mid-batch, and SIGTERM under load.
@Suite struct FaultTests {
    /// A client in another process, written in Python (a plain socket): it sends
    /// `payload` (a line), says "sent" on stdout, then sleeps until killed.
    static func stubbornClient(socketPath: String, payload: String, directory: String) throws -> ChildProcess {
        let payloadPath = directory + "payload"
        try DaemonProcess.write(payload + "\n", to: payloadPath)
        let script = """
            import socket, sys, time
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(sys.argv[1])
            s.sendall(open(sys.argv[2], "rb").read())
            print("sent", flush=True)
            time.sleep(600)
            """
        return try ChildProcess(executable: "/usr/bin/env", arguments: ["python3", "-c", script, socketPath, payloadPath],
                                standardOutputPath: directory + "/client.out", standardErrorPath: directory + "/client.err")
    }

    static func waitForFile(_ path: String, containing text: String) -> Bool {
        for _ in 0..<3000 {
            if DaemonProcess.read(path).contains(text) { return true }
            usleep(10_000)
        }
        return false
    }

    /// Subscribers that hang up while another client's presses keep sending them
    /// notifications: their end of input and the reset their socket answers
    /// later writes with reach slamd together. A debug slamd used to stop on
    /// NIO's half-closure assertion within a few rounds (a flush at the end of
    /// the read burst closed the channel under NIO); it must keep serving.
    @Test func subscribersHangingUpUnderNotificationsLeaveTheDaemonServing() async throws {
        try await onOwnThread {
            let daemon = try DaemonProcess.launch()
            let socketPath = daemon.socketPath
            let stop = Counter()
            let pressing = DispatchGroup()
            pressing.enter()
            Thread {
                defer { pressing.leave() }
                guard let presser = try? SlamConnection(socketPath: socketPath) else { return }
                // Eight presses in flight, each its own request: each sends every subscriber a notification.
                let press: JSONValue = ["jsonrpc": "2.0", "method": "press", "params": ["ref": "increment"], "id": 1]
                while stop.value == 0 {
                    for _ in 0..<8 { guard (try? presser.send(press)) != nil else { return } }
                    for _ in 0..<8 { guard (try? presser.nextMessage()) != nil else { return } }
                }
            }.start()
            for round in 0..<300 {
                let subscriber = try daemon.connect()
                try subscriber.subscribe([.changed, .stateChanged])
                _ = try? subscriber.nextNotification(timeoutMilliseconds: 100)
                if round % 2 == 1 { try subscriber.shutdownWriting() }
                subscriber.close()
                #expect(daemon.process.isRunning, "slamd stopped after \(round + 1) subscribers hung up:\n\(daemon.standardError)")
                if !daemon.process.isRunning { break }
            }
            stop.set(1)
            pressing.wait()
            #expect(try daemon.connect().ping() == "pong")
        }
    }

    @Test func clientsKilledMidRequestAndMidBatchLeaveTheDaemonServing() async throws {
        try await onOwnThread {
            let daemon = try DaemonProcess.launch()
            let directory = try DaemonProcess.makeTemporaryDirectory()
            defer { _ = try? FileManager.default.removeItem(atPath: directory) }
            // Mid-request: a wait the client will never see answered.
            let waiting = try Self.stubbornClient(socketPath: daemon.socketPath,
                payload: #"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"goal","state":"visible","timeoutMs":600000},"id":1}"#,
                directory: directory + "/")
            #expect(Self.waitForFile(directory + "/client.out", containing: "sent"))
            let probe = try daemon.connect()
            #expect(try probe.call("ping") == "pong", "the wait was read")
            waiting.signal(SIGKILL)
            _ = waiting.waitForExit(timeoutSeconds: 20)

            // Mid-batch: 5 000 replies the killed client will never read.
            let batch = "[" + (0..<5_000).map { #"{"jsonrpc":"2.0","method":"find","params":{"ref":"count"},"id":\#($0)}"# }.joined(separator: ",") + "]"
            try? FileManager.default.removeItem(atPath: directory + "/client.out")
            let batching = try Self.stubbornClient(socketPath: daemon.socketPath, payload: batch, directory: directory + "/")
            #expect(Self.waitForFile(directory + "/client.out", containing: "sent"))
            batching.signal(SIGKILL)
            _ = batching.waitForExit(timeoutSeconds: 20)

            // The UI goes on for everyone else, and the goal the dead client waited for is reached without it.
            for _ in 0..<10 { _ = try probe.call("press", ["ref": "increment"]) }
            #expect(try probe.call("find", ["ref": "goal"])["visible"] == true)
            #expect(try daemon.connect().call("ping") == "pong")
        }
    }

    @Test func sigtermUnderLoadExitsCleanlyAndNeverSendsAHalfFrame() async throws {
        let daemon = try DaemonProcess.launch()
        let socketPath = daemon.socketPath
        let outcomes = Problems()
        let answered = Counter()
        let group = DispatchGroup()
        for index in 0..<8 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let connection = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: 60_000)
                    var id: Int64 = 0
                    while true {
                        for _ in 0..<4 {
                            try connection.send(["jsonrpc": "2.0", "method": "tree", "id": .integer(id)])
                            id += 1
                        }
                        for _ in 0..<4 {
                            // A half-written frame would surface here as a protocol violation.
                            let reply = try connection.nextMessage()
                            guard reply["result"]?["ref"] == "root" || reply["error"]?["code"] == -32009 else {
                                outcomes.append("client \(index): unexpected \(reply)")
                                return
                            }
                            answered.add(1)
                        }
                    }
                } catch ClientError.connectionClosed {
                    // How the load ends: the daemon closed after its last whole reply.
                } catch {
                    outcomes.append("client \(index): \(error)")
                }
            }.start()
        }
        // Awaited, not slept: a blocked pool thread starves async tests beside this one.
        while answered.value < 2_000 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(daemon.stop() == 0, "SIGTERM exits 0: \(daemon.standardError)")
        #expect(await finished(group, timeoutSeconds: 60))
        #expect(outcomes.all.isEmpty, "\(outcomes.all.prefix(3))")
        #expect(!FileManager.default.fileExists(atPath: socketPath), "the socket is unlinked")
    }
}
