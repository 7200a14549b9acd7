import Glibc
import Testing
import SlamClient
import SlamHarness
import SlamJSON
import SlamProtocol
import SlamUI

/// `slamctl record`: a flow written from what clients do, which replays green on a reset app.
@Suite(.timeLimit(.minutes(10))) struct RecordCommandTests {
    @Test func aRecordedSessionReplaysGreenAfterAReset() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let file = try TemporaryFile(named: "recorded.json", contents: "")
        defer { file.remove() }
        unlink(file.path)
        let recording = try SlamctlProcess(["record", file.path, "--steps", "7"], app: app)
        // The recorder resets the app first and writes that step: then it listens.
        var waited = 0
        while access(file.path, F_OK) != 0 && waited < 5_000 {
            usleep(10_000)
            waited += 10
        }
        let person = try app.connect()
        try person.press("increment")
        try person.press(ElementLocator(type: "Button", text: "Settings"))
        try person.setText("name", "Ad")
        try person.setText("name", "Ada")          // one step: only the last text matters
        try person.press("wifi", value: false)
        try person.key("Escape")                  // back to Home
        try person.runTask("push", param: "About")
        let result = recording.finish()
        #expect(result.status == 0, "\(result.standardError)")
        let flow = try JSONParser().parse(Array(try #require(FileContents.readText(atPath: file.path)).utf8))
        #expect(flow["name"] == "recorded")
        #expect(flow["steps"] == [
            ["reset": true],
            // Named as a person would: by role and name (each unique on its screen).
            ["press": ["role": "button", "name": "+1"]],
            ["press": ["role": "button", "name": "Settings"]],
            ["text": ["role": "textbox", "name": "Name"], "value": "Ada"],
            ["press": ["role": "switch", "name": "Wi-Fi"], "value": false],
            ["key": "Escape"],
            ["task": "push", "param": "About"],
        ])
        // Whatever state the app is in now, the recorded flow replays from its reset.
        let replay = try SlamctlProcess(["run", file.path], app: app).finish()
        #expect(replay.status == 0, "\(replay.standardOutput)")
        #expect(try app.topController() == "About")
    }

    @Test func aSliderPressedWithANumberIsRecordedAndReplays() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let file = try TemporaryFile(named: "recorded.json", contents: "")
        defer { file.remove() }
        unlink(file.path)
        let recording = try SlamctlProcess(["record", file.path, "--steps", "4"], app: app)
        var waited = 0
        while access(file.path, F_OK) != 0 && waited < 5_000 {
            usleep(10_000)
            waited += 10
        }
        let person = try app.connect()
        try person.runTask("push", param: "About")
        try person.press("openDisplay")
        try person.press("brightness", value: 0.35)
        let result = recording.finish()
        #expect(result.status == 0, "\(result.standardError)")
        let flow = try JSONParser().parse(Array(try #require(FileContents.readText(atPath: file.path)).utf8))
        #expect(flow["steps"] == [
            ["reset": true],
            ["task": "push", "param": "About"],
            ["press": ["role": "button", "name": "Display settings"]],
            ["press": ["role": "slider", "name": "Brightness"], "value": 0.35],
        ])
        try person.press("brightness", value: 0.9)
        let replay = try SlamctlProcess(["run", file.path], app: app).finish()
        #expect(replay.status == 0, "\(replay.standardOutput)")
        #expect(replay.lines.contains(#"ok step 4: press slider "Brightness" 0.35"#))
        #expect(try app.connection.find("brightnessLabel").text == "Brightness: 35%")
    }
}
