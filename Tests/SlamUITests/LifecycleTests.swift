import Testing
@testable import SlamUI

/// A checkbox built the seed's way, recording each lifecycle phase it runs.
final class RecordingCheckbox: LifecycleElement {
    var phases: [String] = []
    let box = Label(reference: "box")
    let caption = Label(reference: "caption")
    let badge = Label(reference: "badge")
    var isChecked = false {
        didSet { stateDidChange() }
    }

    override func configure() {
        phases.append("configure")
        embed(badge, box, caption)
        isChecked = true  // state set while configuring: must not update half-built subviews
    }
    override func style() {
        phases.append("style")
        caption.text = "Remember me"
    }
    override func update() {
        phases.append("update")
        box.text = isChecked ? "☑" : "☐"
    }
    override func layout() {
        phases.append("layout")
        moveSubview(badge, to: subviews.count - 1)  // the badge goes after the caption
    }
}

@Suite struct LifecycleTests {
    @Test func configureStyleAndLayoutRunOnceAtCreationInThatOrder() {
        let checkbox = RecordingCheckbox(reference: "remember")
        #expect(checkbox.phases == ["configure", "style", "layout"])
        #expect(checkbox.isConfigured)
        #expect(checkbox.caption.text == "Remember me")
        #expect(checkbox.box.text == "", "update has not run: the state set in configure waits")
    }

    @Test func layoutArrangesTheOrderOfSubviews() {
        let checkbox = RecordingCheckbox(reference: "remember")
        #expect(checkbox.subviews.map(\.reference) == ["box", "caption", "badge"])
    }

    @Test func updateRunsOnceWhenTheElementIsFirstShown() throws {
        let application = Application()
        application.registerController(identifier: "Login") { () throws(SlamError) -> ViewController in
            try ViewController(identifier: "Login", view: RecordingCheckbox(reference: "remember"))
        }
        try application.start(with: "Login")
        let checkbox = try #require(application.topController?.find("remember") as? RecordingCheckbox)
        #expect(checkbox.phases == ["configure", "style", "layout", "update"])
        #expect(checkbox.box.text == "☑")
        application.topController?.updateUI()
        application.topController?.resetUI()
        #expect(checkbox.phases.filter { $0 == "update" }.count == 1, "later fills leave update to state changes")
    }

    @Test func eachStateChangeRunsUpdateAtOnce() throws {
        let checkbox = RecordingCheckbox(reference: "remember")
        checkbox.isChecked = false
        #expect(checkbox.box.text == "☐")
        checkbox.isChecked = true
        #expect(checkbox.box.text == "☑")
        #expect(checkbox.phases == ["configure", "style", "layout", "update", "update"])
        checkbox.updateUI()
        #expect(checkbox.phases.count == 5, "an update before display counts as the first one")
    }

    @Test func subviewsEmbeddedWhileConfiguringAreFoundInTheController() throws {
        let controller = try ViewController(identifier: "Login", view: View(reference: "root", subviews: [
            RecordingCheckbox(reference: "remember"),
        ]))
        #expect(controller.findLabel(with: "caption")?.text == "Remember me")
        #expect(controller.find("box")?.path == "root/remember/box")
    }
}
