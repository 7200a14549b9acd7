import Testing
@testable import SlamUI

/// A controller around `elements` under an anonymous root, for element tests.
func makeController(_ elements: View..., identifier: String = "Test") throws -> ViewController {
    try ViewController(identifier: identifier, title: identifier, view: View(reference: "root", subviews: elements))
}

@Suite struct DataSourceTests {
    @Test func staticValueShowsUntilADataSourceOverridesIt() throws {
        let label = Label(reference: "greeting")
        label.text = "Hello"
        let controller = try makeController(label)
        controller.updateUI()
        #expect(label.text == "Hello")
        label.textDataSource = { "Bonjour" }
        controller.updateUI()
        #expect(label.text == "Bonjour")
    }

    @Test func dataSourcesArePulledOnlyByUpdates() throws {
        var name = "Ada"
        var calls = 0
        let label = Label(reference: "name")
        label.textDataSource = { calls += 1; return name }
        let controller = try makeController(label)
        #expect(calls == 0, "creating and attaching must not pull")
        controller.updateUI()
        #expect(label.text == "Ada" && calls == 1)
        name = "Grace"
        #expect(label.text == "Ada", "a reader sees what the last update produced")
        #expect(label.snapshot()["text"] == .string("Ada"))
        #expect(calls == 1, "a snapshot is a pure read")
        controller.updateUI()
        #expect(label.text == "Grace" && calls == 2)
    }

    @Test func visibilityAndEnabledComeFromTheirDataSources() throws {
        var loggedIn = false
        let button = Button(reference: "logout")
        button.visibleDataSource = { loggedIn }
        button.enableDataSource = { loggedIn }
        let controller = try makeController(button)
        controller.updateUI()
        #expect(button.isHidden && !button.isEnabled)
        loggedIn = true
        controller.updateUI()
        #expect(!button.isHidden && button.isEnabled)
    }

    @Test func activityIndicatorAnimatesFromItsDataSource() throws {
        var busy = true
        let spinner = ActivityIndicator(reference: "spinner")
        spinner.animatingDataSource = { busy }
        let controller = try makeController(spinner)
        controller.updateUI()
        #expect(spinner.isAnimating)
        busy = false
        controller.updateUI()
        #expect(!spinner.isAnimating)
    }
}

@Suite struct ClampingTests {
    @Test(arguments: [(0.5, 0.5), (1.5, 1.0), (-0.2, 0.0), (Double.nan, 0.0), (Double.infinity, 1.0)])
    func progressStaysWithinZeroAndOne(input: Double, shown: Double) throws {
        let progress = ProgressView(reference: "p")
        progress.progressDataSource = { input }
        try makeController(progress).updateUI()
        #expect(progress.progress == shown)
    }

    @Test func stepperValueIsTrimmedIntoItsRange() throws {
        var value = 50.0
        let stepper = Stepper(reference: "volume")
        stepper.minValueDataSource = { 0 }
        stepper.maxValueDataSource = { 10 }
        stepper.valueDataSource = { value }
        let controller = try makeController(stepper)
        controller.updateUI()
        #expect(stepper.value == 10)
        value = -3
        controller.updateUI()
        #expect(stepper.value == 0)
        value = 4
        controller.updateUI()
        #expect(stepper.value == 4)
    }

    @Test func stepperStepsStopAtTheBounds() throws {
        let stepper = Stepper(reference: "s")
        stepper.minimumValue = 0
        stepper.maximumValue = 2
        stepper.stepValue = 1.5
        _ = try makeController(stepper)
        try stepper.press(.increment)
        #expect(stepper.value == 1.5)
        try stepper.press(.increment)
        #expect(stepper.value == 2)
        try stepper.press(.decrement)
        #expect(stepper.value == 0.5)
        try stepper.press(.decrement)
        #expect(stepper.value == 0)
        #expect(throws: SlamError.self) { try stepper.press(nil) }
    }

    @Test func stepperBoundsThatCrossAreReconciled() {
        let stepper = Stepper(reference: "s")
        stepper.maximumValue = 5
        stepper.value = 4
        stepper.minimumValue = 8
        #expect(stepper.maximumValue == 8 && stepper.value == 8)
    }

    @Test func pageControlKeepsItsPageWithinTheCount() throws {
        var page = 7
        let pages = PageControl(reference: "pages")
        pages.maxPageDataSource = { 3 }
        pages.currentPageDataSource = { page }
        let controller = try makeController(pages)
        controller.updateUI()
        #expect(pages.numberOfPages == 3 && pages.currentPage == 2)
        page = -1
        controller.updateUI()
        #expect(pages.currentPage == 0)
    }

    @Test func pageControlPressesMoveAndWrap() throws {
        let pages = PageControl(reference: "pages")
        pages.numberOfPages = 3
        _ = try makeController(pages)
        try pages.press(.index(2))
        #expect(pages.currentPage == 2)
        try pages.press(nil)
        #expect(pages.currentPage == 0, "a plain press moves to the next page, wrapping")
        #expect(throws: SlamError.invalidPress(reference: "pages", reason: "page 3 is outside 0..<3")) {
            try pages.press(.index(3))
        }
    }

    @Test func segmentedControlSelectionFollowsItsLabels() throws {
        var labels = ["Light", "Dark", "Auto"]
        let theme = SegmentedControl(reference: "theme")
        theme.labelArrayDataSource = { labels }
        theme.currentSegmentDataSource = { 2 }
        let controller = try makeController(theme)
        controller.updateUI()
        #expect(theme.segments == ["Light", "Dark", "Auto"] && theme.selectedSegment == 2)
        labels = ["Light", "Dark"]
        controller.updateUI()
        #expect(theme.selectedSegment == nil, "a segment that no longer exists selects nothing")
        try theme.press(.index(1))
        #expect(theme.selectedSegment == 1)
        #expect(throws: SlamError.self) { try theme.press(.index(5)) }
        #expect(throws: SlamError.self) { try theme.press(nil) }
    }
}

@Suite struct InteractionTests {
    @Test func switchTogglesOrTakesAPosition() throws {
        let wifi = Switch(reference: "wifi")
        _ = try makeController(wifi)
        try wifi.press(nil)
        #expect(wifi.isOn)
        try wifi.press(.bool(true))
        #expect(wifi.isOn)
        try wifi.press(.bool(false))
        #expect(!wifi.isOn)
        #expect(throws: SlamError.self) { try wifi.press(.index(1)) }
    }

    @Test func switchFollowsItsDataSource() throws {
        var enabled = true
        let wifi = Switch(reference: "wifi")
        wifi.switchDataSource = { enabled }
        let controller = try makeController(wifi)
        controller.updateUI()
        #expect(wifi.isOn)
        enabled = false
        controller.updateUI()
        #expect(!wifi.isOn)
    }

    @Test func pressRunsTheBlockAndAutoUIUpdatesTheController() throws {
        var count = 0
        let label = Label(reference: "count")
        label.textDataSource = { "\(count)" }
        let plus = Button(reference: "plus")
        plus.pressActionBlock = { count += 1 }
        let controller = try makeController(label, plus)
        controller.updateUI()
        try plus.press(nil)
        #expect(count == 1 && label.text == "0", "without autoUI nothing is refreshed")
        plus.autoUI = true
        try plus.press(nil)
        #expect(count == 2 && label.text == "2")
    }

    @Test func theBlockTakesPrecedenceOverTheTask() throws {
        let application = Application()
        var ran: [String] = []
        application.addTask(name: "log") { ran.append("task:\($0 ?? "")") }
        let button = Button(reference: "b")
        button.task = "log"
        button.param = "x"
        let controller = try makeController(button)
        application.push(controller)
        try button.press(nil)
        button.pressActionBlock = { ran.append("block") }
        try button.press(nil)
        #expect(ran == ["task:x", "block"])
    }

    @Test func disabledOrHiddenControlsCannotBePressed() throws {
        var pressed = false
        let button = Button(reference: "save")
        button.pressActionBlock = { pressed = true }
        let container = View(reference: "form", subviews: [button])
        _ = try makeController(container)
        button.isEnabled = false
        #expect(throws: SlamError.elementDisabled(reference: "save")) { try button.press(nil) }
        button.isEnabled = true
        container.isHidden = true
        #expect(throws: SlamError.elementHidden(reference: "save")) { try button.press(nil) }
        #expect(!pressed)
    }

    @Test func labelsCannotBePressedNorTyped() throws {
        let label = Label(reference: "title")
        #expect(throws: SlamError.notInteractive(reference: "title", type: "Label")) { try label.press(nil) }
        #expect(throws: SlamError.notEditable(reference: "title", type: "Label")) { try label.enterText("x") }
    }

    @Test func textFieldFiresEditingChangedThenDidEnd() throws {
        var events: [String] = []
        let field = TextField(reference: "name")
        field.editingChangedBlock = { events.append("changed:\($0)") }
        field.editingDidEndBlock = { events.append("ended:\($0)") }
        _ = try makeController(field)
        try field.enterText("Ada")
        try field.enterText("Ada")
        #expect(events == ["changed:Ada", "ended:Ada", "ended:Ada"])
        #expect(field.text == "Ada")
        field.isEnabled = false
        #expect(throws: SlamError.self) { try field.enterText("x") }
    }
}

@Suite struct LayoutTests {
    /// Spacing is a number of points: what is not a number is refused, and the spacing stays.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func spacingThatIsNotANumberIsRefused(_ refused: Double) {
        let view = View(reference: "box")
        view.spacing = 12
        view.spacing = refused
        #expect(view.spacing == 12)
    }
}
