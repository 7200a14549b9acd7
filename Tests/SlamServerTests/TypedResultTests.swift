import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
@testable import SlamServer
#if canImport(Glibc)
import Glibc
#endif

/// What the server writes for each method reads back as the method's declared
/// `Result`, so a Swift client's typed call and the live server agree.
@Suite struct TypedResultTests {
    /// Sends `request` as a client writes it and reads the reply as the client reads it.
    func send<Request: SlamRequest>(_ request: Request, to client: TestClient,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Request.Result {
        try Request.Result(json: client.result(Request.method, .object(request.params), sourceLocation: sourceLocation))
    }

    @Test func everyMethodAnswersWithItsDeclaredResult() throws {
        let instances = try demoInstances()
        let client = TestClient(instances.main)
        var sent: Set<String> = []
        func note<Request: SlamRequest>(_ request: Request) -> Request {
            sent.insert(Request.method)
            return request
        }
        #expect(try send(note(PingRequest()), to: client) == "pong")
        #expect(try send(note(VersionRequest()), to: client).methods == SlamRequests.methodNames)
        #expect(try send(note(FindRequest(ref: "count")), to: client).text == "Count: 0")
        #expect(try send(note(QueryRequest(type: "Button", enabled: false)), to: client).map(\.reference) == ["decrement", "reset"])
        #expect(try send(note(TreeRequest(ref: "counterButtons", depth: 1)), to: client).children.count == 3)
        #expect(try send(note(SnapshotRequest(ref: "counterButtons", depth: 0)), to: client)
                == AccessibilitySnapshot(controller: "Home", title: "Slam Demo", snapshot: "- group \"Counter\" [ref=counterButtons]\n"))
        #expect(try send(note(LocatorRequest(ref: "increment")), to: client) == RobustLocator(locator: ElementLocator(role: "button", name: "+1")))
        #expect(try send(note(UpdateUIRequest()), to: client).controller == "Home")
        #expect(try send(note(ResetUIRequest()), to: client).controller == "Home")
        #expect(try send(note(PressRequest(ref: "increment")), to: client).reference == "increment")
        #expect(try send(note(SubscribeRequest(events: [.changed])), to: client) == Subscriptions(subscribed: ["changed"], client: 1))
        #expect(try send(note(UnsubscribeRequest()), to: client) == Subscriptions(subscribed: [], client: 1))
        #expect(try send(note(WaitForRequest(ref: "count", property: "text", equals: "Count: 1")), to: client)?.text == "Count: 1")
        #expect(try send(note(WaitForRequest(ref: "nothing", state: .absent, timeoutMilliseconds: 0)), to: client) == nil)
        #expect(try send(note(WaitForRequest(aria: AriaTemplate("- paragraph /^Count: \\d$/"), timeoutMilliseconds: 0)), to: client)?.reference == "root")
        #expect(try send(note(TasksRequest()), to: client).contains("push"))
        #expect(try send(note(TasksRegisterRequest(names: ["greet"], timeoutMilliseconds: 250)), to: client)
                == TasksRegistered(registered: ["greet"], timeoutMilliseconds: 250))
        #expect(try send(note(TasksUnregisterRequest()), to: client) == TasksUnregistered(unregistered: ["greet"]))
        #expect(try send(note(StateListRequest()), to: client).values["todos"] != nil)
        #expect(try send(note(StateSetRequest(key: "draft", value: "x")), to: client).changed == ["draft"])
        #expect(try send(note(StateGetRequest(key: "draft")), to: client).value == "x")
        #expect(try send(note(DiscoverRequest()), to: client)["openrpc"] != nil)
        #expect(try send(note(RunTaskRequest(name: "push", param: "Settings")), to: client).top == "Settings")
        #expect(try send(note(SetTextRequest(ref: "name", text: "Ada")), to: client).text == "Ada")
        #expect(try send(note(FocusRequest(ref: "name")), to: client)["focused"] == true)
        #expect(try send(note(TypeTextRequest(ref: "name", text: "!")), to: client).text == "Ada!")
        let key = try send(note(KeyRequest(key: "Tab")), to: client)
        #expect(key.handled && key.controller == "Settings" && key.focused?.reference != nil)
        #expect(try send(note(ControllersRequest()), to: client).map(\.id) == ["Home", "Settings"])
        #expect(try send(note(ScreensRequest()), to: client).filter(\.onStack).map(\.id) == ["Home", "Settings"])
        let attached = try send(note(UIAttachRequest()), to: client)
        #expect(attached.stack.map(\.id) == ["Home", "Settings"])
        #expect(attached.stack.last?.tree?["node"]?.integerValue != nil)
        #expect(try send(note(UIDetachRequest()), to: client).detached)
        let traceName = "slam-typed-result-\(getpid())-\(UInt32.random(in: 0 ... .max)).jsonl"
        let tracePath = DefaultSocketPath.directory + "/" + traceName    // the service's default trace directory
        defer { unlink(tracePath) }
        #expect(try send(note(TraceStartRequest(name: traceName)), to: client).path == tracePath)
        #expect(try send(note(ResetRequest()), to: client) == ResetOutcome(top: "Home", stateKeys: 2))
        #expect(try send(note(TraceStopRequest()), to: client) == TraceStopped(path: tracePath, records: 7),
                "header, screen, reset: request, screen, reply; trace.stop, end")
        let created = try send(note(InstanceCreateRequest(app: "demo", label: "typed")), to: client)
        #expect(created.instance == "i1" && created.app == "demo" && created.label == "typed" && !created.current)
        #expect(try send(note(InstanceListRequest()), to: client).map(\.instance) == ["main", "i1"])
        #expect(try send(note(InstanceUseRequest(instance: "i1")), to: client).current)
        #expect(try send(note(InstanceCloseRequest(instance: "i1")), to: client) == InstanceClosed(instance: "i1", connections: 1, waitsAnswered: 0))
        #expect(sent == Set(SlamRequests.methodNames), "every method of the list is checked here")
    }

    @Test func eventsReadAsTheirTypedParams() throws {
        let client = TestClient(try demoService())
        client.result("subscribe", ["events": .array(EventKind.allCases.map { .string($0.rawValue) })])
        client.result("press", ["ref": "increment"])
        client.result("runTask", ["name": "push", "param": "Settings"])
        client.result("focus", ["ref": "name"])
        let events = client.take().compactMap { message -> SlamEvent? in
            guard case .notification(let notification)? = try? Message(jsonValue: message) else { return nil }
            return SlamEvent(notification)
        }
        #expect(events.contains { if case .changed(let change) = $0 { change.changes.contains { $0.text == "Count: 1" } } else { false } })
        #expect(events.contains { if case .navigated(let navigation) = $0 { navigation.top == "Settings" } else { false } })
        #expect(events.contains { if case .taskRan(let task) = $0 { task.name == "push" && task.param == "Settings" } else { false } })
        #expect(events.contains {
            if case .focusChanged(let focus) = $0 { focus.controller == "Settings" && focus.ref == "name" && focus.previous == nil } else { false }
        })
    }
}
