import Testing
@testable import SlamUI

/// `APP --check`: what ApplicationCheck finds on every screen an application can show.
@Suite struct ApplicationCheckTests {
    func button(_ reference: String, task: String, param: String? = nil) -> Button {
        let button = Button(reference: reference)
        button.text = reference.prefix(1).uppercased() + reference.dropFirst()
        button.task = task
        button.param = param
        return button
    }

    func screen(_ identifier: String, _ subviews: [View]) throws(SlamError) -> ViewController {
        try ViewController(identifier: identifier, view: View(reference: "root", subviews: subviews))
    }

    /// Home on the stack (a push to Settings), Settings registered only, and a task `save`.
    func application(settings: @escaping (StateStore) throws(SlamError) -> [View]) throws -> Application {
        let application = Application()
        application.addTask(name: "save") { _ in }
        application.registerController(identifier: "Home") { () throws(SlamError) -> ViewController in
            try self.screen("Home", [self.button("open", task: "push", param: "Settings")])
        }
        application.registerController(identifier: "Settings") { [unowned application] () throws(SlamError) -> ViewController in
            try self.screen("Settings", try settings(application.state))
        }
        try application.start(with: "Home")
        return application
    }

    @Test func aCleanApplicationHasNoProblems() throws {
        let check = ApplicationCheck(application: try application { _ in [self.button("save", task: "save"), self.button("back", task: "pop")] })
        #expect(check.findings.isEmpty)
        #expect(check.passed)
        #expect(check.lines(name: "app") == ["app: no problems"])
    }

    @Test func aMisspeltTaskOnAScreenNotShownIsAWarningWithDidYouMean() throws {
        let app = try application { _ in [self.button("save", task: "svae")] }
        let check = ApplicationCheck(application: app)
        #expect(check.lines(name: "app") == [
            "app:Settings/root/save.task: warning: unknown task 'svae' (a press fails unless a client runs it: tasks.register, "
                + "slamctl serve-task); did you mean 'save'?",
            "app: 1 warning",
        ])
        #expect(check.passed, "a client may still register it")
        #expect(app.stack.map(\.controller.identifier) == ["Home"], "screens are built apart from the stack")
        let strict = ApplicationCheck(application: app, strict: true)
        #expect(!strict.passed)
        #expect(strict.findings.map(\.severity) == [.error])
    }

    @Test func changeTasksAndAlertButtonsAreCheckedToo() throws {
        let app = try application { _ in
            let toggle = Switch(reference: "flag")
            toggle.accessibilityLabel = "Flag"
            toggle.changeTask = ChangeTask(name: "sav")
            return [toggle]
        }
        app.registerAlert(Alert(identifier: "confirm", title: "Sure?", buttons: [.init(title: "Yes", task: "saev")]))
        let findings = ApplicationCheck(application: app).findings
        #expect(findings.first?.location == "Settings/root/flag.changeTask")
        #expect(findings.last.map { $0.screen == "confirm" && $0.member == "task" && $0.element.hasSuffix("yes") } == true,
                "\(findings.last?.location ?? "")")
        #expect(findings.map(\.problem) == [.unknownTask(name: "sav"), .unknownTask(name: "saev")])
        #expect(findings.allSatisfy { $0.suggestions == ["save"] })
    }

    @Test func aPushToAScreenNotRegisteredIsAnError() throws {
        let check = ApplicationCheck(application: try application { _ in [self.button("home", task: "push", param: "Hme")] })
        #expect(check.findings.map(\.description) == [
            "Settings/root/home.param: error: 'push' opens 'Hme', which is not a registered screen; registered: Home, Settings; did you mean 'Home'?",
        ])
        #expect(!check.passed)
    }

    @Test func aScreenWhoseFactoryFailsIsAnError() throws {
        let check = ApplicationCheck(application: try application { (_: StateStore) throws(SlamError) -> [View] in throw .noController })
        #expect(check.findings.map(\.location) == ["Settings"])
        #expect(check.findings.first?.severity == .error)
    }

    @Test func aBoundKeyNothingHoldsOrSetsIsAWarning() throws {
        let app = try application { state in
            let total = Label(reference: "total")
            try? total.bind(property: "text", to: StateBinding(parsing: "Total: {total}"), in: state)
            let name = Label(reference: "name")
            try? name.bind(property: "text", to: StateBinding(parsing: "{name}"), in: state)
            let flag = Switch(reference: "flag")
            flag.accessibilityLabel = "Flag"
            try? flag.bind(property: "isOn", to: StateBinding(parsing: "flag"), in: state)
            return [total, name, flag, self.button("rename", task: "set", param: "name=Ann")]
        }
        let findings = ApplicationCheck(application: app).findings
        #expect(findings.map(\.description) == [
            "Settings/root/total.bind.text: warning: state key 'total' is bound, but the application's state holds nothing under it "
                + "and no element's task sets it: it reads as nothing until Swift code sets it",
        ], "'name' is set by a task, 'flag' by the switch it is bound to")
    }

    @Test func anElementAPersonOperatesWithoutANameIsAWarning() throws {
        let app = try application { _ in
            let unnamed = Switch(reference: "flag")
            let labelled = Switch(reference: "named")
            labelled.accessibilityLabel = "Named"
            let hint = TextField(reference: "hint")
            hint.placeholder = "Search"
            return [unnamed, labelled, hint, Label(reference: "quiet")]
        }
        let findings = ApplicationCheck(application: app).findings
        #expect(findings.map(\.location) == ["Settings/root/flag"], "a label or a placeholder names an element; a label needs no name")
        #expect(findings.first?.problem == .unnamedElement(role: .switch))
        #expect(findings.first?.severity == .warning)
    }
}
