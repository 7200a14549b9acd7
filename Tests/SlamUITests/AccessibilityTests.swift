import Testing
@testable import SlamUI

/// Roles, accessible names and ARIA states: what assistive technology, role locators and snapshots read.
@Suite struct AccessibilityTests {
    @Test func everyElementsRoleIsOneItsTypeDeclares() {
        for type in ElementType.all {
            let element = type.make("x")
            #expect(type.accessibilityRoles.contains(element.accessibilityRole), "\(type.name): \(element.accessibilityRole)")
            #expect(type.accessibilityRoles.allSatisfy { !$0.rawValue.isEmpty })
        }
    }

    @Test func anExplicitLabelWinsOverTheElementsOwnText() {
        let button = Button(reference: "plus")
        #expect(button.accessibleName == "", "a button with no text and no label has no name")
        button.text = "+1"
        #expect(button.accessibleName == "+1")
        button.accessibilityLabel = "Add one"
        #expect(button.accessibleName == "Add one")
    }

    @Test func aTextFieldIsNamedByItsPlaceholderUnlessLabelled() {
        let field = TextField(reference: "name")
        field.text = "Ada"
        field.placeholder = "Your name"
        #expect(field.accessibleName == "Your name", "its text is its value, not its name")
        field.accessibilityLabel = "Name"
        #expect(field.accessibleName == "Name")
        #expect(field.accessibilityRole == .textbox)
    }

    @Test func aLabelIsAParagraphOrAHeadingWithALevel() {
        let label = Label(reference: "title")
        label.text = "Settings"
        #expect(label.accessibilityRole == .paragraph && label.accessibilityStates.level == nil)
        label.headingLevel = 2
        #expect(label.accessibilityRole == .heading && label.accessibilityStates.level == 2)
        #expect(label.snapshot()["level"] == .integer(2))
        #expect(label.accessibleName == "Settings")
    }

    @Test func aContainerIsGenericUntilNamedOrDeclaredARegion() {
        let box = View(reference: "box")
        #expect(box.accessibilityRole == .generic)
        box.accessibilityLabel = "Counter"
        #expect(box.accessibilityRole == .group)
        box.isRegion = true
        #expect(box.accessibilityRole == .region && box.accessibleName == "Counter")
    }

    @Test func statesFollowTheControlsValues() {
        let toggle = Switch(reference: "wifi")
        #expect(toggle.accessibilityStates.checked == false)
        toggle.isOn = true
        #expect(toggle.snapshot()["checked"] == .bool(true))
        toggle.isEnabled = false
        #expect(toggle.snapshot()["disabled"] == .bool(true))
        toggle.isEnabled = true
        #expect(toggle.snapshot()["disabled"] == nil, "disabled is present only while it holds")

        let slider = Slider(reference: "brightness")
        slider.maximumValue = 10
        slider.value = 4
        #expect(slider.accessibilityStates.valueNow == 4 && slider.accessibilityStates.valueMin == 0
                && slider.accessibilityStates.valueMax == 10)

        let progress = ProgressView(reference: "p")
        progress.progress = 0.4
        #expect(progress.accessibilityStates.valueText == "40%")

        let pages = PageControl(reference: "pages")
        pages.numberOfPages = 3
        pages.currentPage = 1
        #expect(pages.accessibilityStates.valueNow == 2 && pages.accessibilityStates.valueText == "Page 2 of 3")
    }

    @Test func anAlertIsAnAlertDialogNamedByItsTitleAndDescribedByItsMessage() throws {
        let (application, _, _) = try makeApplication(Label(reference: "l"), identifier: "Home")
        let alert = application.presentAlert(Alert(identifier: "sure", title: "Clear?", message: "It cannot be undone.",
                                                   buttons: [.init(title: "OK")]))
        #expect(alert.view.accessibilityRole == .alertdialog)
        #expect(alert.view.accessibleName == "Clear?" && alert.view.accessibleDescription == "It cannot be undone.")
    }

    @Test func changingANameOrDescriptionIsAChangeRenderersHearOf() throws {
        let label = Label(reference: "l")
        let (_, controller, _) = try makeApplication(label, identifier: "Home")
        _ = controller.takeChangedElements()
        label.accessibilityDescription = "More"
        #expect(controller.takeChangedElements().contains { $0 === label })
        label.headingLevel = 1
        #expect(controller.takeChangedElements().contains { $0 === label })
        label.accessibilityLabel = "Title"
        #expect(controller.takeChangedElements().contains { $0 === label })
    }
}
