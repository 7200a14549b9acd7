import Testing
import SlamJSON
import SlamRPC
import SlamUI
@testable import SlamServer

/// Locators through the protocol: elements named by what a person sees, strictly.
@Suite struct LocatorTests {
    @Test func aButtonIsFoundAndPressedByItsTypeAndText() throws {
        let client = TestClient(try demoService())
        let found = client.result("find", ["ref": ["type": "Button", "text": "Settings"]])
        #expect(found["ref"] == "openSettings")
        client.result("press", ["ref": ["text": "+1"]])
        #expect(client.result("find", ["ref": ["textMatches": #"^Count: \d+$"#]])["text"] == "Count: 1")
    }

    @Test func withinAndNthPickAmongSeveralMatches() throws {
        let client = TestClient(try demoService())
        #expect(client.result("find", ["ref": ["type": "Button", "within": "counterButtons", "nth": 0]])["ref"] == "increment")
        #expect(client.result("find", ["ref": ["type": "Button", "within": "counterButtons", "nth": -1]])["ref"] == "reset")
        #expect(client.result("find", ["ref": ["type": "Button", "within": ["ref": "menu"], "text": "About"]])["ref"] == "openAbout")
        // Inside counterButtons there is no Settings button, though the screen has one.
        #expect(client.errorCode("find", ["ref": ["text": "Settings", "within": "counterButtons"]]) == -32001)
        #expect(client.errorCode("find", ["ref": ["type": "Button", "within": "counterButtons", "nth": 3]]) == -32001)
    }

    @Test func anAmbiguousLocatorListsItsCandidates() throws {
        let client = TestClient(try demoService())
        let error = client.request("press", ["ref": ["type": "Button", "within": "counterButtons"]])["error"]
        #expect(error?["code"] == -32014)
        let message = error?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("Ambiguous locator: Button within 'counterButtons' matches 3 elements in controller 'Home'"))
        #expect(message.contains(#"Button 'increment' "+1""#) && message.contains("add nth (0 to 2)"))
        #expect(error?["data"]?["count"] == 3)
        #expect(error?["data"]?["candidates"]?.arrayValue?.map { $0["ref"] } == ["increment", "decrement", "reset"])
        #expect(error?["data"]?["candidates"]?[0]?["text"] == "+1")
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 0", "nothing was pressed")
    }

    @Test func aLocatorThatMatchesNothingSuggestsTheNearest() throws {
        let client = TestClient(try demoService())
        let byText = client.request("press", ["ref": ["type": "Button", "text": "Setings"]])["error"]
        #expect(byText?["code"] == -32001)
        #expect(byText?["message"] == #"Element not found: no Button "Setings" in controller 'Home'; did you mean Button 'openSettings' "Settings"?"#)
        #expect(byText?["data"]?["suggestions"]?[0]?["ref"] == "openSettings")
        let byReference = client.request("find", ["ref": "incremnt"])["error"]
        #expect(byReference?["message"] == #"Element not found: no element with reference 'incremnt' in controller 'Home'; did you mean Button 'increment' "+1"?"#)
        let byType = client.request("find", ["ref": ["type": "Buton"]])["error"]
        #expect(byType?["message"]?.stringValue?.hasSuffix("there is no element of type 'Buton'; did you mean 'Button'?") == true)
    }

    @Test(arguments: [
        (#"{"kind":"Button"}"#, "ref.kind: unknown locator member 'kind'; a locator has ref, type, text, textMatches, role, name, within, nth"),
        (#"{"nth":1}"#, "ref: a locator names at least one of ref, type, text, textMatches, role or name"),
        (#"{"text":"x","within":{"nth":"a"}}"#, "ref.within.nth: must be an integer, got string"),
        (#"{"textMatches":"(unclosed"}"#, "ref.textMatches: /(unclosed/ is not a regular expression"),
        // Unbounded, this one held every client for 5.2 s against 18 `a`s and a `!`.
        (#"{"textMatches":"^(a+)+$"}"#, "ref.textMatches: /^(a+)+$/ repeats a group that holds a quantifier of variable count"),
        (#"{"text":"x","within":{"textMatches":"(a)\\1"}}"#, #"ref.within.textMatches: /(a)\1/ uses a backreference (\1): backreferences are not supported"#),
    ])
    func aMalformedLocatorIsInvalidParamsNamingTheMember(locator: String, message: String) throws {
        let client = TestClient(try demoService())
        client.send(#"{"jsonrpc":"2.0","method":"find","params":{"ref":\#(locator)},"id":1}"#)
        let error = client.take().first?["error"]
        #expect(error?["code"] == -32602)
        #expect(error?["message"]?.stringValue?.hasPrefix("Invalid params: " + message) == true, "\(error?["message"] ?? nil)")
        #expect(client.result("ping") == "pong", "the daemon keeps serving")
    }

    /// A template's `/pattern/` strings pass the same rule as locators' patterns: a wait whose
    /// pattern could hold the loop is refused before it waits.
    @Test func aTemplateWithACatastrophicPatternIsRefusedNamingItsPath() throws {
        let client = TestClient(try demoService())
        let error = client.request("waitFor", ["template": ["children": [["text": "/^(a+)+$/"]]], "timeoutMs": 1000])["error"]
        #expect(error?["code"] == -32602)
        #expect(error?["message"]?.stringValue?.hasPrefix(
            "Invalid params: template.children[0].text: /^(a+)+$/ repeats a group that holds a quantifier of variable count") == true,
                "\(error?["message"] ?? nil)")
        #expect(error?["data"]?["path"] == "$.children[0].text")
        #expect(client.result("ping") == "pong", "the daemon keeps serving")
    }

    @Test func waitForTakesALocator() throws {
        let scheduler = ManualScheduler()
        let service = try demoService(scheduler: scheduler)
        let waiter = TestClient(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        waiter.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":{"type":"Label","text":"Count: 2"},"state":"exists"},"id":"w"}"#)
        #expect(waiter.take().isEmpty)
        actor.result("press", ["ref": "increment"])
        #expect(waiter.take().isEmpty)
        actor.result("press", ["ref": "increment"])
        #expect(waiter.take().first?["result"]?["ref"] == "count")
    }
}

/// "Did you mean" beyond locators: a mistyped method name.
@Suite struct MethodSuggestionTests {
    @Test func aMistypedMethodIsAnsweredWithTheNearestNames() throws {
        let client = TestClient(try demoService())
        let error = client.request("presss", ["ref": "increment"])["error"]
        #expect(error?["code"] == -32601)
        #expect(error?["message"] == "Method not found: 'presss'; did you mean 'press'?")
        #expect(error?["data"] == ["method": "presss", "suggestions": ["press"]])
        let far = client.request("launchRockets")["error"]
        #expect(far?["data"] == ["method": "launchRockets"], "nothing near: no suggestions")
    }
}

/// `screens`: every screen push can open, beside the stack `controllers` shows.
@Suite struct ScreensMethodTests {
    @Test func everyPushableScreenWithItsTitleAndWhetherItIsOnTheStack() throws {
        let client = TestClient(try demoService())
        client.result("runTask", ["name": "push", "param": "Settings"])
        let screens = client.result("screens").arrayValue ?? []
        #expect(screens.map { $0["id"] } == ["Home", "Settings", "List", "About", "Display", "Pickers", "Todos"])
        #expect(screens.first { $0["id"] == "Pickers" }?["title"] == "Order")
        #expect(screens.filter { $0["onStack"] == true }.map { $0["id"] } == ["Home", "Settings"])
        // Reading the titles built throwaway controllers: the stack and the app are as they were.
        #expect(client.result("controllers").arrayValue?.map { $0["id"] } == ["Home", "Settings"])
        client.result("runTask", ["name": "pop"])
        client.result("press", ["ref": "increment"])
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 1")
    }
}
