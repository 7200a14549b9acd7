import Testing
import SlamClient
import SlamProtocol
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamRPC
#if canImport(Glibc)
import Glibc
#endif

/// The async client against a real daemon (served in process, through its socket).
@Suite struct AsyncConnectionTests {
    static func demo() throws -> SlamApp {
        try SlamApp.inProcess { try DemoApp.makeApplication() }
    }

    @Test func manyTasksShareOneConnectionAndEachGetsItsOwnReply() async throws {
        let app = try Self.demo()
        let connection = try AsyncSlamConnection(socketPath: app.socketPath)
        let references = ["heading", "count", "progress", "goal", "increment", "decrement", "reset", "openSettings"]
        try await withThrowingTaskGroup(of: (String, Snapshot).self) { group in
            for round in 0..<25 {
                for reference in references {
                    group.addTask {
                        if round % 5 == 0 && reference == "increment" { try await connection.send(PressRequest(ref: "increment")) }
                        return (reference, try await connection.send(FindRequest(ref: ElementLocator(reference))))
                    }
                }
            }
            var answered = 0
            for try await (reference, snapshot) in group {
                #expect(snapshot.reference == reference, "a reply went to the wrong task")
                answered += 1
            }
            #expect(answered == 200)
        }
        #expect(try await connection.send(FindRequest(ref: "count")).text == "Count: 5")
    }

    @Test func notificationsArriveAsAStreamAfterTheirCause() async throws {
        let app = try Self.demo()
        let connection = try AsyncSlamConnection(socketPath: app.socketPath)
        #expect(try await connection.send(SubscribeRequest(events: [.changed, .navigated])).subscribed == ["changed", "navigated"])
        let pressed = try await connection.send(PressRequest(ref: "increment"))
        #expect(pressed.reference == "increment")
        var events = connection.notifications.makeAsyncIterator()
        let changed = try #require(await events.next())
        #expect(changed.method == "changed")
        let changes = changed.params?.jsonValue["changes"]?.arrayValue ?? []
        #expect(changes.contains { $0["ref"] == "count" && $0["text"] == "Count: 1" })
        try await connection.send(RunTaskRequest(name: "push", param: "Settings"))
        let navigated = try #require(await events.next())
        #expect(navigated.method == "navigated")
        #expect(navigated.params?.jsonValue["top"] == "Settings")
    }

    @Test func aStateHandlerFollowsTheKeysItWatchesInOrderAndAnswersThroughTheConnection() async throws {
        let app = try Self.demo()
        let connection = try AsyncSlamConnection(socketPath: app.socketPath)
        let (seen, sink) = AsyncStream<[String: JSONValue]>.makeStream()
        try await connection.onState(["bill", "people"]) { changed in
            sink.yield(changed)
            // A handler answers through the connection, as a calculator sets its results.
            let bill = Double(changed["bill"]?.stringValue ?? "") ?? 0
            _ = try? await connection.send(StateSetRequest(key: "total", value: .double(bill * 1.5)))
        }
        _ = try await connection.send(SubscribeRequest(events: [.navigated]))
        let person = try AsyncSlamConnection(socketPath: app.socketPath)
        _ = try await person.send(StateSetRequest(values: ["bill": "20", "other": 1]))
        _ = try await person.send(StateSetRequest(key: "other", value: 2))
        _ = try await person.send(StateSetRequest(values: ["bill": "30", "people": 3]))
        var changes = seen.makeAsyncIterator()
        #expect(await changes.next() == ["bill": "20"], "only the keys it watches")
        #expect(await changes.next() == ["bill": "30", "people": 3], "one call for keys that changed together; none for 'other' alone")
        // The handler's own call lands after the change it reacts to: polled, with a generous deadline.
        let deadline = ContinuousClock.now + .seconds(20)
        var total: JSONValue = .null
        while total != 45.0 && ContinuousClock.now < deadline {
            total = (try? await person.send(StateGetRequest(key: "total")).value) ?? .null
            if total != 45.0 { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(total == 45.0)
        try await person.send(RunTaskRequest(name: "push", param: "Settings"))
        var notifications = connection.notifications.makeAsyncIterator()
        #expect(await notifications.next()?.method == "navigated", "stateChanged went to the handler, not to the stream")
    }

    @Test func aWaitResolvesWhenAnotherClientActs() async throws {
        let app = try Self.demo()
        let waiter = try AsyncSlamConnection(socketPath: app.socketPath)
        let actor = try AsyncSlamConnection(socketPath: app.socketPath)
        // The daemon's clock starts at once, but the presses wait for a thread of the shared
        // pool, which the blocking tests beside this one can hold for long under ASan on
        // 2 cores: the wait allows minutes (it resolves as soon as the tenth press lands).
        async let reached = waiter.send(WaitForRequest(ref: "goal", state: .visible, timeoutMilliseconds: 300_000))
        for _ in 0..<10 { try await actor.send(PressRequest(ref: "increment")) }
        let goal = try #require(try await reached)
        #expect(goal.isVisible)
    }

    @Test func errorsAreTypedWithCodeMessageAndData() async throws {
        let app = try Self.demo()
        let connection = try AsyncSlamConnection(socketPath: app.socketPath)
        do {
            try await connection.send(PressRequest(ref: "nope"))
            Issue.record("pressing a missing element succeeded")
        } catch {
            // `catch .server(let error)` here crashes the 6.3.1 compiler (SILGen ownership), hence the guard.
            guard case .server(let error) = error else { throw error }
            #expect(error.code == ErrorCode(rawValue: -32001))
            #expect(error.message.contains("'nope'"))
            #expect(error.data?["ref"] == "nope")
        }
        let responses = try await connection.batch([("ping", nil), ("find", ["ref": "nope"]), ("nope", nil)])
        #expect(try responses[0].outcome.get() == "pong")
        #expect(responses[1].outcome.failureCode == -32001)
        #expect(responses[2].outcome.failureCode == -32601)
        #expect(try await connection.send(PingRequest()) == "pong", "the connection goes on after errors")
    }

    @Test func closingFailsPendingCallsAndEndsTheStream() async throws {
        let app = try Self.demo()
        let connection = try AsyncSlamConnection(socketPath: app.socketPath)
        try await connection.send(SubscribeRequest(events: [.changed])).subscribed
        async let pending = connection.send(WaitForRequest(ref: "count", property: "text", equals: "never", timeoutMilliseconds: 10_000))
        try await Task.sleep(for: .milliseconds(50))
        connection.close()
        do {
            _ = try await pending
            Issue.record("a pending wait survived close()")
        } catch {
            #expect(error as? ClientError == .connectionClosed)
        }
        var events = connection.notifications.makeAsyncIterator()
        #expect(await events.next() == nil, "the notification stream ended")
        await #expect(throws: ClientError.connectionClosed) { try await connection.send(PingRequest()) }
    }

    @Test func releasedConnectionsLeaveNoDescriptorsOrThreads() async throws {
        let app = try Self.demo()
        let connections = 400
        let before = openDescriptorCount()
        for _ in 0..<connections {
            let connection = try AsyncSlamConnection(socketPath: app.socketPath)
            #expect(try await connection.send(PingRequest()) == "pong")
        }
        // Other suites open and close descriptors in this process meanwhile (the load
        // test alone holds 64 sockets at times); a leak would add at least one per
        // connection (two with the in-process daemon's side), far beyond that noise.
        #expect(openDescriptorCount() < before + connections / 2, "each released connection closed its socket")
    }

    @Test func aMissingDaemonIsCannotConnectWithThePath() {
        #expect(throws: ClientError.cannotConnect(path: "/tmp/no-slamd-here.sock", errno: ENOENT)) {
            _ = try AsyncSlamConnection(socketPath: "/tmp/no-slamd-here.sock")
        }
    }
}

func openDescriptorCount() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while readdir(directory) != nil { count += 1 }
    return count
}

extension Result where Success == JSONValue, Failure == ResponseError {
    /// The error code, for a failed response.
    var failureCode: Int? {
        if case .failure(let error) = self { return Int(error.code.rawValue) }
        return nil
    }
}
