import Testing
import SlamJSON
import SlamProtocol
import SlamRPC

/// A client writes a request with its type's declaration and the server reads
/// it with the same declaration: what one side writes, the other reads back.
@Suite struct RequestDeclarationTests {
    /// Writes `request` as a client does, then reads it as the server does.
    func roundTrip<Request: SlamRequest>(_ request: Request) throws -> Request {
        let bytes = try JSONSerializer().serialize(.object(request.params))
        let document = try JSONDocument(parsing: bytes)
        return try document.withRoot { (params: JSONElement) throws(ResponseError) -> Request in
            try Request.parameters.decode(params, method: Request.method)
        }
    }

    @Test func everyMethodHasOneNameAndDeclaresItsParameters() {
        let names = SlamRequests.methodNames
        #expect(Set(names).count == names.count, "method names are unique")
        for type in SlamRequests.all {
            #expect(!type.summary.isEmpty, "\(type.method) has a summary")
            let parameterNames = type.parameterDocumentation.map(\.name)
            #expect(Set(parameterNames).count == parameterNames.count, "\(type.method)'s parameters are unique")
        }
    }

    @Test func requestsReadBackAsTheyWereWritten() throws {
        let find = try roundTrip(FindRequest(ref: "count", controller: "Home"))
        #expect(find.ref == "count" && find.controller == "Home")
        let press = try roundTrip(PressRequest(ref: "volume", value: .increment))
        #expect(press.ref == "volume" && press.value == .increment && press.controller == nil)
        #expect(try roundTrip(PressRequest(ref: "items", value: 2)).value == .index(2))
        #expect(try roundTrip(PressRequest(ref: "wifi", value: false)).value == .bool(false))
        let wait = try roundTrip(WaitForRequest(ref: "goal", property: "text", equals: ["a", 1.5], timeoutMilliseconds: 250))
        #expect(wait.property == "text" && wait.equals == ["a", 1.5] && wait.timeoutMilliseconds == 250 && wait.state == nil)
        #expect(try roundTrip(WaitForRequest(ref: "goal", state: .absent)).state == .absent)
        let template = try TreeTemplate(json: ["children": [["text": "/^Count/"]]])
        let templateWait = try roundTrip(WaitForRequest(template: template, strict: true, timeoutMilliseconds: 0))
        #expect(templateWait.template == template && templateWait.strict == true && templateWait.ref == nil && templateWait.state == nil)
        #expect(WaitForRequest(template: template, ref: "root").params == ["ref": "root", "template": template.json],
                "strict is sent only when asked")
        #expect(try roundTrip(SubscribeRequest(events: [.changed, .log])).events == [.changed, .log])
        #expect(try roundTrip(UnsubscribeRequest()).events == nil)
        let state = try roundTrip(StateSetRequest(key: "count", value: .null))
        #expect(state.key == "count" && state.value == .null, "a null value is a value, not a missing one")
        #expect(try roundTrip(StateSetRequest(values: ["a": 1])).values == ["a": 1])
        #expect(try roundTrip(RunTaskRequest(name: "push", param: "Settings")).param == "Settings")
        #expect(try roundTrip(TreeRequest(ref: "root", depth: 2)).depth == 2)
        #expect(try roundTrip(QueryRequest(type: "Button", enabled: false)).enabled == false)
    }

    @Test func positionalParamsFollowTheDeclaration() throws {
        let document = try JSONDocument(parsing: Array(#"["goal","visible"]"#.utf8))
        let wait = try document.withRoot { (params: JSONElement) throws(ResponseError) -> WaitForRequest in
            try WaitForRequest.parameters.decode(params, method: WaitForRequest.method)
        }
        #expect(wait.ref == "goal" && wait.state == .visible && wait.timeoutMilliseconds == nil)
        #expect(WaitForRequest.parameters.position(of: "timeoutMs") == 4)
        let byProperty = try JSONDocument(parsing: Array(#"["count",null,"text","Count: 9",1000,"Home"]"#.utf8))
        let propertyWait = try byProperty.withRoot { (params: JSONElement) throws(ResponseError) -> WaitForRequest in
            try WaitForRequest.parameters.decode(params, method: WaitForRequest.method)
        }
        #expect(propertyWait.state == nil && propertyWait.property == "text" && propertyWait.equals == "Count: 9"
                    && propertyWait.timeoutMilliseconds == 1000 && propertyWait.controller == "Home",
                "a null state given by position is no state")
    }

    @Test(arguments: [
        (#"{"ref":"a","state":7}"#, "parameter 'state' must be a string, got integer"),
        (#"{"ref":"a","state":"gone"}"#, "state: unknown state 'gone'; use exists, absent, visible, hidden, enabled"),
        (#"{"ref":"a","timeoutMs":"soon"}"#, "parameter 'timeoutMs' must be integer, got string"),
        (#"{"ref":"a","controller":null}"#, "parameter 'controller' must be string, got null"),
        (#"{"template":{"children":"x"}}"#, "template.children: children must be an array of element templates, got string"),
        (#"{"template":[]}"#, "parameter 'template' must be object, got array"),
        (#"{"template":{},"strict":"yes"}"#, "parameter 'strict' must be boolean, got string"),
        (#"{"ref":"a","colour":"red"}"#, "unknown parameter 'colour' for 'waitFor'; expected 'ref', 'state', 'property', 'equals', 'timeoutMs', 'controller', 'template', 'strict', 'aria'"),
        (#"["a",null,null,null,null,null,null,null,null,7]"#, "'waitFor' takes at most 9 positional params, got 10"),
    ])
    func badParamsNameTheParameter(params: String, message: String) throws {
        let document = try JSONDocument(parsing: Array(params.utf8))
        let error = document.withRoot { params -> ResponseError? in
            do throws(ResponseError) {
                _ = try WaitForRequest.parameters.decode(params, method: WaitForRequest.method)
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.code == .invalidParams)
        #expect(error?.message == "Invalid params: \(message)")
    }

    @Test func pressValuesAndEventsSayWhatIsAccepted() throws {
        func pressError(_ params: String) throws -> String? {
            let document = try JSONDocument(parsing: Array(params.utf8))
            return document.withRoot { params -> String? in
                do throws(ResponseError) {
                    _ = try PressRequest.parameters.decode(params, method: PressRequest.method)
                    return nil
                } catch {
                    return error.message
                }
            }
        }
        #expect(try pressError(#"{"ref":"a","value":"2026-11-23"}"#) == nil, "a text: a date, an item key")
        #expect(try pressError(#"{"ref":"a","value":[1,2]}"#) == nil, "a position")
        #expect(try pressError(#"{"ref":"a","value":{"section":1,"row":2}}"#) == nil, "a position, with names")
        #expect(try pressError(#"{"ref":"a","value":{}}"#)
                == #"Invalid params: value: {} is not a position; use [section, row] or {"section": …, "row": …} with integers"#)
        #expect(try pressError(#"{"ref":"a","value":[1,"x"]}"#)
                == #"Invalid params: value: [1,"x"] is not a position; use [section, row] or {"section": …, "row": …} with integers"#)
        #expect(try pressError(#"{"ref":"a","value":1.5}"#) == nil, "a number: a slider's value")
        #expect(PressInput(json: .double(0.25)) == .number(0.25))
        #expect(PressInput(json: .double(2)) == .index(2), "a whole number is an index, as it is in a position")
        #expect(PressInput(json: .integer(2)) == .index(2))
        #expect(PressInput.number(0.25).parameterJSON == .double(0.25))
        #expect(try pressError(#"{"ref":"a","value":null}"#) == nil, "null is no value")
    }

    @Test func resultsReadWhatTheServerWrites() throws {
        func readBack<Value: ResultValue & JSONEncoding>(_ value: Value) throws -> Value {
            try Value(json: JSONParser().parse(value.jsonNode().serialized()))
        }
        let changes = Changes(controller: "Home", changed: ["count", "Button[2]"])
        #expect(try readBack(changes) == changes)
        let outcome = TaskOutcome(task: "pop", param: nil, top: "Home")
        #expect(try readBack(outcome) == outcome)
        let entry = StateEntry(key: "todos", value: [["id": "t1", "done": false]])
        #expect(try readBack(entry) == entry)
        let version = ServerVersion(protocolVersion: "1.0", serverVersion: "0.1.0", framings: ["newline"], batches: true,
                                    events: ["changed"], methods: ["ping"], maximumMessageBytes: 1024,
                                    maximumWaitTimeoutMilliseconds: 10)
        #expect(try readBack(version).methods == ["ping"])
        let navigated = NavigatedEvent(stack: [ControllerEntry(id: "Home", title: "Slam Demo", modal: false)], top: "Home")
        #expect(try readBack(navigated) == navigated)
        #expect(throws: ResultDecodingError.self) { try Changes(json: ["controller": 1, "changed": []]) }
    }
}

extension SlamRequest {
    static var parameterDocumentation: [ParameterDocumentation] { parameters.documentation }
}
