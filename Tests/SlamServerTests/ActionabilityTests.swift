import Testing
import SlamJSON
import SlamRPC
import SlamUI
@testable import SlamServer

/// `timeoutMs` on acting methods: the daemon acts on the turn the element becomes actionable.
@Suite struct ActionabilityTests {
    @Test func withoutATimeoutADisabledButtonFailsAtOnce() throws {
        let client = TestClient(try demoService())
        let error = client.request("press", ["ref": "decrement"])["error"]
        #expect(error?["code"] == -32003)
        #expect(error?["data"]?["condition"] == nil)
    }

    @Test func aPressWaitsUntilTheButtonIsEnabledThenActsOnTheSameTurn() throws {
        let scheduler = ManualScheduler()
        let service = try demoService(scheduler: scheduler)
        let tester = TestClient(service, identifier: 1)
        let person = TestClient(service, identifier: 2)
        tester.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"decrement","timeoutMs":2000},"id":"p"}"#)
        #expect(tester.take().isEmpty, "-1 is disabled at 0: the press waits")
        scheduler.advance(milliseconds: 500)
        person.result("press", ["ref": "increment"])   // the count is 1: -1 becomes enabled
        let reply = tester.take().first
        #expect(reply?["id"] == "p" && reply?["result"]?["ref"] == "decrement")
        #expect(person.result("find", ["ref": "count"])["text"] == "Count: 0", "the waiting press acted at once")
        scheduler.advance(milliseconds: 5000)
        #expect(tester.take().isEmpty, "answered once")
    }

    @Test func aPressWaitsForItsElementToAppearAfterNavigation() throws {
        let service = try demoService()
        let tester = TestClient(service, identifier: 1)
        let person = TestClient(service, identifier: 2)
        tester.send(#"{"jsonrpc":"2.0","method":"setText","params":{"ref":{"type":"TextField","nth":0},"text":"Ada","timeoutMs":1000},"id":"t"}"#)
        #expect(tester.take().isEmpty, "Home has no text field")
        person.result("runTask", ["name": "push", "param": "Settings"])
        #expect(tester.take().first?["result"]?["text"] == "Ada")
    }

    @Test func onTimeoutTheErrorSaysWhichConditionFailedAndCarriesTheSnapshot() throws {
        let scheduler = ManualScheduler()
        let client = TestClient(try demoService(scheduler: scheduler))
        client.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"decrement","timeoutMs":300},"id":"p"}"#)
        scheduler.advance(milliseconds: 299)
        #expect(client.take().isEmpty)
        scheduler.advance(milliseconds: 1)
        let error = client.take().first?["error"]
        #expect(error?["code"] == -32003)
        #expect(error?["message"] == "Element disabled: element 'decrement' is disabled (waited 300 ms for 'decrement' to be enabled)")
        #expect(error?["data"]?["condition"] == "be enabled" && error?["data"]?["timeoutMs"] == 300)
        #expect(error?["data"]?["snapshot"]?["enabled"] == false)

        // On Settings, not yet pushed: the press waits for it, and says so when it is not pushed in time.
        client.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"wifi","timeoutMs":100},"id":"q"}"#)
        #expect(client.take().isEmpty)
        scheduler.advance(milliseconds: 100)
        let missing = client.take().first?["error"]
        #expect(missing?["code"] == -32001 && missing?["data"]?["condition"] == "exist" && missing?["data"]?["snapshot"] == .null)
    }

    @Test func aCoveredElementIsPressedOnceTheAlertIsAnswered() throws {
        let service = try demoService()
        let tester = TestClient(service, identifier: 1)
        let person = TestClient(service, identifier: 2)
        person.result("runTask", ["name": "push", "param": "Pickers"])
        person.result("typeText", ["ref": "pin", "text": "1234\n"])   // Enter presents the order alert
        let covered = person.request("press", ["ref": "size", "value": [0, 1], "controller": "Pickers"])["error"]
        #expect(covered?["code"] == -32012)
        tester.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"size","value":[0,1],"controller":"Pickers","timeoutMs":1000},"id":"s"}"#)
        #expect(tester.take().isEmpty)
        person.result("key", ["key": "Escape"])
        #expect(tester.take().first?["result"]?["ref"] == "size")
    }

    @Test func keyWithARefFocusesItFirst() throws {
        let client = TestClient(try demoService())
        let outcome = client.result("key", ["key": "Enter", "ref": ["type": "Button", "text": "+1"]])
        #expect(outcome["focused"]?["ref"] == "increment")
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 1")
    }

    @Test func aWaitingActionIsAnsweredWhenTheAppIsReset() throws {
        let service = try resettableDemoService()
        let tester = TestClient(service, identifier: 1)
        let other = TestClient(service, identifier: 2)
        tester.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"decrement","timeoutMs":1000},"id":"p"}"#)
        other.result("reset")
        #expect(tester.take().first?["error"]?["code"] == -32013)
    }

    @Test func aReferenceNoScreenHasFailsAtOnceWithTheSuggestion() throws {
        // No time passes on this scheduler: an answer now is an answer before any timeout.
        let client = TestClient(try demoService())
        client.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"incremnt","timeoutMs":30000},"id":"p"}"#)
        let error = client.take().first?["error"]
        #expect(error?["code"] == -32001)
        #expect(error?["message"] == "Element not found: no element with reference 'incremnt' in controller 'Home'; did you mean Button 'increment' \"+1\"?")
        #expect(error?["data"]?["condition"] == nil, "nothing was waited for")
    }

    @Test(arguments: [
        #"{"type":"Button","text":"Setings"}"#,   // no button of any screen or alert reads that
        #"{"type":"Buton"}"#,                      // no element is of that type
        #"{"ref":"wifi","type":"Label"}"#,         // the switch of Settings, but not a label
        #"{"text":"Wi-Fi","within":"menux"}"#,     // a container that exists nowhere
    ])
    func aLocatorNothingCouldMatchFailsAtOnce(_ locator: String) throws {
        let client = TestClient(try demoService())
        client.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":\#(locator),"timeoutMs":30000},"id":"p"}"#)
        let error = client.take().first?["error"]
        #expect(error?["code"] == -32001, "\(locator)")
        #expect(error?["data"]?["condition"] == nil)
    }

    @Test func aControllerTheAppDoesNotDeclareFailsAtOnce() throws {
        let client = TestClient(try demoService())
        client.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"increment","controller":"Hom","timeoutMs":30000},"id":"p"}"#)
        #expect(client.take().first?["error"]?["code"] == -32006)
    }

    @Test(arguments: [
        (#""wifi""#, nil, #"{"name":"push","param":"Settings"}"#),                        // on a screen a push will bring
        (#"{"type":"Button","text":"About"}"#, "Settings", #"{"name":"pop"}"#),          // on the screen under the top
        (#""t1/done""#, nil, #"{"name":"push","param":"Todos"}"#),                        // a row the pushed state view renders
    ] as [(String, String?, String)])
    func anElementNavigationWillBringIsWaitedFor(_ locator: String, _ shownFirst: String?, _ task: String) throws {
        let service = try demoService()
        let tester = TestClient(service, identifier: 1)
        let person = TestClient(service, identifier: 2)
        if let shownFirst { person.result("runTask", ["name": "push", "param": .string(shownFirst)]) }
        tester.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":\#(locator),"timeoutMs":30000},"id":"p"}"#)
        #expect(tester.take().isEmpty, "\(locator) waits")
        person.result("runTask", try JSONParser().parse(task))
        let reply = tester.take().first
        #expect(reply?["result"] != nil, "\(String(describing: reply))")
    }

    @Test func anAlertButtonIsWaitedForUntilTheAlertIsPresented() throws {
        let service = try demoService()
        let tester = TestClient(service, identifier: 1)
        let person = TestClient(service, identifier: 2)
        tester.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"cancel","timeoutMs":30000},"id":"p"}"#)
        #expect(tester.take().isEmpty)
        person.result("runTask", ["name": "alert", "param": "confirmOrder"])
        #expect(tester.take().first?["result"]?["ref"] == "cancel")
    }

    @Test func aStateViewOnTheStackCanPlaceAnyRowSoItsRowsAreWaitedFor() throws {
        let service = try demoService()
        let tester = TestClient(service, identifier: 1)
        let person = TestClient(service, identifier: 2)
        // Off the stack, the to-do screen would show t1 and t2 only: t9 is nowhere.
        #expect(tester.errorCode("press", ["ref": "t9/done", "timeoutMs": 30000]) == -32001)
        person.result("runTask", ["name": "push", "param": "Todos"])
        tester.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"t9/done","timeoutMs":30000},"id":"p"}"#)
        #expect(tester.take().isEmpty, "the list on the stack may render a row t9")
        person.result("state.set", ["key": "todos", "value": [["id": "t9", "title": "Call mum", "done": false]]])
        #expect(tester.take().first?["result"]?["ref"] == "t9/done")
        // It places elements of the app's types only: a misspelt type is still a typo.
        #expect(tester.errorCode("press", ["ref": ["type": "Buton"], "timeoutMs": 30000]) == -32001)
    }

    @Test func anAmbiguousLocatorFailsAtOnceEvenWithATimeout() throws {
        let client = TestClient(try demoService())
        #expect(client.errorCode("press", ["ref": ["type": "Button"], "timeoutMs": 1000]) == -32014)
    }
}
