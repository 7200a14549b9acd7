import Testing
@testable import SlamUI

/// Records the order in which the framework fills and reloads elements.
final class RecordingView: View, ResettableView {
    nonisolated(unsafe) static var log: [String] = []
    override class var typeName: String { "RecordingView" }
    override func fillUI() {
        super.fillUI()
        Self.log.append("fill \(reference)")
    }
    func reloadUI() {
        Self.log.append("reload \(reference)")
    }
}

@Suite(.serialized) struct RecursionOrderTests {
    func tree() throws -> ViewController {
        // root ─ a ─ a1
        //      │   └ a2
        //      └ b
        let root = RecordingView(reference: "root", subviews: [
            RecordingView(reference: "a", subviews: [RecordingView(reference: "a1"), RecordingView(reference: "a2")]),
            RecordingView(reference: "b"),
        ])
        return try ViewController(identifier: "Order", view: root)
    }

    @Test func updateFillsEachElementBeforeItsSubviewsInOrder() throws {
        let controller = try tree()
        RecordingView.log = []
        controller.updateUI()
        #expect(RecordingView.log == ["fill root", "fill a", "fill a1", "fill a2", "fill b"])
    }

    @Test func resetReloadsThenFillsEachElementBeforeItsSubviews() throws {
        let controller = try tree()
        RecordingView.log = []
        controller.resetUI()
        #expect(RecordingView.log == ["reload root", "fill root", "reload a", "fill a", "reload a1", "fill a1",
                                      "reload a2", "fill a2", "reload b", "fill b"])
    }

    @Test func updatingASubtreeLeavesTheRestAlone() throws {
        let controller = try tree()
        RecordingView.log = []
        controller.find("a")!.updateUI()
        #expect(RecordingView.log == ["fill a", "fill a1", "fill a2"])
    }
}

@Suite struct FindingTests {
    @Test func typedFindersReturnOnlyTheirType() throws {
        let controller = try makeController(Button(reference: "save"), Label(reference: "status"))
        #expect(controller.findButton(with: "save") != nil)
        #expect(controller.findLabel(with: "save") == nil)
        #expect(controller.findLabel(with: "status") != nil)
        #expect(controller.findButton(with: "nope") == nil)
        #expect(throws: SlamError.wrongElementType(reference: "save", expected: "Label", actual: "Button")) {
            try controller.find("save", as: Label.self)
        }
        #expect(throws: SlamError.elementNotFound(reference: "nope", controller: "Test")) {
            try controller.find("nope", as: View.self)
        }
    }

    @Test func findsEachOfTenThousandElementsByDictionaryLookUp() throws {
        var labels: [Label] = []
        var sections: [View] = []
        for section in 0..<100 {
            let rows = (0..<99).map { Label(reference: "label-\(section)-\($0)") }
            labels += rows
            sections.append(View(reference: "section-\(section)", subviews: rows))
        }
        let controller = try ViewController(identifier: "Big", view: View(reference: "root", subviews: sections))
        #expect(controller.referenceCount == 10_001)  // 9,900 labels, 100 sections, the root
        for label in labels {
            #expect(controller.find(label.reference) === label)
        }
        #expect(controller.findLabel(with: "label-99-98") === labels.last)
    }

    @Test func duplicateReferenceNamesBothPaths() {
        let tree = View(reference: "root", subviews: [
            View(reference: "form", subviews: [Button(reference: "save")]),
            View(reference: "footer", subviews: [Button(reference: "save")]),
        ])
        #expect(throws: SlamError.duplicateReference(reference: "save", firstPath: "root/form/save", secondPath: "root/footer/save")) {
            try ViewController(identifier: "Dup", view: tree)
        }
    }

    @Test func addingASubviewRegistersItOrRefusesADuplicateWhole() throws {
        let form = View(reference: "form")
        let controller = try makeController(form, Label(reference: "status"))
        try form.addSubview(Button(reference: "save"))
        #expect(controller.findButton(with: "save") != nil)
        let incoming = View(reference: "extra", subviews: [Label(reference: "status")])
        #expect(throws: SlamError.duplicateReference(reference: "status", firstPath: "root/status", secondPath: "root/form/extra/status")) {
            try form.addSubview(incoming)
        }
        #expect(controller.find("extra") == nil, "nothing of a refused subtree is registered")
        #expect(form.subviews.count == 1)
    }

    @Test func removingASubviewUnregistersItsSubtree() throws {
        let save = Button(reference: "save")
        let form = View(reference: "form", subviews: [save])
        let controller = try makeController(form)
        form.removeFromSuperview()
        #expect(controller.find("form") == nil && controller.find("save") == nil)
        #expect(save.controller == nil)
        try controller.view.addSubview(form)
        #expect(controller.find("save") === save)
    }

    @Test func anonymousElementsAreShownButNotFound() throws {
        let controller = try makeController(View(reference: ""), Label(reference: "x"))
        #expect(controller.referenceCount == 2, "root and x; the anonymous view has no reference")
        #expect(controller.allElements.count == 3)
        #expect(controller.allElements[1].path == "root/View[0]")
    }
}

@Suite struct ChangeTrackingTests {
    @Test func updateReportsOnlyElementsWhoseVisibleStateChanged() throws {
        var count = 0
        let countLabel = Label(reference: "count")
        countLabel.textDataSource = { "\(count)" }
        let title = Label(reference: "title")
        title.textDataSource = { "Counter" }
        let controller = try makeController(countLabel, title)
        #expect(Set(controller.updateUI().map(\.reference)) == ["count", "title"])
        #expect(controller.updateUI().isEmpty, "nothing changed")
        count = 1
        #expect(controller.updateUI().map(\.reference) == ["count"])
    }

    @Test func pressesAreReportedToo() throws {
        let wifi = Switch(reference: "wifi")
        let controller = try makeController(wifi)
        _ = controller.takeChangedElements()
        try wifi.press(nil)
        #expect(controller.takeChangedElements().map(\.reference) == ["wifi"])
    }
}

@Suite struct SnapshotTests {
    @Test func snapshotsUseStoryboardNamesInDeclaredOrder() throws {
        let stepper = Stepper(reference: "volume")
        stepper.maximumValue = 10
        stepper.value = 3
        stepper.task = "log"
        stepper.accessibilityLabel = "Volume"
        #expect(stepper.snapshot() == ElementSnapshot(type: "Stepper", reference: "volume", properties: [
            ("role", .string("spinbutton")), ("name", .string("Volume")), ("visible", .bool(true)), ("enabled", .bool(true)), ("focused", .bool(false)), ("task", .string("log")), ("param", .null),
            ("autoUI", .bool(false)), ("minimumValue", .integer(0)), ("maximumValue", .integer(10)),
            ("stepValue", .integer(1)), ("value", .integer(3)),
            ("valueNow", .double(3)), ("valueMin", .double(0)), ("valueMax", .double(10)),
        ]), "a stepper counting whole numbers shows integers; its ARIA value states follow its properties")
        stepper.stepValue = 0.5
        #expect(stepper.snapshot()["value"] == .double(3) && stepper.snapshot()["stepValue"] == .double(0.5))
    }

    @Test func everyBuiltInTypeHasASnapshotWithRoleNameThenVisible() {
        #expect(ElementType.builtIn.count == 18)
        for (name, type) in ElementType.builtIn {
            let snapshot = type.make("x").snapshot()
            #expect(snapshot.type == name)
            #expect(snapshot.properties.prefix(3).map(\.name) == ["role", "name", "visible"])
            #expect(snapshot["role"] == .string(type.accessibilityRole.rawValue), "\(name): the usual role of its type")
        }
    }
}
