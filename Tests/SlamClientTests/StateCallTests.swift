import Testing
import SlamClient
import SlamProtocol
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamRPC

/// The shared-state calls (`state.list`, `state.get`, `state.set`) on both
/// connections, against the demo app (its key `todos` backs the Todos screen).
@Suite struct StateCallTests {
    /// The demo's initial to-dos (records come back with their keys sorted). Computed: a
    /// stored static JSON value shows as a leak under LeakSanitizer.
    static var demoTodos: JSONValue {
        [["done": false, "id": "t1", "title": "Buy milk"], ["done": true, "id": "t2", "title": "Walk the dog"]]
    }

    @Test func blockingHelpersListGetAndSetTheSharedState() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let connection = try app.connect()
        #expect(try connection.stateList() == ["orderStatus": "Nothing ordered yet", "todos": Self.demoTodos])
        #expect(try connection.stateGet("todos") == Self.demoTodos)

        #expect(try connection.stateSet("note", "hello") == ["note"], "a new key is created")
        #expect(try connection.stateGet("note") == "hello")
        #expect(try connection.stateSet("note", "hello") == [], "an equal value changes nothing")
        #expect(try connection.stateSet("nothing", .null) == ["nothing"])
        #expect(try connection.stateGet("nothing") == .null, "null is a value like any other")

        #expect(try connection.stateSet(["note": "bye", "flag": true, "todos": []]) == ["flag", "note", "todos"],
                "several keys at once; the changed ones come back sorted")
        #expect(try connection.stateSet(["note": "bye", "flag": false]) == ["flag"])
        #expect(try connection.stateList() == ["flag": false, "note": "bye", "nothing": .null, "orderStatus": "Nothing ordered yet", "todos": []])
    }

    @Test func aStateWriteUpdatesTheBoundScreenBeforeTheReply() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        #expect(try app.runTask("push", param: "Todos") == "Todos")
        #expect(try app.connection.find("summary").text == "1 of 2 to do")
        try app.connection.stateSet("todos", [["done": false, "id": "t9", "title": "Call Ada"]])
        #expect(try app.connection.find("summary").text == "1 of 1 to do")
        #expect(try app.connection.find("t9/title").text == "Call Ada")
        try app.connection.press("t9/done", value: true)
        #expect(try app.connection.stateGet("todos") == [["done": true, "id": "t9", "title": "Call Ada"]],
                "a user's press wrote the shared state")
    }

    @Test func anUnknownKeyIsAServerErrorWithCodeAndData() async throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        do {
            _ = try app.connection.stateGet("nope")
            Issue.record("an unknown key had a value")
        } catch {
            // `catch .server(let error)` in an async function crashes the 6.3.1 compiler (SILGen ownership).
            guard case .server(let response) = error else { throw error }
            #expect(response.code == ErrorCode(rawValue: -32011))
            #expect(response.message.contains("'nope'"))
            #expect(response.data == ["key": "nope"])
        }
        let live = try AsyncSlamConnection(socketPath: app.socketPath)
        do {
            _ = try await live.send(StateGetRequest(key: "nope")).value
            Issue.record("an unknown key had a value")
        } catch {
            guard case .server(let response) = error else { throw error }
            #expect(response.code == ErrorCode(rawValue: -32011))
            #expect(response.data?["key"] == "nope")
        }
        #expect(try await live.send(PingRequest()) == "pong", "the connection goes on")
    }

    @Test func theAsyncConnectionPerformsTheSameCallsAndHearsStateChanged() async throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let live = try AsyncSlamConnection(socketPath: app.socketPath)
        #expect(try await live.send(SubscribeRequest(events: [.stateChanged])).subscribed == ["stateChanged"])
        #expect(try await live.send(StateListRequest()).values["todos"] == Self.demoTodos)
        #expect(try await live.send(StateSetRequest(key: "todos", value: [])).changed == ["todos"])
        #expect(try await live.send(StateGetRequest(key: "todos")).value == [])
        #expect(try await live.send(StateSetRequest(values: ["todos": [], "draft": "x"])).changed == ["draft"])

        var events = live.notifications.makeAsyncIterator()
        let first = try #require(await events.next())
        #expect(first.method == "stateChanged")
        #expect(first.params?.jsonValue == ["values": ["todos": []]])
        let second = try #require(await events.next())
        #expect(second.params?.jsonValue == ["values": ["draft": "x"]], "only the key that changed")
    }
}
