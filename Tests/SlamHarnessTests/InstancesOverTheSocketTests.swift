import Testing
import SlamClient
import SlamHarness
import SlamJSON
import SlamProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Instances of a real slamd, over its socket: a thousand at once, each answering for itself, and
/// an instance whose creator has gone closed once it has been idle for the daemon's timeout.
@Suite struct InstancesOverTheSocketTests {
    @Test(.timeLimit(.minutes(5)))
    func aThousandInstancesAtOnceEachAnswerAFindOfTheirOwn() throws {
        let app = try SlamApp.launch(arguments: ["--max-instances", "1000"])
        defer { app.stop() }
        var handles: [String] = []
        for number in 0..<1_000 { handles.append(try app.connection.createInstance(label: "n\(number)").instance) }
        #expect(try app.connection.instances().count == 1_001)
        let refused = #expect(throws: ClientError.self) { try app.connection.createInstance() }
        if case .server(let error)? = refused { #expect(error.code == .limitReached) }
        // Ten connections share the thousand; instance n is pressed n % 7 times, then every one is read.
        let connections = try (0..<10).map { _ in try app.connect() }
        defer { for connection in connections { connection.close() } }
        for (number, handle) in handles.enumerated() {
            let connection = connections[number % connections.count]
            try connection.useInstance(handle)
            for _ in 0..<(number % 7) { _ = try connection.press("increment") }
        }
        for (number, handle) in handles.enumerated() {
            let connection = connections[(number + 3) % connections.count]
            try connection.useInstance(handle)
            #expect(try connection.find("count").text == "Count: \(number % 7)", "instance \(handle)")
        }
        #expect(try app.label("count").text() == "Count: 0", "main saw none of it")
    }

    @Test(.timeLimit(.minutes(2)))
    func anInstanceWhoseCreatorLeftClosesAfterTheIdleTimeout() throws {
        let app = try SlamApp.launch(arguments: ["--instance-idle-timeout", "1"])
        defer { app.stop() }
        let creator = try app.connect()
        let left = try creator.createInstance(label: "left behind").instance
        let kept = try creator.createInstance(label: "still used").instance
        let user = try app.connect()
        defer { user.close() }
        try user.useInstance(kept)
        creator.close()
        // Polled with a generous deadline: the daemon closes it one second after the creator went.
        var open = try app.connection.instances().map(\.instance)
        let deadline = ContinuousClock.now + .seconds(60)
        while open.contains(left), ContinuousClock.now < deadline {
            usleep(50_000)
            open = try app.connection.instances().map(\.instance)
        }
        #expect(!open.contains(left), "the idle instance closed")
        #expect(open.contains(kept), "an instance a connection uses stays")
    }
}
