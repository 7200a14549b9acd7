import Testing
@testable import SlamUI

@Suite struct AlertTests {
    func confirmation(_ log: Box<[String]>) -> Alert {
        Alert(identifier: "confirmClear", title: "Clear the list?", message: "This cannot be undone.", buttons: [
            .init(title: "Clear", style: .destructive) { log.value.append("clear") },
            .init(title: "Keep it") { log.value.append("keep") },
            .init(title: "Cancel", style: .cancel) { log.value.append("cancel") },
        ])
    }

    @Test func anAlertIsAModalScreenOfItsOwnWithAButtonPerAction() throws {
        let log = Box<[String]>([])
        let (application, _, _) = try makeApplication(Button(reference: "clear"), identifier: "Home")
        let alert = application.presentAlert(confirmation(log))
        #expect(application.stack.map(\.controller.identifier) == ["Home", "confirmClear"])
        #expect(application.stack.last?.isModal == true)
        #expect(alert.view.snapshot() == ElementSnapshot(type: "Alert", reference: "", properties: [
            ("role", .string("alertdialog")), ("name", .string("Clear the list?")), ("description", .string("This cannot be undone.")),
            ("visible", .bool(true)), ("title", .string("Clear the list?")), ("message", .string("This cannot be undone.")),
        ]))
        let buttons = alert.view.subviews.map { $0.snapshot() }
        #expect(buttons.map(\.reference) == ["clear", "keepit", "cancel"])
        #expect(buttons.map { $0["style"] } == [.string("destructive"), .string("normal"), .string("cancel")])
        #expect(buttons.map { $0["role"] } == Array(repeating: .string("button"), count: 3), "an alert's buttons are buttons, whatever their style")
    }

    @Test func pressingAButtonDismissesTheAlertThenRunsItsAction() throws {
        let log = Box<[String]>([])
        let (application, _, _) = try makeApplication(Label(reference: "l"), identifier: "Home")
        let alert = application.presentAlert(confirmation(log))
        var stackWhenActionRan: [String] = []
        application.addTask(name: "record") { [unowned application] _ in stackWhenActionRan = application.stack.map(\.controller.identifier) }
        try alert.find("clear", as: Button.self).press(nil)
        #expect(log.value == ["clear"])
        #expect(application.stack.map(\.controller.identifier) == ["Home"])

        application.presentAlert(Alert(identifier: "info", title: "Saved", buttons: [.init(title: "OK", task: "record")]))
        try application.topController!.find("ok", as: Button.self).press(nil)
        #expect(stackWhenActionRan == ["Home"], "the task runs once the alert is gone")
    }

    @Test func theScreenUnderAnAlertIsCovered() throws {
        let button = Button(reference: "plus")
        let field = TextField(reference: "name")
        let (application, _, _) = try makeApplication(button, field, identifier: "Home")
        application.presentAlert(confirmation(Box([])))
        let covered = SlamError.elementCovered(reference: "plus", controller: "Home", coveredBy: "confirmClear")
        #expect(throws: covered) { try button.press(nil) }
        #expect(throws: SlamError.elementCovered(reference: "name", controller: "Home", coveredBy: "confirmClear")) {
            try field.enterText("x")
        }
        #expect(throws: SlamError.elementCovered(reference: "name", controller: "Home", coveredBy: "confirmClear")) {
            try application.focus(field)
        }
    }

    @Test func aPushedScreenDoesNotCoverTheOneBelowButAModalDoes() throws {
        let button = Button(reference: "plus")
        let (application, home, _) = try makeApplication(button, identifier: "Home")
        application.push(try ViewController(identifier: "Detail", view: View(reference: "root")))
        #expect(application.controllerCovering(home) == nil)
        try button.press(nil)
        application.present(try ViewController(identifier: "Sheet", view: View(reference: "root")))
        #expect(application.controllerCovering(home)?.identifier == "Sheet")
        #expect(throws: SlamError.elementCovered(reference: "plus", controller: "Home", coveredBy: "Sheet")) { try button.press(nil) }
    }

    @Test func escapePressesCancelAndEnterTheFirstPlainButton() throws {
        let log = Box<[String]>([])
        let (application, _, _) = try makeApplication(Label(reference: "l"), identifier: "Home")
        application.presentAlert(confirmation(log))
        #expect(try application.pressKey(.escape))
        application.presentAlert(confirmation(log))
        #expect(try application.pressKey(.enter))
        #expect(log.value == ["cancel", "keep"])
        #expect(application.stack.count == 1)

        application.presentAlert(Alert(identifier: "must", title: "Choose", buttons: [.init(title: "Delete", style: .destructive)]))
        #expect(try application.pressKey(.escape) == false, "an alert without a cancel button stays")
        #expect(try application.pressKey(.enter) == false, "Enter never presses a destructive button by default")
        #expect(application.stack.count == 2)
    }

    @Test func theAlertTaskPresentsRegisteredAlertsByName() throws {
        let log = Box<[String]>([])
        let (application, _, _) = try makeApplication(Label(reference: "l"), identifier: "Home")
        application.registerAlert(confirmation(log))
        try application.runTask(name: "alert", param: "confirmClear")
        #expect(application.topController?.identifier == "confirmClear")
        #expect(throws: SlamError.taskFailed(name: "alert", reason: "no alert named 'nope'; declared: confirmClear")) {
            try application.runTask(name: "alert", param: "nope")
        }
    }

    @Test func buttonReferencesAreMadeFromTitlesAndKeptUnique() {
        let alert = Alert(identifier: "a", title: "t", buttons: [
            .init(title: "Don't save"), .init(title: "OK"), .init(title: "OK"), .init(title: "…"), .init(title: "x", reference: "mine"),
        ])
        #expect(alert.buttonReferences == ["dontsave", "ok", "ok2", "button3", "mine"])
        let explicit = Alert(identifier: "b", title: "t", buttons: [.init(title: "OK"), .init(title: "Fine", reference: "ok")])
        #expect(explicit.buttonReferences == ["ok2", "ok"], "a reference given explicitly is kept; a made one steps aside")
    }
}
