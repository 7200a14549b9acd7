import Testing
@testable import SlamUI

/// A slider's range, steps, presses, keys, data sources and events.
@Suite struct SliderTests {
    func slider(_ minimum: Double = 0, _ maximum: Double = 100, step: Double = 0, value: Double = 0) -> Slider {
        let slider = Slider(reference: "volume")
        slider.minimumValue = minimum
        slider.maximumValue = maximum
        slider.stepValue = step
        slider.value = value
        return slider
    }

    @Test func defaultsAreAContinuousRangeFromZeroToOne() {
        let slider = Slider(reference: "s")
        #expect(slider.minimumValue == 0 && slider.maximumValue == 1 && slider.stepValue == 0 && slider.value == 0)
        slider.value = 0.37
        #expect(slider.value == 0.37, "continuous: any value in the range")
    }

    @Test(arguments: [
        (150.0, 100.0), (-3.0, 0.0), (42.0, 40.0), (42.5, 45.0), (47.4, 45.0), (97.0, 95.0), (99.0, 100.0), (100.0, 100.0),
    ])
    func valuesAreClampedThenSnappedToTheStepsFromTheMinimum(_ set: Double, _ settled: Double) {
        let byFive = slider(step: 5)
        byFive.value = set
        #expect(byFive.value == settled, "by 5 from 0, \(set) settles on \(settled)")
    }

    @Test func aStepPastTheMaximumFallsBackToTheLastStepBelowIt() {
        let slider = slider(0, 10, step: 4)
        slider.value = 10
        #expect(slider.value == 8, "steps 0, 4, 8: the nearest to 10, 12, would pass the maximum")
        slider.value = 5.9
        #expect(slider.value == 4)
        slider.value = 6
        #expect(slider.value == 8, "a half rounds up, as in a web page's range input")
    }

    @Test func stepsCountFromTheMinimumWithoutBinaryNoise() {
        let slider = slider(0.5, 1.5, step: 0.1, value: 0.5)
        for _ in 0..<3 { _ = try? slider.press(.increment) }
        #expect(slider.value == 0.8, "not 0.8000000000000002")
        slider.value = 0.5 + 0.1 * 7
        #expect(slider.value == 1.2)
        let thirds = self.slider(0, 1, step: 0.25, value: 0.3)
        #expect(thirds.value == 0.25)
    }

    @Test func aNegativeOrNaNStepIsContinuous() {
        let slider = slider(step: 5)
        slider.stepValue = -1
        #expect(slider.stepValue == 0)
        slider.stepValue = .nan
        #expect(slider.stepValue == 0)
        slider.value = 12.34
        #expect(slider.value == 12.34)
        slider.value = .nan
        #expect(slider.value == 0, "NaN is the minimum")
    }

    @Test func boundsThatCrossAreReconciledAndTheValueFollows() {
        let slider = slider(0, 10, value: 8)
        slider.maximumValue = 5
        #expect(slider.value == 5)
        slider.minimumValue = 7
        #expect(slider.maximumValue == 7 && slider.value == 7)
        slider.maximumValue = 20
        slider.stepValue = 4
        slider.value = 12
        #expect(slider.value == 11, "steps from the minimum 7: 7, 11, 15, 19")
    }

    @Test func aPressWithANumberSetsTheValueOnItsStep() throws {
        let slider = slider(step: 5)
        _ = try makeController(slider)
        try slider.press(.number(42.6))
        #expect(slider.value == 45)
        try slider.press(.index(20))
        #expect(slider.value == 20, "a whole number arrives as an index")
        try slider.press(.number(100))
        #expect(slider.value == 100)
    }

    @Test func aPressOutsideTheRangeIsRefusedAndChangesNothing() throws {
        let slider = slider(0, 1, value: 0.5)
        _ = try makeController(slider)
        #expect(throws: SlamError.invalidPress(reference: "volume", reason: "1.5 is outside the slider's range 0…1")) {
            try slider.press(.number(1.5))
        }
        #expect(throws: SlamError.invalidPress(reference: "volume", reason: "-1 is outside the slider's range 0…1")) {
            try slider.press(.index(-1))
        }
        #expect(slider.value == 0.5)
    }

    @Test func otherPressValuesAreRefusedSayingWhatItTakes() throws {
        let slider = slider()
        _ = try makeController(slider)
        for value: PressValue? in [nil, .bool(true), .text("half"), .position(0, 1)] {
            #expect(throws: SlamError.invalidPress(reference: "volume", reason: "a Slider takes a number from its minimumValue to its maximumValue, "
                                                   + "\"increment\" or \"decrement\", got \(value.map(\.description) ?? "no value")")) {
                try slider.press(value)
            }
        }
    }

    @Test func incrementAndDecrementMoveOneStepAndStopAtTheBounds() throws {
        let slider = slider(0, 10, step: 4, value: 4)
        _ = try makeController(slider)
        try slider.press(.increment)
        #expect(slider.value == 8)
        try slider.press(.increment)
        #expect(slider.value == 8, "12 would pass the maximum; 8 is the last step")
        try slider.press(.decrement)
        try slider.press(.decrement)
        try slider.press(.decrement)
        #expect(slider.value == 0)
    }

    @Test func continuousSlidersMoveByATenthOfTheRange() throws {
        let slider = slider(0, 1, value: 0.05)
        _ = try makeController(slider)
        #expect(slider.pressStep == 0.1)
        try slider.press(.increment)
        try slider.press(.increment)
        #expect(slider.value == 0.25, "not 0.25000000000000006")
        slider.value = 0.97
        try slider.press(.increment)
        #expect(slider.value == 1)
        try slider.press(.decrement)
        #expect(slider.value == 0.9)
    }

    @Test func arrowKeysStepWhenFocused() throws {
        let slider = slider(0, 10, step: 2, value: 4)
        let (application, _, _) = try makeApplication(slider)
        try application.focus(slider)
        #expect(try application.pressKey(.arrowUp))
        #expect(slider.value == 6)
        #expect(try application.pressKey(.arrowRight))
        #expect(slider.value == 8)
        #expect(try application.pressKey(.arrowLeft))
        #expect(try application.pressKey(.arrowDown))
        #expect(slider.value == 4)
        #expect(try application.pressKey(.character("x")) == false, "a letter is not the slider's")
    }

    @Test func dataSourcesFeedBoundsThenValueOnEachUpdate() throws {
        var volume = 140.0
        let slider = Slider(reference: "volume")
        slider.minValueDataSource = { 10 }
        slider.maxValueDataSource = { 110 }
        slider.valueDataSource = { volume }
        slider.stepValue = 10
        let controller = try makeController(slider)
        controller.updateUI()
        #expect(slider.minimumValue == 10 && slider.maximumValue == 110 && slider.value == 110)
        volume = 44
        controller.updateUI()
        #expect(slider.value == 40)
    }

    @Test func extremeRangesAndStepsStayNumbersAUserCanReach() throws {
        // A step finer than a double tells apart on its range: a press lands where it was asked, not at the maximum.
        let fine = slider(0, 1, step: 1e-310, value: 0)
        _ = try makeController(fine)
        try fine.press(.number(0.5))
        #expect(fine.value == 0.5)
        // The widest range: a continuous step is still a tenth of it, not infinity.
        let wide = slider(-1e308, 1e308, value: 0)
        _ = try makeController(wide)
        #expect(wide.pressStep == 2e307)
        try wide.press(.increment)
        #expect(wide.value == 2e307)
    }

    @Test func boundsThatAreNotNumbersAreIgnored() throws {
        var maximum = 10.0
        let slider = Slider(reference: "volume")
        slider.maxValueDataSource = { maximum }
        slider.minValueDataSource = { -.infinity }
        let controller = try makeController(slider)
        controller.updateUI()
        #expect(slider.minimumValue == 0 && slider.maximumValue == 10)
        maximum = .nan
        controller.updateUI()
        #expect(slider.maximumValue == 10, "a snapshot must stay JSON: no NaN bound")
        slider.value = 5
        try slider.press(.increment)
        #expect(slider.value == 6)
    }

    @Test func aUserChangeCallsTheValueChangedBlockThenTheAction() throws {
        let slider = slider(step: 10, value: 50)
        _ = try makeController(slider)
        var calls: [String] = []
        slider.valueChangedBlock = { calls.append("changed \($0)") }
        slider.pressActionBlock = { calls.append("action") }
        try slider.press(.number(71))
        #expect(calls == ["changed 70.0", "action"])
        calls.removeAll()
        try slider.press(.index(70))
        #expect(calls == ["action"], "no change, no event; the action still runs as for every press")
        slider.value = 20
        #expect(calls == ["action"], "a change from code is no user's")
    }

    @Test func disabledOrHiddenSlidersRefusePresses() throws {
        let slider = slider(value: 50)
        _ = try makeController(slider)
        slider.isEnabled = false
        #expect(throws: SlamError.elementDisabled(reference: "volume")) { try slider.press(.increment) }
        slider.isEnabled = true
        slider.isHidden = true
        #expect(throws: SlamError.elementHidden(reference: "volume")) { try slider.press(.number(10)) }
        #expect(slider.value == 50)
    }

    @Test func snapshotsShowIntegersWhileItMovesByWholeSteps() {
        let slider = slider(0, 100, step: 5, value: 40)
        #expect(slider.countsWholeNumbers)
        #expect(slider.snapshot()["value"] == .integer(40) && slider.snapshot()["stepValue"] == .integer(5))
        slider.stepValue = 0
        #expect(!slider.countsWholeNumbers, "a continuous slider's value is a number even when it is whole")
        #expect(slider.snapshot()["value"] == .double(40))
    }

    @Test func decimalPlacesAreReadAsNumbersAreWritten() {
        #expect(Slider.decimalPlaces(0.25) == 2)
        #expect(Slider.decimalPlaces(1e-5) == 5)
        #expect(Slider.decimalPlaces(2.5e-7) == 8)
        #expect(Slider.decimalPlaces(40) == 0)
        #expect(Slider.decimalPlaces(1e20) == 0)
        #expect(Slider.decimalPlaces(-0.1) == 1)
    }
}
