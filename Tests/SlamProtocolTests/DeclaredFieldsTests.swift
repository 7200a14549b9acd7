import SlamJSON
import SlamProtocol
import Testing

/// One field list per result and event type writes it, reads it back and describes it:
/// what is written reads back equal, and the schema names exactly the members written.
@Suite struct DeclaredFieldsTests {
    /// A value of every declared type, with optional members both given and left out (made anew for each use:
    /// a stored static would hold its JSON objects past the end, which the leak check reports).
    static var samples: [any DeclaredFields] { [
        Changes(controller: "Home", changed: ["count", "Button[2]"]),
        ControllerEntry(id: "Home", title: "Slam Demo", modal: false),
        ScreenEntry(id: "Settings", title: "Settings", onStack: true),
        KeyOutcome(key: "Tab", handled: true, controller: "Home", focused: Snapshot(["type": "Button", "ref": "save", "visible": true])!),
        KeyOutcome(key: "a", handled: false, controller: nil, focused: nil),
        ResetOutcome(top: "Home", stateKeys: 3),
        ResetOutcome(top: nil, stateKeys: 0),
        StateEntry(key: "todos", value: [["id": "t1", "done": false]]),
        StateEntry(key: "nothing", value: .null),
        StateChanges(changed: ["a", "b"]),
        StateValues(values: ["b": 1, "a": "two"]),
        Subscriptions(subscribed: ["changed", "log"], client: 3),
        RobustLocator(locator: ElementLocator(role: "button", name: "Save")),
        RobustLocator(locator: "save"),
        TaskOutcome(task: "pop", param: nil, top: "Home"),
        TaskOutcome(task: "save", param: "draft", top: nil, result: .null),
        TaskOutcome(task: "save", param: nil, top: "Home", result: ["saved": true]),
        TasksRegistered(registered: ["save"], timeoutMilliseconds: 5000),
        TasksUnregistered(unregistered: ["save"]),
        TraceStarted(path: "/tmp/trace.jsonl"),
        TraceStopped(path: "/tmp/trace.jsonl", records: 12),
        UIDetached(detached: true),
        UIDetachedNotice(instance: "i3", reason: "closed"),
        InstanceEntry(instance: "i1", app: "demo", storyboard: nil, label: "test_login", connections: 1, createdBy: 4, current: true),
        InstanceEntry(instance: "i2", app: "storyboard", storyboard: "/tmp/app.json", label: nil, connections: 0, createdBy: 5, current: false),
        InstanceClosed(instance: "i1", connections: 1, waitsAnswered: 2),
        AccessibilitySnapshot(controller: "Home", title: "Slam Demo", snapshot: "- button \"+1\" [ref=increment]\n"),
        UIScreen(screen: 1, id: "Home", title: "Home", modal: false),
        UIScreen(screen: 2, id: "Sheet", title: "Sheet", modal: true, tree: ["type": "View", "ref": "root", "node": 1, "children": []]),
        UIState(seq: 4, stack: [UIScreen(screen: 1, id: "Home", title: "Home", modal: false)], state: ["count": 2],
                capabilities: ["keys": true]),
        UIRedraw(seq: 5, ops: [["op": "remove", "node": 3]]),
        TaskRunRequest(name: "save", param: nil, ref: "saveButton", controller: "Home"),
        ChangedEvent(controller: "Home", changes: [Snapshot(["type": "Label", "ref": "count", "visible": true, "text": "1"])!]),
        NavigatedEvent(stack: [ControllerEntry(id: "Home", title: "Slam Demo", modal: false)], top: "Home"),
        TaskRanEvent(name: "push", param: "Settings"),
        OpenURLEvent(address: "https://example.org"),
        StateChangedEvent(values: ["count": 3]),
        LogEvent(level: "warning", message: "slow"),
        FocusChangedEvent(controller: "Home", ref: "name", previous: nil),
        ActionEvent(method: "press", ref: ElementLocator(type: "Button", text: "Save"), controller: "Home", params: ["value": 1], client: 2),
        ActionEvent(method: "key", ref: nil, controller: nil, params: ["key": "Tab"], client: 1),
    ] }

    /// Every method's declared result (or the element type of a list) and every event's params have a sample above.
    @Test func everyDeclaredResultAndEventHasASample() {
        let sampled = Set(Self.samples.map { ObjectIdentifier(type(of: $0)) })
        let declared: [any DeclaredFields.Type] = SlamRequests.all.compactMap { $0.declaredResult } + SlamEvent.paramsTypes
            + [UIRedraw.self, UIDetachedNotice.self, TaskRunRequest.self]
        for type in declared {
            #expect(sampled.contains(ObjectIdentifier(type)), "no sample of \(type)")
        }
    }

    @Test(arguments: samples.indices)
    func whatIsWrittenReadsBackEqual(index: Int) throws {
        // Written again, what was read is the same text: no member lost or changed on the way.
        func check<Value: DeclaredFields>(_ value: Value) throws {
            let text = try value.jsonNode().serialized()
            let again = try Value(json: JSONParser().parse(text)).jsonNode().serialized()
            #expect(String(decoding: again, as: UTF8.self) == String(decoding: text, as: UTF8.self))
        }
        try check(Self.samples[index])
    }

    /// Every member written is a property of the schema, every required one is written, and
    /// members are written in the schema's order.
    @Test(arguments: samples.indices)
    func theSchemaNamesExactlyTheMembersWritten(index: Int) throws {
        func members<Value: DeclaredFields>(_ value: Value) throws -> (written: [String], schema: JSONValue) {
            let written = try JSONParser().parse(value.jsonNode().serialized()).objectValue?.keys.map { $0 } ?? []
            return (written, Value.objectSchema)
        }
        let (written, schema) = try members(Self.samples[index])
        let properties = try #require(schema["properties"]?.objectValue).keys.map { $0 }
        let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(properties.filter(written.contains) == written)
        #expect(required.allSatisfy(written.contains))
    }

    @Test func aMemberLeftOutWhenNilIsNotRequiredAndNullIsAValue() throws {
        #expect(try TaskOutcome(task: "pop", param: nil, top: nil).jsonNode().serialized() == Array(#"{"task":"pop","param":null,"top":null}"#.utf8))
        #expect(try TaskOutcome(task: "pop", param: nil, top: nil, result: .null).jsonNode().serialized()
                    == Array(#"{"task":"pop","param":null,"top":null,"result":null}"#.utf8))
        #expect(try TaskOutcome(json: ["task": "pop", "param": nil, "top": nil, "result": nil]).result == .some(.null))
        #expect(TaskOutcome.objectSchema["required"] == ["task", "param", "top"])
    }

    @Test func aMemberThatDoesNotReadIsNamed() throws {
        #expect { try Changes(json: ["controller": 1, "changed": []]) } throws: { error in
            (error as? ResultDecodingError)?.message == "'controller': expected a string, got 1"
        }
        #expect { try ControllerEntry(json: ["id": "Home", "title": "Home"]) } throws: { error in
            (error as? ResultDecodingError)?.message == "'modal': missing"
        }
        // A reply cut short is not one whose value is null; an optional member may be left out.
        #expect { try StateEntry(json: ["key": "count"]) } throws: { error in
            (error as? ResultDecodingError)?.message == "'value': missing"
        }
        #expect(try StateEntry(json: ["key": "count", "value": nil]).value == .null)
        #expect(try KeyOutcome(json: ["key": "Tab", "handled": true]).controller == nil)
        #expect(throws: ResultDecodingError.self) { try ActionEvent(json: ["method": "press", "ref": ["nth": 1], "controller": nil, "params": [:], "client": 1]) }
        #expect(throws: ResultDecodingError.self) { try UIState(json: ["seq": 1, "stack": [], "state": [], "capabilities": [:]]) }
    }

    /// An optional member's schema allows null: a plain type by its `type`, any other by `oneOf`.
    @Test func optionalMembersAllowNull() {
        #expect(KeyOutcome.objectSchema["properties"]?["controller"] == ["type": ["string", "null"]])
        #expect(KeyOutcome.objectSchema["properties"]?["focused"] == ["oneOf": [Snapshot.schemaReference, ["type": "null"]]])
        #expect(ActionEvent.objectSchema["properties"]?["ref"]?["oneOf"]?.arrayValue?.last == ["type": "null"])
    }
}

extension SlamRequest {
    /// The declared type a method answers with, itself or in a list; nil for any other result.
    static var declaredResult: (any DeclaredFields.Type)? {
        (Result.self as? any DeclaredFields.Type) ?? ((Result.self as? any ListOfDeclared.Type)?.element)
    }
}

/// A list of declared values (`controllers`, `screens`).
protocol ListOfDeclared {
    static var element: any DeclaredFields.Type { get }
}

extension Array: ListOfDeclared where Element: DeclaredFields {
    static var element: any DeclaredFields.Type { Element.self }
}
