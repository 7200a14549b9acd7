import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON

/// A slider in a real `slamd`, pressed over the socket as a script would: numbers with and
/// without a fraction, steps and keys, the bound state and label following, a refusal.
@Suite struct SliderOverTheSocketTests {
    static let storyboard = #"""
        {"initial": "Display", "state": {"volume": 40, "brightness": 0.5},
         "controllers": [{"id": "Display", "title": "Display", "view": {"type": "View", "ref": "root", "children": [
           {"type": "Slider", "ref": "volume", "maximumValue": 100, "stepValue": 5, "bind": {"value": "volume"}},
           {"type": "Label", "ref": "volumeLabel", "bind": {"text": "Volume {volume}"}},
           {"type": "Slider", "ref": "brightness", "bind": {"value": "brightness"}}]}}]}
        """#

    @Test func numbersStepsAndKeysReachTheSliderAndItsState() throws {
        let app = try SlamApp.launch(storyboardText: Self.storyboard)
        defer { app.stop() }
        let volume = app.slider("volume")
        #expect(try volume.press(62.4)["value"] == .integer(60), "snapped to its step; whole steps show as integers")
        #expect(try app.state("volume") == .integer(60))
        #expect(try app.label("volumeLabel").text() == "Volume 60")
        #expect(try volume.press(.increment)["value"] == .integer(65))
        #expect(try volume.press(.index(100))["value"] == .integer(100))

        let brightness = app.slider("brightness")
        #expect(try brightness.press(0.25)["value"] == .double(0.25))
        #expect(try app.state("brightness") == .double(0.25))
        try brightness.focus()
        let outcome = try app.connection.key("ArrowUp")
        #expect(outcome.focused?["value"] == .double(0.35), "a tenth of the range, without binary noise")
    }

    @Test func aNumberOutsideTheRangeIsRefusedNamingTheRange() throws {
        let app = try SlamApp.launch(storyboardText: Self.storyboard)
        defer { app.stop() }
        do {
            try app.slider("volume").press(150)
            Issue.record("150 was taken")
        } catch ClientError.server(let error) {
            #expect(error.code == .invalidParams)
            #expect(error.message == "Invalid params: value: 150 is outside the slider's range 0…100")
        }
        #expect(try app.state("volume") == .integer(40), "nothing changed")
    }
}
