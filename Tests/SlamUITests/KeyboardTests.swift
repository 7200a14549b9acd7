import Testing
@testable import SlamUI

@Suite struct KeyboardTests {
    @Test func enterAndSpacePressTheFocusedButton() throws {
        let button = Button(reference: "plus")
        var presses = 0
        button.pressActionBlock = { presses += 1 }
        let (application, _, _) = try makeApplication(button)
        try application.focus(button)
        #expect(try application.pressKey(.enter))
        #expect(try application.pressKey(.character(" ")))
        #expect(presses == 2)
        #expect(try application.pressKey(.character("q")) == false, "a button has no use for letters")
    }

    @Test func aFocusedButtonThatBecameDisabledIgnoresKeys() throws {
        let button = Button(reference: "plus")
        var presses = 0
        button.pressActionBlock = { presses += 1 }
        let (application, _, _) = try makeApplication(button)
        try application.focus(button)
        button.isEnabled = false
        #expect(try application.pressKey(.enter) == false)
        #expect(presses == 0)
    }

    @Test func switchesToggleSteppersStepAndChoicesMoveWithArrows() throws {
        let wifi = Switch(reference: "wifi")
        let stepper = Stepper(reference: "count")
        stepper.maximumValue = 2
        let segments = SegmentedControl(reference: "size")
        segments.segments = ["S", "M", "L"]
        let pages = PageControl(reference: "pages")
        pages.numberOfPages = 2
        let table = SingleItemTableView(reference: "list")
        table.staticListLabels = ["a", "b"]
        let (application, _, _) = try makeApplication(wifi, stepper, segments, pages, table)
        table.reloadUI()

        try application.focus(wifi)
        try application.pressKey(.character(" "))
        #expect(wifi.isOn)
        try application.focus(stepper)
        for _ in 0..<3 { try application.pressKey(.arrowUp) }
        #expect(stepper.value == 2, "stops at the maximum")
        try application.pressKey(.arrowLeft)
        #expect(stepper.value == 1)
        try application.focus(segments)
        try application.pressKey(.arrowRight)
        #expect(segments.selectedSegment == 0, "the first arrow selects the first segment")
        try application.pressKey(.arrowRight)
        try application.pressKey(.arrowRight)
        try application.pressKey(.arrowRight)
        #expect(segments.selectedSegment == 2)
        try application.focus(pages)
        try application.pressKey(.arrowRight)
        try application.pressKey(.arrowRight)
        #expect(pages.currentPage == 1)
        try application.focus(table)
        var selections: [Int?] = []
        table.selectEventBlock = { selections.append($0) }
        try application.pressKey(.arrowDown)
        try application.pressKey(.arrowDown)
        try application.pressKey(.arrowDown)
        try application.pressKey(.arrowUp)
        #expect(selections == [0, 1, 0])
    }

    @Test func escapePopsButNeverTheRoot() throws {
        let (application, _, _) = try makeApplication(Label(reference: "l"), identifier: "Home")
        #expect(try application.pressKey(.escape) == false)
        application.push(try ViewController(identifier: "Detail", view: View(reference: "root")))
        #expect(try application.pressKey(.escape))
        #expect(application.stack.map(\.controller.identifier) == ["Home"])
    }
}
