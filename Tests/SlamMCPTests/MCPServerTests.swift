import SlamClient
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamMCP
import SlamProtocol
import Synchronization
import Testing

/// The protocol as an agent's client sees it: every message through ``MCPServer`` against the
/// demo served in process, answers read off an output.
@Suite struct MCPServerTests {
    static let stateless: JSONValue = [
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": [:],
        "io.modelcontextprotocol/clientInfo": ["name": "tests", "version": "1"],
    ]

    /// A tool with structured content, and one that refuses its arguments, beside the real snapshot tool.
    static let testTools: [MCPTool] = SlamTools.all + [
        MCPTool(name: "slam_echo", title: "Echo", description: "Answers its arguments.",
                inputSchema: ["type": "object"], outputSchema: ["type": "object"]) { arguments, _ in
            MCPToolResult(text: "echo", structured: .object(arguments))
        },
        MCPTool(name: "slam_picky", title: "Picky", description: "Refuses every argument.",
                inputSchema: ["type": "object", "additionalProperties": false]) { _, _ in
            throw MCPToolError.invalidArguments("'colour' is not an argument of slam_picky")
        },
    ]

    /// The demo in process, a session on it, and the server under test.
    struct Fixture {
        let app: SlamApp
        let server: MCPServer

        init() async throws {
            app = try SlamApp.inProcess { try DemoApp.makeApplication() }
            let session = MCPSession(connection: try AsyncSlamConnection(socketPath: app.socketPath))
            try await session.start()
            server = MCPServer(session: session, tools: MCPServerTests.testTools)
        }

        /// Sends one request and returns the one message it is answered with.
        func call(_ method: String, _ params: JSONValue.Object = [:], id: JSONValue = 1, meta: JSONValue? = stateless) async -> JSONValue {
            var params = params
            if let meta { params["_meta"] = meta }
            let output = Collector()
            await server.receive(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": .object(params)], output: output)
            let messages = output.all
            #expect(messages.count == 1, "one answer to \(method): \(messages)")
            return messages.first ?? .null
        }

        func handshake(_ version: String) async -> JSONValue {
            await call("initialize", ["protocolVersion": .string(version), "capabilities": [:],
                                      "clientInfo": ["name": "tests", "version": "1"]], meta: nil)
        }
    }

    /// Keeps what the server sends, for a test to read as it comes.
    final class Collector: MCPOutput {
        private let messages = Mutex<[JSONValue]>([])

        var all: [JSONValue] { messages.withLock { $0 } }

        func send(_ message: JSONValue) {
            messages.withLock { $0.append(message) }
        }

        /// The message sent `index`-th (from 0), polled for with a generous deadline; nil when it never came.
        func message(_ index: Int, within seconds: Int = 300) async -> JSONValue? {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                if let message = messages.withLock({ $0.count > index ? Optional($0[index]) : nil }) { return message }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return nil
        }
    }

    /// Whether `task` finishes within a generous deadline (a listen that would never end fails the test instead of hanging it).
    static func finishes(_ task: Task<Void, Never>, within seconds: Int = 300) async -> Bool {
        final class Flag: Sendable { let isSet = Atomic(false) }
        let finished = Flag()
        Task {
            await task.value
            finished.isSet.store(true, ordering: .sequentiallyConsistent)
        }
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !finished.isSet.load(ordering: .sequentiallyConsistent) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    // MARK: - The stateless revision

    @Test func discoverDescribesTheServerInTheStatelessEnvelope() async throws {
        let fixture = try await Fixture()
        let answer = await fixture.call("server/discover")
        let result = try #require(answer["result"])
        #expect(result["resultType"] == "complete")
        #expect(result["supportedVersions"] == ["2026-07-28"])
        #expect(result["capabilities"]?["resources"]?["subscribe"] == true)
        #expect(result["capabilities"]?["tools"] != nil)
        #expect(result["ttlMs"]?.integerValue != nil && result["cacheScope"] != nil)
        #expect(result["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "slam")
        #expect(answer["id"] == 1)
    }

    @Test func aRequestWithoutTheMetaEnvelopeIsInvalidParams() async throws {
        let fixture = try await Fixture()
        let missing = await fixture.call("tools/list", meta: nil)
        #expect(missing["error"]?["code"] == -32602)
        #expect(missing["error"]?["message"]?.stringValue?.contains("io.modelcontextprotocol/protocolVersion") == true)
        let noCapabilities = await fixture.call("tools/list", meta: ["io.modelcontextprotocol/protocolVersion": "2026-07-28"])
        #expect(noCapabilities["error"]?["code"] == -32602)
    }

    @Test func anUnsupportedVersionNamesTheSupportedOnes() async throws {
        let fixture = try await Fixture()
        let answer = await fixture.call("tools/list", meta: ["io.modelcontextprotocol/protocolVersion": "1900-01-01",
                                                             "io.modelcontextprotocol/clientCapabilities": [:]])
        #expect(answer["error"]?["code"] == -32022)
        #expect(answer["error"]?["data"]?["requested"] == "1900-01-01")
        #expect(answer["error"]?["data"]?["supported"]?.arrayValue?.contains("2026-07-28") == true)
    }

    @Test func listsCarryCacheHintsAndTheScreenIsNeverCached() async throws {
        let fixture = try await Fixture()
        let tools = try #require(await fixture.call("tools/list")["result"])
        #expect(tools["tools"]?.arrayValue?.map { $0["name"] } == Self.testTools.map { .string($0.name) }, "the fixed order")
        #expect(tools["cacheScope"] == "public" && (tools["ttlMs"]?.integerValue ?? 0) > 0)
        #expect(tools["tools"]?[0]?["title"] != nil)
        let resources = try #require(await fixture.call("resources/list")["result"])
        #expect(resources["resources"]?[0]?["uri"] == "slam://screen")
        #expect(resources["resources"]?[0]?["mimeType"] == "text/plain")
        let templates = try #require(await fixture.call("resources/templates/list")["result"])
        #expect(templates["resourceTemplates"] == [])
        let read = try #require(await fixture.call("resources/read", ["uri": "slam://screen"])["result"])
        #expect(read["ttlMs"] == 0)
        #expect(read["contents"]?[0]?["text"]?.stringValue?.contains("Count: 0") == true)
        #expect(read["contents"]?[0]?["uri"] == "slam://screen")
    }

    @Test func anUnknownResourceIsNotFoundWithItsURI() async throws {
        let fixture = try await Fixture()
        let answer = await fixture.call("resources/read", ["uri": "slam://nothing"])
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["message"] == "Resource not found")
        #expect(answer["error"]?["data"]?["uri"] == "slam://nothing")
    }

    // MARK: - Tools

    @Test func callsAToolAndGivesItsTextAndStructuredContent() async throws {
        let fixture = try await Fixture()
        let snapshot = try #require(await fixture.call("tools/call", ["name": "slam_snapshot", "arguments": [:]])["result"])
        #expect(snapshot["resultType"] == "complete")
        #expect(snapshot["isError"] == false)
        #expect(snapshot["content"]?[0]?["type"] == "text")
        #expect(snapshot["content"]?[0]?["text"]?.stringValue?.contains("Count: 0") == true)
        let echo = try #require(await fixture.call("tools/call", ["name": "slam_echo", "arguments": ["a": 1]])["result"])
        #expect(echo["structuredContent"] == ["a": 1])
        #expect(echo["content"]?[0]?["text"] == "echo")
    }

    @Test func anUnknownToolIsInvalidParamsWithADidYouMean() async throws {
        let fixture = try await Fixture()
        let answer = await fixture.call("tools/call", ["name": "slam_snapshop"])
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["message"] == "Unknown tool: slam_snapshop; did you mean 'slam_snapshot'?")
    }

    @Test func badArgumentsAreInvalidParams() async throws {
        let fixture = try await Fixture()
        let notAnObject = await fixture.call("tools/call", ["name": "slam_snapshot", "arguments": [1, 2]])
        #expect(notAnObject["error"]?["code"] == -32602)
        #expect(notAnObject["error"]?["message"]?.stringValue?.contains("object") == true)
        let refused = await fixture.call("tools/call", ["name": "slam_picky", "arguments": ["colour": "red"]])
        #expect(refused["error"]?["code"] == -32602)
        #expect(refused["error"]?["message"] == "'colour' is not an argument of slam_picky")
        let noName = await fixture.call("tools/call", ["arguments": [:]])
        #expect(noName["error"]?["code"] == -32602)
    }

    // MARK: - JSON-RPC

    @Test func unknownMethodsAndMalformedMessagesGetJSONRPCErrors() async throws {
        let fixture = try await Fixture()
        let unknown = await fixture.call("tools/lsit")
        #expect(unknown["error"]?["code"] == -32601)
        #expect(unknown["error"]?["message"]?.stringValue?.contains("tools/list") == true, "did you mean")
        let prompts = await fixture.call("prompts/list")
        #expect(prompts["error"]?["code"] == -32601)
        for (bytes, code) in [("{not json", -32700), ("[1, 2]", -32600), ("42", -32600), (#"{"id":1,"method":"ping"}"#, -32600)] {
            let output = Collector()
            await fixture.server.receive(bytes: Array(bytes.utf8), output: output)
            #expect(output.all.count == 1)
            #expect(output.all.first?["error"]?["code"] == .integer(Int64(code)), "\(bytes)")
            #expect(output.all.first?["id"] == .null || bytes.contains("\"id\""))
        }
        let notification = Collector()
        await fixture.server.receive(["jsonrpc": "2.0", "method": "notifications/initialized"], output: notification)
        #expect(notification.all.isEmpty, "notifications are never answered")
    }

    // MARK: - The handshake revisions

    @Test(arguments: [("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"), ("2025-03-26", "2025-03-26"),
                      ("2099-01-01", "2025-11-25"), ("2026-07-28", "2025-11-25")])
    func initializeEchoesAHandshakeRevisionItSpeaksElseOffersItsNewest(offered: String, answered: String) async throws {
        let fixture = try await Fixture()
        let answer = try #require(await fixture.handshake(offered)["result"])
        #expect(answer["protocolVersion"] == .string(answered))
        #expect(answer["serverInfo"]?["name"] == "slam")
        #expect(answer["capabilities"]?["resources"]?["subscribe"] == true)
        #expect(answer["resultType"] == nil, "no stateless envelope after a handshake")
        let tools = try #require(await fixture.call("tools/list", meta: nil)["result"])
        #expect(tools["ttlMs"] == nil && tools["resultType"] == nil)
        let ping = await fixture.call("ping", meta: nil)
        #expect(ping["result"] == [:])
    }

    @Test func revision20250326HasNoTitlesOutputSchemasOrStructuredContent() async throws {
        let fixture = try await Fixture()
        _ = await fixture.handshake("2025-03-26")
        let tools = try #require(await fixture.call("tools/list", meta: nil)["result"]?["tools"]?.arrayValue)
        let echo = try #require(tools.first { $0["name"] == "slam_echo" })
        #expect(echo["title"] == nil && echo["outputSchema"] == nil)
        let result = try #require(await fixture.call("tools/call", ["name": "slam_echo", "arguments": ["a": 1]], meta: nil)["result"])
        #expect(result["structuredContent"] == nil)
        #expect(result["content"]?[0]?["text"] == "echo")
        _ = await fixture.handshake("2025-06-18")
        let newer = try #require(await fixture.call("tools/list", meta: nil)["result"]?["tools"]?.arrayValue)
        #expect(newer.first { $0["name"] == "slam_echo" }?["outputSchema"] != nil)
    }

    @Test func revision20250326AnswersABatchWithOneArrayAndTheNewerOnesRefuseIt() async throws {
        let fixture = try await Fixture()
        _ = await fixture.handshake("2025-03-26")
        let batch: JSONValue = [["jsonrpc": "2.0", "id": 1, "method": "ping"],
                                ["jsonrpc": "2.0", "method": "notifications/initialized"],
                                ["jsonrpc": "2.0", "id": 2, "method": "resources/read", "params": ["uri": "slam://nothing"]]]
        let output = Collector()
        await fixture.server.receive(batch, output: output)
        #expect(output.all.count == 1)
        let responses = try #require(output.all.first?.arrayValue)
        #expect(Set(responses.compactMap { $0["id"] }) == [1, 2])
        #expect(responses.first { $0["id"] == 2 }?["error"]?["code"] == -32602)
        _ = await fixture.handshake("2025-06-18")
        let refused = Collector()
        await fixture.server.receive(batch, output: refused)
        #expect(refused.all.first?["error"]?["code"] == -32600)
    }

    @Test func aStatelessRequestOnAHandshakeConnectionIsInvalid() async throws {
        let fixture = try await Fixture()
        _ = await fixture.handshake("2025-11-25")
        #expect(await fixture.call("tools/list")["error"]?["code"] == -32600)
        #expect(await fixture.call("subscriptions/listen", meta: nil)["error"]?["code"] == -32601)
    }

    @Test func aHandshakeSubscriptionIsToldOfEachChangeOfTheScreen() async throws {
        let fixture = try await Fixture()
        _ = await fixture.handshake("2025-11-25")
        let output = Collector()
        await fixture.server.receive(["jsonrpc": "2.0", "id": 2, "method": "resources/subscribe", "params": ["uri": "slam://screen"]],
                                     output: output)
        #expect(output.all == [["jsonrpc": "2.0", "id": 2, "result": [:]]])
        let person = try AsyncSlamConnection(socketPath: fixture.app.socketPath)
        _ = try await person.send(PressRequest(ref: "increment"))
        let update = await output.message(1)
        #expect(update == ["jsonrpc": "2.0", "method": "notifications/resources/updated", "params": ["uri": "slam://screen"]])
    }

    // MARK: - subscriptions/listen

    func listen(_ fixture: Fixture, id: JSONValue = 7) -> (Task<Void, Never>, Collector) {
        let output = Collector()
        let message: JSONValue = ["jsonrpc": "2.0", "id": id, "method": "subscriptions/listen",
                                  "params": ["_meta": Self.stateless,
                                             "notifications": ["resourceSubscriptions": ["slam://screen", "slam://other"],
                                                               "toolsListChanged": true]]]
        let server = fixture.server
        return (Task { await server.receive(message, output: output) }, output)
    }

    @Test func listenAcknowledgesThenSendsAnUpdateAfterAPress() async throws {
        let fixture = try await Fixture()
        let (task, output) = listen(fixture)
        let acknowledged = await output.message(0)
        #expect(acknowledged == ["jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
                                 "params": ["_meta": ["io.modelcontextprotocol/subscriptionId": 7],
                                            "notifications": ["resourceSubscriptions": ["slam://screen"]]]])
        // Tools are answered while the listen is open.
        let snapshot = await fixture.call("tools/call", ["name": "slam_snapshot"], id: 8)
        #expect(snapshot["result"]?["isError"] == false)
        let person = try AsyncSlamConnection(socketPath: fixture.app.socketPath)
        _ = try await person.send(PressRequest(ref: "increment"))
        let update = await output.message(1)
        #expect(update == ["jsonrpc": "2.0", "method": "notifications/resources/updated",
                           "params": ["_meta": ["io.modelcontextprotocol/subscriptionId": 7], "uri": "slam://screen"]])
        task.cancel()
        #expect(await Self.finishes(task))
    }

    @Test func cancellingAListenEndsItWithoutAnAnswer() async throws {
        let fixture = try await Fixture()
        let (task, output) = listen(fixture)
        #expect(await output.message(0) != nil, "acknowledged")
        task.cancel()
        #expect(await Self.finishes(task))
        #expect(output.all.count == 1, "the acknowledgement alone: \(output.all)")
    }

    @Test func notificationsCancelledEndsAListen() async throws {
        let fixture = try await Fixture()
        let (task, output) = listen(fixture, id: "listen-1")
        #expect(await output.message(0) != nil, "acknowledged")
        await fixture.server.receive(["jsonrpc": "2.0", "method": "notifications/cancelled", "params": ["requestId": "listen-1"]],
                                     output: Collector())
        #expect(await Self.finishes(task))
        let person = try AsyncSlamConnection(socketPath: fixture.app.socketPath)
        _ = try await person.send(PressRequest(ref: "increment"))
        _ = try await person.send(PingRequest())
        #expect(output.all.count == 1, "nothing after the cancellation: \(output.all)")
    }

    @Test func endingSubscriptionsAnswersAListen() async throws {
        let fixture = try await Fixture()
        let (task, output) = listen(fixture)
        #expect(await output.message(0) != nil, "acknowledged")
        fixture.server.endSubscriptions()
        #expect(await Self.finishes(task))
        let last = output.all.last
        #expect(last?["id"] == 7)
        #expect(last?["result"]?["resultType"] == "complete")
        #expect(last?["result"]?["_meta"]?["io.modelcontextprotocol/subscriptionId"] == 7)
    }
}

extension MCPServerTests {
    /// An agent's parallel tool calls act in turn, each answering only what it changed: a press
    /// sent while a navigation is still being answered does not blur into that answer.
    @Test func aToolCallArrivingWhileAnotherRunsWaitsForIt() async throws {
        let fixture = try await Fixture()
        let output = Collector()
        func press(_ name: String, role: String, id: Int64) -> JSONValue {
            ["jsonrpc": "2.0", "id": .integer(id), "method": "tools/call",
             "params": ["_meta": Self.stateless, "name": "slam_press",
                        "arguments": ["target": ["role": .string(role), "name": .string(name)]]]]
        }
        let server = fixture.server
        let settings = press("Settings", role: "button", id: 1), wifi = press("Wi-Fi", role: "switch", id: 2)
        let first = Task { await server.receive(settings, output: output) }
        // The second call arrives while the first is being answered: as an agent's parallel calls do.
        try await Task.sleep(for: .milliseconds(1))
        let second = Task { await server.receive(wifi, output: output) }
        _ = await (first.value, second.value)
        let answers = output.all
        #expect(answers.map { $0["id"] } == [1, 2])
        let texts = answers.map { $0["result"]?["content"]?[0]?["text"]?.stringValue ?? "" }
        #expect(texts.first?.contains("Screen: Settings") == true)
        #expect(texts.first?.contains("switch \"Wi-Fi\" [checked]") == true, "the switch is on until the second call: \(texts)")
        #expect(texts.last?.hasPrefix("Pressed switch \"Wi-Fi\".\n- switch \"Wi-Fi\" [ref=wifi]") == true, "\(texts)")
        #expect(texts.last?.contains("Screen:") == false)
    }
}
