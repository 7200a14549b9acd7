import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
@testable import SlamServer

@Suite struct MethodTests {
    @Test func pingAndVersion() throws {
        let client = TestClient(try demoService())
        #expect(client.result("ping") == "pong")
        let version = client.result("version")
        #expect(version["protocolVersion"] == "1.0")
        #expect(version["capabilities"]?["methods"]?.arrayValue?.compactMap(\.stringValue) == SlamRequests.methodNames)
        #expect(version["capabilities"]?["events"]?.arrayValue?.compactMap(\.stringValue) == EventKind.allCases.map(\.rawValue))
    }

    @Test func findReturnsTheSnapshotUnderStoryboardNames() throws {
        let client = TestClient(try demoService())
        #expect(client.result("find", ["ref": "count"])
                == ["type": "Label", "ref": "count", "role": "paragraph", "name": "Count: 0", "visible": true, "text": "Count: 0"])
        #expect(client.result("find", ["ref": "progress"])["progress"] == 0.0)
    }

    @Test func queryFiltersCombineAndIncludeHiddenByDefault() throws {
        let client = TestClient(try demoService())
        let buttons = client.result("query", ["type": "Button"]).arrayValue ?? []
        #expect(buttons.map { $0["ref"]! } == ["increment", "decrement", "reset", "openSettings", "openList", "openTodos", "openPickers", "openAbout", "website"])
        let disabled = client.result("query", ["type": "Button", "enabled": false]).arrayValue ?? []
        #expect(disabled.map { $0["ref"]! } == ["decrement", "reset"])
        let hidden = client.result("query", ["visible": false]).arrayValue ?? []
        #expect(hidden.map { $0["ref"]! } == ["goal"])
        #expect(client.result("query", ["text": "Count: 0"]).arrayValue?.map { $0["ref"]! } == ["count"])
        #expect(client.errorCode("query", ["type": "Buton"]) == -32602)
    }

    @Test func treeNestsChildrenToTheRequestedDepth() throws {
        let client = TestClient(try demoService())
        let whole = client.result("tree")
        #expect(whole["ref"] == "root")
        #expect(whole["children"]?.arrayValue?.count == 6)
        #expect(whole["children"]?[4]?["children"]?[0]?["ref"] == "increment")
        let shallow = client.result("tree", ["ref": "counterButtons", "depth": 0])
        #expect(shallow["children"] == nil && shallow["ref"] == "counterButtons")
        let one = client.result("tree", ["depth": 1])
        #expect(one["children"]?[4]?["children"] == nil)
        #expect(client.errorCode("tree", ["depth": -1]) == -32602)
    }

    @Test func updateUIReportsWhatChanged() throws {
        let service = try demoService()
        let client = TestClient(service)
        #expect(client.result("updateUI") == ["controller": "Home", "changed": []])
        try service.application.runTask(name: "resetCounter")  // no visible change: count is 0
        service.application.topController!.findButton(with: "increment")!.pressActionBlock!()
        #expect(client.result("updateUI") == ["controller": "Home", "changed": ["count", "progress", "decrement", "reset"]])
        #expect(client.result("resetUI", ["ref": "count"]) == ["controller": "Home", "changed": []])
    }

    @Test func pressTakesEachKindOfValue() throws {
        let client = TestClient(try demoService())
        #expect(client.result("press", ["ref": "increment"])["ref"] == "increment")
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 1")
        client.result("press", ["ref": "openSettings"])
        #expect(client.result("press", ["ref": "wifi", "value": false])["isOn"] == false)
        #expect(client.result("press", ["ref": "volume", "value": "increment"])["value"] == 6)
        #expect(client.result("press", ["ref": "theme", "value": 0])["selectedSegment"] == 0)
        #expect(client.result("find", ["ref": "themeLabel"])["text"] == "Theme: Light")
        #expect(client.result("press", ["ref": "pages", "value": 1])["currentPage"] == 1)
        #expect(client.errorCode("press", ["ref": "theme", "value": 9]) == -32602)
        #expect(client.errorCode("press", ["ref": "volume", "value": "sideways"]) == -32602)
        #expect(client.errorCode("press", ["ref": "volume", "value": 1.5]) == -32602)
    }

    @Test func setTextFiresTheEditingEvents() throws {
        let client = TestClient(try demoService())
        client.result("runTask", ["name": "push", "param": "Settings"])
        #expect(client.result("setText", ["ref": "name", "text": "Ada"])["text"] == "Ada")
        #expect(client.result("find", ["ref": "greeting"])["text"] == "Hello, Ada")
    }

    @Test func runTaskTasksAndControllers() throws {
        let client = TestClient(try demoService())
        #expect(client.result("tasks") == ["alert", "append", "increment", "pop", "push", "remove", "resetCounter", "set", "toggle", "url"])
        #expect(client.result("runTask", ["name": "push", "param": "List"]) == ["task": "push", "param": "List", "top": "List"])
        #expect(client.result("controllers") == [["id": "Home", "title": "Slam Demo", "modal": false],
                                                  ["id": "List", "title": "Shopping list", "modal": false]])
        #expect(client.result("find", ["ref": "count", "controller": "Home"])["text"] == "Count: 0")
        #expect(client.result("runTask", ["name": "pop"])["top"] == "Home")
    }

    @Test func paramsByPositionWork() throws {
        let client = TestClient(try demoService())
        #expect(client.result("find", ["count"])["ref"] == "count")
    }
}

@Suite struct ErrorCodeTests {
    @Test func everyApplicationErrorHasItsCodeAndData() throws {
        let client = TestClient(try demoService())
        var reply = client.request("find", ["ref": "nope"])
        #expect(reply["error"]?["code"] == -32001)
        #expect(reply["error"]?["data"] == ["ref": "nope", "controller": "Home"])
        reply = client.request("press", ["ref": "heading"])
        #expect(reply["error"]?["code"] == -32002)
        #expect(reply["error"]?["data"] == ["ref": "heading", "type": "Label"])
        #expect(client.errorCode("setText", ["ref": "increment", "text": "x"]) == -32002)
        reply = client.request("press", ["ref": "decrement"])
        #expect(reply["error"]?["code"] == -32003)
        #expect(reply["error"]?["message"] == "Element disabled: element 'decrement' is disabled")
        reply = client.request("runTask", ["name": "fly"])
        #expect(reply["error"]?["code"] == -32005)
        #expect(reply["error"]?["data"] == ["task": "fly"])
        #expect(client.errorCode("runTask", ["name": "push", "param": "Nowhere"]) == -32006)
        #expect(client.errorCode("find", ["ref": "count", "controller": "Settings"]) == -32006)
        reply = client.request("runTask", ["name": "pop"])
        #expect(reply["error"]?["code"] == -32007)
        #expect(reply["error"]?["data"] == ["controller": "Home"])
        reply = client.request("runTask", ["name": "push"])
        #expect(reply["error"]?["code"] == -32010)
        #expect(reply["error"]?["data"]?["task"] == "push")
    }

    @Test func hiddenElementsRefusePresses() throws {
        let service = try demoService()
        let client = TestClient(service)
        service.application.topController!.findView(with: "menu")!.isHidden = true
        let reply = client.request("press", ["ref": "openSettings"])
        #expect(reply["error"]?["code"] == -32004)
        #expect(reply["error"]?["data"] == ["ref": "openSettings"])
    }

    @Test func badParametersNameTheParameter() throws {
        let client = TestClient(try demoService())
        let reply = client.request("find", ["ref": 3])
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["data"]?["parameter"] == "ref")
        #expect(client.errorCode("find", [:]) == -32602)
        #expect(client.errorCode("subscribe", ["events": ["changed", "bogus"]]) == -32602)
        #expect(client.errorCode("waitFor", ["ref": "count"]) == -32602)
        #expect(client.errorCode("waitFor", ["ref": "count", "state": "shiny"]) == -32602)
        #expect(client.errorCode("waitFor", ["ref": "count", "property": "text"]) == -32602)
        #expect(client.errorCode("waitFor", ["ref": "count", "property": "isOn", "equals": true]) == -32602)
        #expect(client.errorCode("waitFor", ["ref": "count", "state": "exists", "timeoutMs": -5]) == -32602)
        #expect(client.errorCode("nonsense") == -32601)
    }
}
