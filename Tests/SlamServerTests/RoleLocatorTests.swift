import Testing
import SlamJSON
import SlamRPC
import SlamUI
@testable import SlamServer

/// Role locators: elements named by their WAI-ARIA role and accessible name, as strictly as every locator.
///
/// The demo's Home screen has a heading "Counter", a group "Counter" (the counter's buttons), a region
/// "Menu" and buttons named by their texts ("+1", "Settings" …).
@Suite struct RoleLocatorTests {
    @Test func aButtonIsFoundAndPressedByItsRoleAndName() throws {
        let client = TestClient(try demoService())
        #expect(client.result("find", ["ref": ["role": "button", "name": "Settings"]])["ref"] == "openSettings")
        #expect(client.result("find", ["ref": ["role": "heading"]])["ref"] == "heading", "a role alone, when one element has it")
        client.result("press", ["ref": ["role": "button", "name": "+1"]])
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 1")
        // The name is the accessible name: a label wins over the text, a group's label names it.
        #expect(client.result("find", ["ref": ["role": "group", "name": "Counter"]])["ref"] == "counterButtons")
        #expect(client.result("find", ["ref": ["role": "progressbar", "name": "Progress to the goal"]])["ref"] == "progress")
        // Exact: no prefix, no other case.
        #expect(client.errorCode("find", ["ref": ["role": "button", "name": "Setting"]]) == -32001)
        #expect(client.errorCode("find", ["ref": ["role": "button", "name": "settings"]]) == -32001)
    }

    @Test func aNameBetweenSlashesIsARegularExpression() throws {
        let client = TestClient(try demoService())
        #expect(client.result("find", ["ref": ["role": "button", "name": "/^Sett/"]])["ref"] == "openSettings")
        #expect(client.result("find", ["ref": ["name": "/^shopping/i"]])["ref"] == "openList", "the i flag ignores case")
        #expect(client.errorCode("find", ["ref": ["name": "/^shopping/"]]) == -32001, "without it, case counts")
        #expect(client.result("find", ["ref": ["role": "button", "name": #"/^[+-]1$/"#, "nth": 1]])["ref"] == "decrement")
        // One slash is a name, not a pattern.
        #expect(client.errorCode("find", ["ref": ["name": "/"]]) == -32001)
    }

    @Test func withinAndNthPickAmongSeveralMatches() throws {
        let client = TestClient(try demoService())
        let menu: JSONValue = ["role": "region", "name": "Menu"]
        #expect(client.result("find", ["ref": ["role": "button", "within": menu, "nth": -1]])["ref"] == "website")
        #expect(client.result("find", ["ref": ["role": "button", "within": ["role": "group", "name": "Counter"], "nth": 0]])["ref"]
                == "increment")
        #expect(client.result("find", ["ref": ["type": "Button", "role": "button", "name": "About"]])["ref"] == "openAbout",
                "with the other members, every one must hold")
        #expect(client.errorCode("find", ["ref": ["role": "button", "name": "+1", "within": menu]]) == -32001)
    }

    @Test func severalMatchesAreAnErrorListingThemByRoleAndName() throws {
        let client = TestClient(try demoService())
        let error = client.request("press", ["ref": ["name": "Counter"]])["error"]
        #expect(error?["code"] == -32014)
        #expect(error?["message"] == """
            Ambiguous locator: element "Counter" matches 2 elements in controller 'Home': heading 'heading' "Counter", \
            group 'counterButtons' "Counter"; add nth (0 to 1), role, name or within to pick one
            """)
        #expect(error?["data"]?["candidates"]?[0] == ["ref": "heading", "path": "root/heading", "type": "Label", "text": "Counter",
                                                      "role": "heading", "name": "Counter"])
        #expect(client.result("find", ["ref": ["name": "Counter", "nth": 1]])["ref"] == "counterButtons")
    }

    @Test func anUnknownRoleIsInvalidParamsWithTheNearestAndEveryKnownRole() throws {
        let client = TestClient(try demoService())
        let error = client.request("find", ["ref": ["role": "buton", "name": "Settings"]])["error"]
        #expect(error?["code"] == -32602)
        let message = error?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("Invalid params: ref.role: unknown role 'buton'; did you mean 'button'? Known roles: "),
                "\(message)")
        #expect(message.contains("alertdialog, article, button,") && message.contains("switch, table, textbox"))
        #expect(error?["data"]?["parameter"] == "ref.role")
        #expect(error?["data"]?["suggestions"] == ["button"])
        let nested = client.request("find", ["ref": ["role": "button", "within": ["role": "checkbox"]]])["error"]
        #expect(nested?["message"]?.stringValue?.hasPrefix("Invalid params: ref.within.role: unknown role 'checkbox'; known roles: alertdialog, ") == true,
                "nothing near: no suggestion; \(nested?["message"] ?? nil)")
        // A waiting press is refused at once too: no screen could ever show such an element.
        #expect(client.errorCode("press", ["ref": ["role": "buton"], "timeoutMs": 60_000]) == -32602)
        // A role Slam's elements take is known even where no element has it now.
        #expect(client.errorCode("find", ["ref": ["role": "switch"]]) == -32001)
    }

    /// An element type of the app's own, with a role Slam's elements do not take.
    private final class ChatLog: View {
        override class var typeName: String { "ChatLog" }
        override class var accessibilityRoles: [AccessibilityRole] { ["log"] }
    }

    @Test func aRoleOfTheAppsOwnElementsIsKnownOnAScreenNotShownYet() throws {
        let application = Application()
        let home = try ViewController(identifier: "Home", title: "Home", view: View(reference: "root", subviews: [Button(reference: "go")]))
        application.registerController(identifier: "Chat") { () throws(SlamError) -> ViewController in
            try ViewController(identifier: "Chat", title: "Chat", view: View(reference: "root", subviews: [ChatLog(reference: "messages")]))
        }
        application.push(home)
        let client = TestClient(SlamService(application: application, scheduler: ManualScheduler()))
        #expect(client.errorCode("find", ["ref": ["role": "log"]]) == -32001, "a role the Chat screen has: not there yet")
        #expect(client.errorCode("find", ["ref": ["role": "lgo"]]) == -32602)
        client.result("runTask", ["name": "push", "param": "Chat"])
        #expect(client.result("find", ["ref": ["role": "log"]])["ref"] == "messages")
    }

    @Test func aRoleLocatorThatMatchesNothingSuggestsTheNearestNamesAndRoles() throws {
        let client = TestClient(try demoService())
        let misspelt = client.request("press", ["ref": ["role": "button", "name": "Setings"]])["error"]
        #expect(misspelt?["code"] == -32001)
        #expect(misspelt?["message"]
                == #"Element not found: no button "Setings" in controller 'Home'; did you mean button 'openSettings' "Settings"?"#)
        #expect(misspelt?["data"]?["suggestions"]?[0]?["role"] == "button")
        #expect(misspelt?["data"]?["suggestions"]?[0]?["name"] == "Settings")
        // The right name on another role: that element is named, with its role.
        let wrongRole = client.request("find", ["ref": ["role": "paragraph", "name": "Menu"]])["error"]
        #expect(wrongRole?["message"] == #"Element not found: no paragraph "Menu" in controller 'Home'; did you mean region 'menu' "Menu"?"#)
        // Nothing named near: the names that role has here.
        let farName = client.request("find", ["ref": ["role": "button", "name": "Launch rockets"]])["error"]
        #expect(farName?["message"] == """
            Element not found: no button "Launch rockets" in controller 'Home'; the button elements here are named \
            "+1", "-1", "Reset", "Settings", "Shopping list", …
            """)
        let absentRole = client.request("find", ["ref": ["role": "switch"]])["error"]
        #expect(absentRole?["message"] == "Element not found: no switch in controller 'Home'; no element has the role 'switch' here")
        let regionLike = client.request("find", ["ref": ["role": "group", "name": "Menus"]])["error"]
        #expect(regionLike?["message"] == #"Element not found: no group "Menus" in controller 'Home'; did you mean region 'menu' "Menu"?"#)
    }

    @Test func aBadNamePatternIsRefusedNamingTheMember() throws {
        let client = TestClient(try demoService())
        let error = client.request("find", ["ref": ["role": "button", "name": "/^(a+)+$/i"]])["error"]
        #expect(error?["code"] == -32602)
        #expect(error?["message"]?.stringValue?.hasPrefix(
            "Invalid params: ref.name: /^(a+)+$/i repeats a group that holds a quantifier of variable count") == true,
                "\(error?["message"] ?? nil)")
        let nested = client.request("find", ["ref": ["role": "button", "within": ["name": "/(/"]]])["error"]
        #expect(nested?["message"]?.stringValue?.hasPrefix("Invalid params: ref.within.name: /(/ is not a regular expression") == true)
        let empty = client.request("find", ["ref": ["nth": 0]])["error"]
        #expect(empty?["message"] == "Invalid params: ref: a locator names at least one of ref, type, text, textMatches, role or name")
    }

    @Test func aPressByRoleWaitsForAScreenAPushWillShow() throws {
        let scheduler = ManualScheduler()
        let service = try demoService(scheduler: scheduler)
        let waiter = TestClient(service, identifier: 1)
        let navigator = TestClient(service, identifier: 2)
        waiter.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":{"role":"switch","name":"/wi-?fi/i"},"value":false,"timeoutMs":5000},"id":"w"}"#)
        #expect(waiter.take().isEmpty, "Settings has such a switch: the press waits for it")
        navigator.result("runTask", ["name": "push", "param": "Settings"])
        let answer = waiter.take().first { $0["id"] == "w" }
        #expect(answer?["result"]?["ref"] == "wifi")
        #expect(answer?["result"]?["isOn"] == false)
        // No screen has a button named so: refused at once, with the suggestion.
        navigator.result("runTask", ["name": "pop"])
        let never = waiter.request("press", ["ref": ["role": "button", "name": "Settngs"], "timeoutMs": 5000])["error"]
        #expect(never?["code"] == -32001)
        #expect(never?["message"]?.stringValue?.hasSuffix(#"did you mean button 'openSettings' "Settings"?"#) == true)
    }

    @Test func aRecordedActionNamesTheElementByItsRoleAndNameWhenTheyAreUniqueAndCannotChange() throws {
        let application = Application()
        func button(_ reference: String, _ text: String) -> Button {
            let button = Button(reference: reference)
            button.text = text
            return button
        }
        let field = TextField(reference: "email")
        field.placeholder = "Email"
        let counter = button("counter", "Count: 0")
        counter.textDataSource = { "Count: 0" }
        let controller = try ViewController(identifier: "Main", title: "Main", view: View(reference: "root", subviews: [
            field, button("", "OK"), button("save", "Save"), button("first", "Again"), button("second", "Again"), counter,
            Button(reference: "unnamed"),
        ]))
        application.push(controller)
        let service = SlamService(application: application, scheduler: ManualScheduler())
        let recorder = TestClient(service, identifier: 1)
        recorder.result("subscribe", ["events": ["action"]])
        for reference in ["OK", "save", "second", "counter", "unnamed"] {
            recorder.result("press", ["ref": reference == "OK" ? ["text": "OK"] : .string(reference)])
        }
        recorder.result("setText", ["ref": "email", "text": "ada@example.org"])
        let actions = recorder.take().filter { $0["method"] == "action" }.map { $0["params"]?["ref"] ?? .null }
        #expect(actions == [
            ["role": "button", "name": "OK"],
            ["role": "button", "name": "Save"],
            "second",   // two buttons read "Again"
            "counter",  // its name is a text a data source may change
            "unnamed",
            ["role": "textbox", "name": "Email"],  // its placeholder, never what was typed
        ])
    }
}
