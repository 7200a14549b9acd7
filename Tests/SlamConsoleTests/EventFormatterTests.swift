import Testing
import SlamClient
import SlamProtocol
import SlamConsole
import SlamJSON
import SlamRPC

private let formatter = EventFormatter(style: .plain)

private func event(_ method: String, _ params: JSONValue.Object?) -> SlamRPC.Notification {
    SlamRPC.Notification(method: method, params: params.map { .byName($0) })
}

@Suite struct EventFormatterTests {
    @Test func changedPrintsOneLinePerChangedElement() {
        let lines = formatter.lines(event("changed", [
            "controller": "Home",
            "changes": [
                ["type": "Label", "ref": "count", "visible": true, "text": "Count: 1"],
                ["type": "ProgressView", "ref": "progress", "visible": true, "progress": 0.1],
                ["type": "Button", "ref": "decrement", "visible": true, "enabled": true, "text": "-1"],
            ],
        ]))
        #expect(lines == [
            "changed Home: Label count \"Count: 1\"",
            "changed Home: ProgressView progress 10%",
            "changed Home: Button decrement \"-1\"",
        ])
    }

    @Test func changedWithoutChangesPrintsNothingAndSkipsWhatIsNotASnapshot() {
        #expect(formatter.lines(event("changed", ["controller": "Home", "changes": []])) == [])
        #expect(formatter.lines(event("changed", ["changes": [["type": "Switch", "ref": "wifi", "isOn": false], "junk"]]))
                == ["changed ?: Switch wifi off"])
    }

    @Test func anActionNamesItsElementAsAFlowStepDoes() {
        #expect(formatter.lines(event("action", ["method": "press", "ref": ["role": "button", "name": "+1"], "client": 2, "params": [:]]))
                == [#"action client 2 press button "+1""#])
        #expect(formatter.lines(event("action", ["method": "press", "ref": "wifi", "client": 3, "params": ["value": false]]))
                == ["action client 3 press wifi value=false"])
        #expect(formatter.lines(event("action", ["method": "key", "ref": .null, "client": 3, "params": ["key": "Tab"]]))
                == [#"action client 3 key key="Tab""#])
    }

    @Test func navigatedShowsTheStackRootFirst() {
        let stack: JSONValue = [["id": "Home", "title": "Slam Demo", "modal": false],
                                ["id": "Settings", "title": "Settings", "modal": false]]
        #expect(formatter.lines(event("navigated", ["stack": stack, "top": "Settings"])) == ["navigated Home > Settings"])
        #expect(formatter.lines(event("navigated", ["stack": [["id": "Home"]], "top": "Home"])) == ["navigated Home"])
    }

    @Test func taskRanShowsTheTaskAndItsParameter() {
        #expect(formatter.lines(event("taskRan", ["name": "push", "param": "Settings"])) == ["taskRan push Settings"])
        #expect(formatter.lines(event("taskRan", ["name": "pop", "param": nil])) == ["taskRan pop"])
        #expect(formatter.lines(event("taskRan", ["name": "pop"])) == ["taskRan pop"])
    }

    @Test func openURLAndLogShowTheirPayload() {
        #expect(formatter.lines(event("openURL", ["address": "https://www.swift.org"])) == ["openURL https://www.swift.org"])
        #expect(formatter.lines(event("log", ["level": "warning", "message": "client cut off"]))
                == ["log warning: client cut off"])
    }

    @Test func focusChangedShowsTheControllerTheNewFocusAndTheOldOne() {
        #expect(formatter.lines(event("focusChanged", ["controller": "Settings", "ref": "pages", "previous": "name"]))
                == ["focusChanged Settings: pages (from name)"])
        #expect(formatter.lines(event("focusChanged", ["controller": "Home", "ref": "increment", "previous": nil]))
                == ["focusChanged Home: increment"])
        #expect(formatter.lines(event("focusChanged", ["controller": "Home", "ref": nil, "previous": "root/1"]))
                == ["focusChanged Home: none (from root/1)"])
    }

    @Test func anUnknownEventShowsItsNameAndParams() {
        #expect(formatter.lines(event("surprise", ["a": 1])) == [#"surprise {"a":1}"#])
        #expect(formatter.lines(event("surprise", nil)) == ["surprise {}"])
    }

    @Test func colourMarksTheEventName() {
        let colour = EventFormatter(style: ConsoleStyle(usesColor: true))
        #expect(colour.lines(event("openURL", ["address": "x"])) == ["\u{1B}[32mopenURL\u{1B}[0m x"])
        #expect(colour.snapshots.style.usesColor)
    }
}
