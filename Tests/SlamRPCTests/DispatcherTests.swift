import Testing
import SlamJSON
@testable import SlamRPC

@Suite struct DispatcherTests {
    /// Dispatches one JSON text and returns the parsed reply (nil for none).
    func send(_ text: String, to dispatcher: Dispatcher<Void>) throws -> JSONValue? {
        var reply: [UInt8]??
        dispatcher.handle(Array(text.utf8), context: ()) { reply = .some($0) }
        let answered = try #require(reply, "the dispatcher did not answer synchronously")
        return try answered.map { try JSONParser().parse($0) }
    }

    /// The params of `echo`, declared once for decoding and discovery.
    struct Echo: Sendable {
        var ref = ""
        var depth: Int?
    }

    let echo = Dispatcher<Void>(registry: MethodRegistry([
        MethodDescriptor("echo", parameters: ParameterList(empty: Echo(), [
            .required("ref", \.ref, summary: "a reference"),
            .optional("depth", \.depth, summary: "a depth"),
        ])) { echo, _ in
            JSONNode(["ref": .string(echo.ref), "depth": echo.depth.map { .integer(Int64($0)) } ?? .null])
        },
    ]))

    @Test(arguments: [#""abc""#, "0", "-9223372036854775808", "9223372036854775807", "1.5", "null", #""""#])
    func idComesBackExactly(id: String) throws {
        let reply = try #require(try send(#"{"jsonrpc":"2.0","method":"echo","params":{"ref":"r"},"id":\#(id)}"#, to: echo))
        #expect(reply["id"] == (try JSONParser().parse(id)))
        #expect(String(decoding: try JSONSerializer().serialize(reply["id"]!), as: UTF8.self) == id)
    }

    @Test(arguments: ["true", "[1]", #"{"a":1}"#])
    func idOfAnotherTypeIsAnInvalidRequest(id: String) throws {
        let reply = try #require(try send(#"{"jsonrpc":"2.0","method":"echo","id":\#(id)}"#, to: echo))
        #expect(reply["error"]?["code"] == -32600)
        #expect(reply["error"]?["message"]?.stringValue?.contains("'id'") == true)
        #expect(reply["id"] == .null)
    }

    @Test func paramsByPositionAreNamedInDeclarationOrder() throws {
        let reply = try send(#"{"jsonrpc":"2.0","method":"echo","params":["r",3],"id":1}"#, to: echo)
        #expect(reply?["result"] == ["ref": "r", "depth": 3])
    }

    @Test(arguments: [
        (#"{"depth":1}"#, "missing required parameter 'ref'"),
        (#"{"ref":"r","color":"red"}"#, "unknown parameter 'color' for 'echo'; expected 'ref', 'depth'"),
        (#"{"depth":"x","ref":"r","color":1}"#, "unknown parameter 'color' for 'echo'; expected 'ref', 'depth'"),
        (#"{"depth":"x","ref":7}"#, "parameter 'ref' must be string, got integer"),
        (#"{"ref":7}"#, "parameter 'ref' must be string, got integer"),
        (#"{"ref":"r","depth":1.5}"#, "parameter 'depth' must be integer, got number"),
        (#"["r",1,2]"#, "'echo' takes at most 2 positional params, got 3"),
    ])
    func invalidParamsNameTheParameter(params: String, detail: String) throws {
        let reply = try #require(try send(#"{"jsonrpc":"2.0","method":"echo","params":\#(params),"id":9}"#, to: echo))
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["message"] == .string("Invalid params: \(detail)"))
        #expect(reply["id"] == 9)
    }

    @Test(arguments: [
        (#"{"method":"echo","id":1}"#, "'jsonrpc' is missing"),
        (#"{"jsonrpc":"1.0","method":"echo","id":1}"#, "'jsonrpc' must be \"2.0\""),
        (#"{"jsonrpc":2.0,"method":"echo","id":1}"#, "'jsonrpc' must be \"2.0\""),
        (#"{"jsonrpc":"2.0","method":"echo","params":"x","id":1}"#, "'params' must be an object or an array"),
        (#"{"jsonrpc":"2.0","method":"echo","parms":{},"id":1}"#, "unknown member 'parms'"),
        (#"{"jsonrpc":"2.0","id":1}"#, "needs 'method'"),
        (#""just a string""#, "expected a request object, got string"),
    ])
    func invalidRequestsSayWhatIsWrong(text: String, detail: String) throws {
        let reply = try #require(try send(text, to: echo))
        #expect(reply["error"]?["code"] == -32600)
        let message = try #require(reply["error"]?["message"]?.stringValue)
        #expect(message.hasPrefix("Invalid Request: ") && message.contains(detail), "message was: \(message)")
    }

    /// pygls and other LSP-style clients send `"params": null` for "no params".
    @Test func nullParamsAreNoParams() throws {
        let missing = try #require(try send(#"{"jsonrpc":"2.0","method":"echo","params":null,"id":1}"#, to: echo))
        #expect(missing["error"]?["message"] == "Invalid params: missing required parameter 'ref'",
                "read as no params, so the required one is missing (not an invalid request)")
        let ping = Dispatcher<Void>(registry: MethodRegistry([MethodDescriptor("ping") { _ in "pong" }]))
        #expect(try send(#"{"jsonrpc":"2.0","method":"ping","params":null,"id":2}"#, to: ping)?["result"] == "pong")
        #expect(try send(#"{"jsonrpc":"2.0","method":"ping","params":null}"#, to: ping) == nil, "a notification too")
        #expect(try Message(jsonValue: ["jsonrpc": "2.0", "method": "ping", "params": nil, "id": 3])
                == .request(Request(id: 3, method: "ping")), "clients read it the same way")
    }

    @Test func invalidRequestKeepsAReadableID() throws {
        let reply = try send(#"{"jsonrpc":"1.0","method":"echo","id":"x7"}"#, to: echo)
        #expect(reply?["id"] == "x7")
        #expect(reply?["error"]?["data"]?["id"] == nil, "the id travels in the response, not in data")
    }

    @Test func responsesFromThePeerGetNoAnswer() throws {
        #expect(try send(#"{"jsonrpc":"2.0","result":1,"id":1}"#, to: echo) == nil)
        #expect(try send(#"[{"jsonrpc":"2.0","error":{"code":1,"message":"x"},"id":1}]"#, to: echo) == nil)
    }

    @Test func deferredHandlersAnswerLaterAndBatchesWaitForAll() throws {
        var pending: [MethodDescriptor<Void>.Reply] = []
        let dispatcher = Dispatcher<Void>(registry: MethodRegistry([
            MethodDescriptor("later", parameters: .declared([]), handler: .deferred { _, reply in pending.append(reply) }),
            MethodDescriptor("now") { _ in "now" },
        ]))
        var replies: [JSONValue?] = []
        dispatcher.handle(Array(#"[{"jsonrpc":"2.0","method":"later","id":1},{"jsonrpc":"2.0","method":"now","id":2}]"#.utf8),
                          context: ()) { bytes in
            replies.append(bytes.flatMap { try? JSONParser().parse($0) })
        }
        #expect(replies.isEmpty, "the batch must wait for its deferred member")
        pending[0](.success(JSONNode("done")))
        pending[0](.success(JSONNode("again")))  // a second answer is ignored
        #expect(replies.count == 1)
        #expect(replies.first! == [["jsonrpc": "2.0", "result": "done", "id": 1], ["jsonrpc": "2.0", "result": "now", "id": 2]])
        pending.removeAll()  // the stored reply holds the dispatcher, which holds the handler holding `pending`
    }

    @Test func handlerErrorsKeepTheirCodeAndData() throws {
        let dispatcher = Dispatcher<Void>(registry: MethodRegistry([
            MethodDescriptor("fail") { _ throws(ResponseError) in
                throw ResponseError(code: ErrorCode(rawValue: -32001), message: "no element 'save'", data: ["ref": "save"])
            },
        ]))
        let reply = try send(#"{"jsonrpc":"2.0","method":"fail","id":1}"#, to: dispatcher)
        #expect(reply?["error"] == ["code": -32001, "message": "no element 'save'", "data": ["ref": "save"]])
        #expect(ErrorCode(rawValue: -32001).isServerError)
        #expect(!ErrorCode.invalidParams.isServerError)
    }

    @Test func unrepresentableResultBecomesAnInternalError() throws {
        let dispatcher = Dispatcher<Void>(registry: MethodRegistry([
            MethodDescriptor("nan") { _ in .double(.nan) },
        ]))
        let reply = try send(#"{"jsonrpc":"2.0","method":"nan","id":4}"#, to: dispatcher)
        #expect(reply?["error"]?["code"] == -32603)
        #expect(reply?["id"] == 4)
    }

    @Test func tooDeepRequestIsAParseErrorNamingThePath() throws {
        let dispatcher = Dispatcher<Void>(registry: MethodRegistry(), maximumDepth: 4)
        let reply = try send(#"{"jsonrpc":"2.0","method":"x","params":[[[[1]]]],"id":1}"#, to: dispatcher)
        #expect(reply?["error"]?["code"] == -32700)
        #expect(reply?["error"]?["data"]?["path"] == "$.params[0][0][0]")
    }

    @Test func registryReplacesByNameAndKeepsOrder() throws {
        var registry = MethodRegistry<Void>([MethodDescriptor("a") { _ in 1 }, MethodDescriptor("b") { _ in 2 }])
        registry.register(MethodDescriptor("a", summary: "new") { _ in 3 })
        #expect(registry.names == ["a", "b"])
        #expect(registry["a"]?.summary == "new")
        #expect(registry["zzz"] == nil)
        #expect(try send(#"{"jsonrpc":"2.0","method":"a","id":1}"#, to: Dispatcher(registry: registry))?["result"] == 3,
                "a request calls the replacement")
    }

    /// A request's method is found by the bytes of its name: every registered name calls its own
    /// method, and a name that is only close (a prefix, one byte more, a NUL inside) is not found.
    @Test func methodsAreFoundByTheirExactName() throws {
        let names = (0..<100).map { "method.\($0)" } + ["a", "ab", "ping", "ping.é"]
        let dispatcher = Dispatcher<Void>(registry: MethodRegistry(names.map { name in
            MethodDescriptor(name) { _ in .string(name) }
        }))
        for name in names {
            let reply = try send(#"{"jsonrpc":"2.0","method":"\#(name)","id":1}"#, to: dispatcher)
            #expect(reply?["result"] == .string(name))
        }
        for unknown in ["", "pin", "pingg", #"ping\u0000"#, "method.100", "A", "ping.e"] {
            let reply = try send(#"{"jsonrpc":"2.0","method":"\#(unknown)","id":1}"#, to: dispatcher)
            #expect(reply?["error"]?["code"] == -32601, "'\(unknown)' must not be found")
        }
    }

    /// The members of a request in any order, a string id and null params: the same answer.
    @Test(arguments: [
        #"{"jsonrpc":"2.0","method":"echo","params":{"ref":"r"},"id":"x"}"#,
        #"{"id":"x","params":{"ref":"r"},"method":"echo","jsonrpc":"2.0"}"#,
        #"{"params":["r"],"id":"x","jsonrpc":"2.0","method":"echo"}"#,
    ])
    func requestsAreReadInAnyMemberOrder(text: String) throws {
        let reply = try send(text, to: echo)
        #expect(reply == ["jsonrpc": "2.0", "result": ["ref": "r", "depth": nil], "id": "x"])
    }

    /// A method that answers at once is answered before `handle` returns, without a reply closure
    /// being made; a deferred one gets the closure and answers through it.
    @Test func immediateAnswersNeedNoReplyClosure() throws {
        var pending: [MethodDescriptor<Void>.Reply] = []
        let dispatcher = Dispatcher<Void>(registry: MethodRegistry([
            MethodDescriptor("later", parameters: .declared([]), handler: .deferred { _, reply in pending.append(reply) }),
            MethodDescriptor("now") { _ in "now" },
        ]))
        var closuresMade = 0
        let now = dispatcher.handle(Array(#"{"jsonrpc":"2.0","method":"now","id":1}"#.utf8), context: ()) {
            closuresMade += 1
            return { _ in }
        }
        guard case .now(let bytes?) = now else {
            Issue.record("an immediate method must be answered now, got \(now)")
            return
        }
        #expect(try JSONParser().parse(bytes) == ["jsonrpc": "2.0", "result": "now", "id": 1])
        #expect(closuresMade == 0)

        var later: [UInt8]?
        let deferred = dispatcher.handle(Array(#"{"jsonrpc":"2.0","method":"later","id":2}"#.utf8), context: ()) {
            closuresMade += 1
            return { later = $0 }
        }
        guard case .later = deferred else {
            Issue.record("a deferred method answers later, got \(deferred)")
            return
        }
        #expect(closuresMade == 1)
        pending[0](.success(JSONNode("done")))
        #expect(try later.map { try JSONParser().parse($0) } == ["jsonrpc": "2.0", "result": "done", "id": 2])
        pending.removeAll()  // the stored reply holds the dispatcher, which holds the handler holding `pending`
    }

    @Test func messagesRoundTripThroughTheirJSON() throws {
        let messages: [Message] = [
            .request(Request(id: "a", method: "find", params: .byName(["ref": "x"]))),
            .notification(Notification(method: "changed", params: .byPosition([1]))),
            .response(Response(id: 3, result: ["ok": true])),
            .response(Response(id: .null, error: .invalidRequest("x", data: ["member": "id"]))),
        ]
        for message in messages {
            #expect(try Message(jsonValue: message.jsonValue) == message)
        }
    }
}
