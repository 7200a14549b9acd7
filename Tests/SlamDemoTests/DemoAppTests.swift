import Testing
import SlamStoryboard
import SlamUI
@testable import SlamDemo

@Suite struct DemoAppTests {
    func top(_ application: Application) throws -> ViewController {
        try #require(application.topController)
    }

    @Test func usesEveryElementTypeAcrossFourControllers() throws {
        let application = try DemoApp.makeApplication()
        var types = Set<String>()
        for identifier in application.controllerIdentifiers {
            let controller = try application.makeController(identifier: identifier)
            for element in controller.allElements { types.insert(type(of: element).typeName) }
        }
        #expect(application.controllerIdentifiers == ["Home", "Settings", "List", "About", "Display", "Pickers", "Todos"])
        #expect(types == Set(ElementType.builtIn.keys).union(["StateView"]), "every element type, and the to-do screen's state views")
    }

    /// With the Swift that registers `resetCounter`, the `Todos` screen and the `todos` key, the demo's storyboard is sound.
    @Test func theDemoStoryboardChecksCleanWithItsSwift() throws {
        let application = try DemoApp.makeApplication()
        let storyboard = try Storyboard(bytes: try #require(FileContents.readBytes(atPath: DemoApp.storyboardPath)))
        #expect(StoryboardCheck(host: .init(application: application), strict: true).diagnostics(of: storyboard) == [])
    }

    @Test func displaySlidersShowTheirValuesAndKeepThemAcrossVisits() throws {
        let application = try DemoApp.makeApplication()
        try application.runTask(name: "push", param: "About")
        try top(application).findButton(with: "openDisplay")!.press(nil)
        let display = try top(application)
        #expect(display.identifier == "Display")
        let brightness = try #require(display.findSlider(with: "brightness"))
        let textSize = try #require(display.findSlider(with: "textSize"))
        #expect(display.findLabel(with: "brightnessLabel")?.text == "Brightness: 80%")
        #expect(display.findLabel(with: "textSizeLabel")?.text == "Text size: 16 pt")
        try brightness.press(.number(0.35))
        #expect(display.findLabel(with: "brightnessLabel")?.text == "Brightness: 35%", "autoUI shows the new value")
        try textSize.press(.index(23))
        #expect(textSize.value == 24 && display.findLabel(with: "textSizeLabel")?.text == "Text size: 24 pt")
        try textSize.press(.increment)
        #expect(display.findLabel(with: "textSizeLabel")?.text == "Text size: 26 pt")
        try application.runTask(name: "pop")
        try top(application).findButton(with: "openDisplay")!.press(nil)
        #expect(try top(application).findSlider(with: "brightness")?.value == 0.35, "a new Display screen reads the model")
        #expect(try top(application).findLabel(with: "textSizeLabel")?.text == "Text size: 26 pt")
    }

    @Test func pickersShowWhatIsChosen() throws {
        let application = try DemoApp.makeApplication()
        try application.runTask(name: "push", param: "Pickers")
        let pickers = try top(application)
        let order = try #require(pickers.findLabel(with: "order"))
        let choice = try #require(pickers.findLabel(with: "choice"))
        #expect(order.text == "Medium, Red, delivered on 2026-11-23")
        #expect(choice.text == "no row; colours: none")
        try pickers.findPickerView(with: "size")!.press(.position(1, 2))
        try pickers.findDatePicker(with: "delivery")!.press(.increment)
        #expect(order.text == "Medium, Blue, delivered on 2026-11-24")
        try pickers.findSectionedTableView(with: "account")!.press(.position(1, 0))
        try pickers.findCollectionView(with: "colours")!.press(.text("Blue"))
        try pickers.findCollectionView(with: "colours")!.press(.position(0, 0))
        #expect(choice.text == "Version; colours: Red, Blue")
    }

    @Test func counterCountsWithAutoUI() throws {
        let application = try DemoApp.makeApplication()
        let home = try top(application)
        #expect(home.findLabel(with: "count")?.text == "Count: 0")
        #expect(home.findButton(with: "decrement")?.isEnabled == false)
        for _ in 0..<10 { try home.findButton(with: "increment")!.press(nil) }
        #expect(home.findLabel(with: "count")?.text == "Count: 10")
        #expect(home.findProgressView(with: "progress")?.progress == 1)
        #expect(home.findLabel(with: "goal")?.isHidden == false)
        try home.findButton(with: "decrement")!.press(nil)
        #expect(home.findLabel(with: "count")?.text == "Count: 9")
        try home.findButton(with: "reset")!.press(nil)
        #expect(home.findLabel(with: "count")?.text == "Count: 0")
        #expect(throws: SlamError.elementDisabled(reference: "decrement")) {
            try home.findButton(with: "decrement")!.press(nil)
        }
    }

    @Test func settingsReflectEachControl() throws {
        let application = try DemoApp.makeApplication()
        try top(application).findButton(with: "openSettings")!.press(nil)
        let settings = try top(application)
        #expect(settings.identifier == "Settings")
        try settings.findSwitch(with: "wifi")!.press(nil)
        #expect(settings.findLabel(with: "wifiStatus")?.text == "Wi-Fi is off")
        try settings.findStepper(with: "volume")!.press(.increment)
        #expect(settings.findLabel(with: "volumeLabel")?.text == "Volume: 6")
        try settings.findSegmentedControl(with: "theme")!.press(.index(1))
        #expect(settings.findLabel(with: "themeLabel")?.text == "Theme: Dark")
        try settings.findTextField(with: "name")!.enterText("Ada")
        #expect(settings.findLabel(with: "greeting")?.text == "Hello, Ada")
        try settings.findPageControl(with: "pages")!.press(.index(2))
        #expect(settings.findLabel(with: "pageLabel")?.text == "Page 3 of 3")
        try settings.findButton(with: "back")!.press(nil)
        #expect(try top(application).identifier == "Home")
    }

    @Test func listAddsSelectsAndRemoves() throws {
        let application = try DemoApp.makeApplication()
        try application.push(identifier: "List")
        let list = try top(application)
        let table = try #require(list.findSingleItemTableView(with: "items"))
        #expect(table.rows == ["Milk", "Eggs", "Bread"])
        #expect(list.findTextView(with: "notes")?.text.hasPrefix("Buy what is on the list") == true)
        #expect(list.findButton(with: "add")?.isEnabled == false)
        try list.findTextField(with: "newItem")!.enterText("Tea")
        #expect(list.findButton(with: "add")?.isEnabled == true)
        try list.findButton(with: "add")!.press(nil)
        #expect(table.rows == ["Milk", "Eggs", "Bread", "Tea"])
        try table.press(.index(1))
        #expect(list.findLabel(with: "selection")?.text == "Selected: Eggs")
        try list.findButton(with: "remove")!.press(nil)
        #expect(table.rows == ["Milk", "Bread", "Tea"])
        #expect(table.currentSelection == nil)
        #expect(list.findLabel(with: "selection")?.text == "Nothing selected")
    }

    @Test func aboutShowsTheLocalPageAndItsTitle() throws {
        let application = try DemoApp.makeApplication()
        try top(application).findButton(with: "openAbout")!.press(nil)
        let about = try top(application)
        #expect(about.findWebView(with: "page")?.currentTitle == "About Slam")
        #expect(about.findWebView(with: "page")?.currentURL?.hasSuffix("/about.html") == true)
        #expect(about.findLabel(with: "pageTitle")?.text == "About Slam")
    }

    @Test func websiteIsRecordedNotOpened() throws {
        let application = try DemoApp.makeApplication()
        try top(application).findButton(with: "website")!.press(nil)
        #expect(application.openedURLs == ["https://www.swift.org"])
    }
}
