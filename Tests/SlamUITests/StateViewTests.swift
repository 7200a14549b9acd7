import Testing
import SlamUI

/// State views (the StateView source document): state, props, render with keyed
/// placement, reconciliation by key with identities kept, linked and function
/// props, coalesced renders, renderDeep and StateViewController.
@Suite struct StateViewTests {
    /// One row: a label showing its `title` prop, a switch showing `done`, a note
    /// field users type into (state a re-created row would lose), a remove button.
    final class Row: StateView {
        override func render() {
            place(Label.self, key: "title") { [unowned self] in $0.text = props["title"]?.text ?? "" }
            place(Switch.self, key: "done") { [unowned self] in
                $0.isOn = props["done"]?.boolValue ?? false
                $0.pressActionBlock = { [unowned self] in callProp("toggle") }
            }
            place(TextField.self, key: "note")
            place(Button.self, key: "remove") { [unowned self] button in
                button.pressActionBlock = { [unowned self] in callProp("remove") }
            }
        }
    }

    /// A to-do list keyed by id: rows in state order, then a summary label.
    final class TodoList: StateView {
        override func getInitialState() -> [String: StateValue] {
            ["todos": [["id": "a", "title": "Milk", "done": false], ["id": "b", "title": "Eggs", "done": false]]]
        }

        var todos: [StateValue] {
            get { state["todos"]?.listValue ?? [] }
            set { state["todos"] = .list(newValue) }
        }

        override func render() {
            for todo in todos {
                guard let id = todo["id"]?.stringValue else { continue }
                let row = place(Row.self, key: id)
                row.prop(forKey: "title", is: todo["title"] ?? "")
                row.prop(forKey: "done", is: todo["done"] ?? false)
                row.prop(forKey: "toggle") { [unowned self] _ in toggle(id) }
                row.prop(forKey: "remove") { [unowned self] _ in todos.removeAll { $0["id"]?.stringValue == id } }
            }
            place(Label.self, key: "summary") { [unowned self] in $0.text = "\(todos.count) to do" }
        }

        func toggle(_ id: String) {
            todos = todos.map { todo in
                guard todo["id"]?.stringValue == id, case .record(var members) = todo else { return todo }
                members["done"] = .bool(!(members["done"]?.boolValue ?? false))
                return .record(members)
            }
        }
    }

    /// A shown StateViewController over a TodoList.
    struct Screen {
        let application = Application()
        let controller: StateViewController
        var list: TodoList { controller.rootView as! TodoList }

        init() throws {
            controller = try StateViewController(identifier: "Todos", rootView: TodoList(reference: "todos"))
            application.push(controller)
        }

        func row(_ id: String) -> Row? { controller.find("todos/\(id)") as? Row }
        var rowKeys: [String] { list.subviews.compactMap { $0 is Row ? $0.placementKey : nil } }
    }

    @Test func theControllerRendersItsRootBeforeItFirstAppears() throws {
        let screen = try Screen()
        #expect(screen.list.renderCount == 1)
        #expect(screen.rowKeys == ["a", "b"])
        #expect((screen.controller.find("todos/a/title") as? Label)?.text == "Milk", "children are found by their reference path")
        #expect((screen.controller.find("todos/summary") as? Label)?.text == "2 to do")
        #expect(screen.controller.find("todos/b/title")?.path == "todos/b/title")
    }

    @Test func keptChildrenKeepTheirIdentityNewOnesAreAddedUnplacedOnesRemoved() throws {
        let screen = try Screen()
        let rowA = try #require(screen.row("a"))
        let rowB = try #require(screen.row("b"))
        try rowA.child(key: "note")!.enterText("buy two")   // internal state of row a

        screen.list.todos.append(["id": "c", "title": "Tea", "done": false])
        screen.controller.updateUI()
        #expect(screen.rowKeys == ["a", "b", "c"])
        #expect(screen.row("a") === rowA && screen.row("b") === rowB, "adding a row keeps the others")
        #expect((screen.controller.find("todos/a/note") as? TextField)?.text == "buy two", "with what was typed into them")

        screen.list.todos.removeAll { $0["id"]?.stringValue == "a" }
        screen.controller.updateUI()
        #expect(screen.rowKeys == ["b", "c"])
        #expect(screen.row("b") === rowB)
        #expect(screen.controller.find("todos/a") == nil && screen.controller.find("todos/a/title") == nil, "a removed row's subtree is unregistered")
        #expect(rowA.superview == nil && rowA.controller == nil)
    }

    @Test func theOrderOfTheChildrenFollowsThePlacementOrder() throws {
        let screen = try Screen()
        screen.list.todos.append(["id": "c", "title": "Tea"])
        screen.controller.updateUI()
        let rows = try ["a", "b", "c"].map { try #require(screen.row($0)) }
        screen.list.todos.reverse()
        _ = screen.controller.takeChangedElements()
        screen.controller.updateUI()
        #expect(screen.rowKeys == ["c", "b", "a"])
        #expect(screen.row("a") === rows[0] && screen.row("b") === rows[1] && screen.row("c") === rows[2], "reordering keeps every row")
        let changed = screen.controller.takeChangedElements()
        #expect(changed.contains { $0 === screen.list }, "the list reports its new order")
        #expect(!changed.contains { $0 === rows[1] }, "rows whose props did not change are not reported")
    }

    @Test func aKeptChildGetsNewPropsAndRendersOnlyWhenTheyChanged() throws {
        let screen = try Screen()
        let rowA = try #require(screen.row("a")), rowB = try #require(screen.row("b"))
        #expect(rowA.renderCount == 1 && rowB.renderCount == 1)
        screen.list.toggle("a")
        screen.controller.updateUI()
        #expect(rowA.props["done"] == true)
        #expect((screen.controller.find("todos/a/done") as? Switch)?.isOn == true)
        #expect(rowA.renderCount == 2, "its props changed")
        #expect(rowB.renderCount == 1, "its props did not")
    }

    @Test func functionPropsLetAChildTalkToItsParent() throws {
        let screen = try Screen()
        try screen.controller.find("todos/b/done")!.press(nil)
        screen.controller.updateUI()
        #expect(screen.list.todos[1]["done"] == true)
        #expect((screen.controller.find("todos/b/done") as? Switch)?.isOn == true)
        try screen.controller.find("todos/a/remove")!.press(nil)
        screen.controller.updateUI()
        #expect(screen.rowKeys == ["b"])
        #expect(screen.row("b")?.callProp("missing") == false, "calling a function prop nobody passed does nothing")
    }

    @Test func propsLinkedToAStateKeyFollowIt() throws {
        final class Parent: StateView {
            override func getInitialState() -> [String: StateValue] { ["selected": "Milk"] }
            override func render() {
                place(Child.self, key: "child").prop(forKey: "shown", isLinkedToKeyInState: "selected")
            }
        }
        final class Child: StateView {
            override func render() { place(Label.self, key: "label") { [unowned self] in $0.text = props["shown"]?.text ?? "-" } }
        }
        let parent = Parent(reference: "parent")
        parent.renderDeep()
        let label = try #require((parent.child(key: "child") as? StateView)?.child(key: "label") as? Label)
        #expect(label.text == "Milk")
        parent.state["selected"] = "Eggs"
        parent.renderIfNeeded()
        #expect(label.text == "Eggs")
        parent.state["selected"] = nil
        parent.renderIfNeeded()
        #expect((parent.child(key: "child") as? StateView)?.props["shown"] == .null, "a missing state key links to null")
        #expect(label.text == "")
    }

    @Test func manyStateChangesMakeOneRender() throws {
        let screen = try Screen()
        for index in 0..<5 { screen.list.state["extra"] = .integer(index) }
        screen.list.toggle("a")
        #expect(screen.list.renderCount == 1, "nothing renders until the update")
        #expect(screen.application.hasPendingUpdates, "the controller asked for one update")
        #expect(screen.application.performPendingUpdates() == 1)
        #expect(screen.list.renderCount == 2, "six changes, one render")
        #expect(screen.row("a")?.props["done"] == true)
    }

    @Test func aStateChangeInsideRenderDoesNotRenderAgain() throws {
        final class Restless: StateView {
            override func render() { state["renders"] = .integer(renderCount) }
        }
        let application = Application()
        let controller = try StateViewController(identifier: "Restless", rootView: Restless.self)
        application.push(controller)
        #expect(controller.rootView.renderCount == 1)
        #expect(!application.hasPendingUpdates)
        #expect(controller.rootView.state["renders"] == 1)
    }

    @Test func renderDeepRendersAHandAddedStateViewAndItsChildren() throws {
        let list = TodoList(reference: "list")
        let root = View(reference: "root")
        let controller = try ViewController(identifier: "Plain", view: root)
        try root.addSubview(list)
        list.renderDeep()
        #expect(list.renderCount == 1)
        #expect((controller.find("list/a") as? Row)?.renderCount == 1, "children render with it")
        #expect((controller.find("list/a/title") as? Label)?.text == "Milk")
    }

    @Test func aStateViewAttachedBeforeItsFirstRenderRendersAtTheNextUpdate() throws {
        let root = View(reference: "root")
        let controller = try ViewController(identifier: "Plain", view: root)
        let list = TodoList(reference: "list")
        try root.addSubview(list)
        #expect(list.renderCount == 0)
        controller.updateUI()
        #expect(list.renderCount == 1)
        #expect((controller.find("list/b/title") as? Label)?.text == "Eggs")
    }

    @Test func placingAnElementKeepsTheSameInstanceAndReplacesADifferentOne() throws {
        final class Holder: StateView {
            let kept = Label(reference: "whatever")
            var fresh = false
            override func render() {
                place(kept, key: "kept")
                place(Label(reference: "x"), key: fresh ? "fresh" : "made")
            }
        }
        let holder = Holder(reference: "holder")
        holder.renderDeep()
        #expect(holder.kept.reference == "holder/kept", "a placed element takes the reference path")
        let made = try #require(holder.child(key: "made"))
        holder.setNeedsRender()
        holder.renderDeep()
        #expect(holder.child(key: "kept") === holder.kept)
        #expect(holder.child(key: "made") !== made, "a new instance under a key replaces the old one")
        #expect(holder.subviews.count == 2)
    }

    @Test func aKeyPlacedTwiceInOneRenderPlacesOneChild() throws {
        final class Twice: StateView {
            override func render() {
                place(Label.self, key: "same") { $0.text = "first" }
                place(Label.self, key: "same") { $0.text = "second" }
            }
        }
        let view = Twice(reference: "twice")
        view.renderDeep()
        #expect(view.subviews.count == 1)
        #expect((view.child(key: "same") as? Label)?.text == "second")
    }

    @Test func aChangedTypeUnderAKeyMakesANewChild() throws {
        final class Switching: StateView {
            override func render() {
                if state["asButton"]?.boolValue == true { place(Button.self, key: "item") } else { place(Label.self, key: "item") }
            }
        }
        let root = View(reference: "root")
        let controller = try ViewController(identifier: "Plain", view: root)
        let view = Switching(reference: "switching")
        try root.addSubview(view)
        controller.updateUI()
        #expect(controller.find("switching/item") is Label)
        view.state["asButton"] = true
        controller.updateUI()
        #expect(controller.find("switching/item") is Button)
        #expect(view.subviews.count == 1)
    }

    @Test func keysWithSlashesAreEscapedInReferences() throws {
        let view = StateView(reference: "files")
        #expect(view.childReference("a/b") == "files/a%2Fb")
        #expect(view.childReference("100%") == "files/100%25")
        #expect(StateView().childReference("plain") == "plain", "an anonymous state view's children are found by key")
    }

    @Test func aChildWhoseReferenceIsTakenIsLeftOutAndReported() throws {
        final class Clashing: StateView {
            override func render() { place(Label.self, key: "taken"); place(Label.self, key: "free") }
        }
        let application = Application()
        var warnings: [String] = []
        application.eventHandler = { if case .warning(let message) = $0 { warnings.append(message) } }
        let view = Clashing(reference: "clash")
        let controller = try ViewController(identifier: "Clash", view: View(reference: "root", subviews: [Label(reference: "clash/taken"), view]))
        application.push(controller)
        #expect(view.subviews.map(\.reference) == ["clash/free"])
        #expect(warnings.count == 1 && warnings[0].contains("clash/taken"), "\(warnings)")
    }
}
