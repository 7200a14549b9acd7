import Testing
import SlamUI

/// The application's shared state: the store, element properties bound to keys
/// and templates (with user input written back), and the built-in state tasks.
@Suite struct SharedStateTests {
    /// A shown controller with elements bound to the application's state.
    struct Screen {
        let application = Application()
        let controller: ViewController
        let count = Label(reference: "count")
        let wifi = Switch(reference: "wifi")
        let todos = SingleItemTableView(reference: "todos")
        let save = Button(reference: "save")
        let draft = TextField(reference: "draft")

        init() throws {
            controller = try ViewController(identifier: "Home", view: View(reference: "root", subviews: [count, wifi, todos, save, draft]))
            let state = application.state
            state.set(["count": 0, "wifi": true, "todos": ["Milk", ["title": "Eggs", "done": true]], "busy": false])
            try count.bind(property: "text", to: StateBinding(parsing: "Count: {count}"), in: state)
            try wifi.bind(property: "isOn", to: StateBinding(parsing: "wifi"), in: state)
            try todos.bind(property: "items", to: StateBinding(parsing: "todos"), in: state)
            try todos.bind(property: "selectedRow", to: StateBinding(parsing: "selected"), in: state)
            try save.bind(property: "enabled", to: StateBinding(parsing: "!busy"), in: state)
            try draft.bind(property: "text", to: StateBinding(parsing: "draft"), in: state)
            application.push(controller)
            _ = state.takeChangedKeys()
        }
    }

    @Test func boundPropertiesShowTheState() throws {
        let screen = try Screen()
        #expect(screen.count.text == "Count: 0")
        #expect(screen.wifi.isOn)
        #expect(screen.todos.rows == ["Milk", "Eggs"], "a record shows its title")
        #expect(screen.save.isEnabled, "!busy")
        #expect(screen.draft.text == "", "a missing key reads as nothing")
    }

    @Test func aStateChangeUpdatesTheControllerOnceForManyChanges() throws {
        let screen = try Screen()
        screen.application.state["count"] = 1
        screen.application.state["count"] = 2
        screen.application.state["busy"] = true
        #expect(screen.count.text == "Count: 0", "nothing is pulled before the update")
        #expect(screen.application.performPendingUpdates() == 1)
        #expect(screen.count.text == "Count: 2")
        #expect(!screen.save.isEnabled)
        #expect(screen.application.state.takeChangedKeys() == ["count", "busy"])
    }

    @Test func settingTheSameValueChangesNothing() throws {
        let screen = try Screen()
        #expect(screen.application.state.set("count", 0) == false)
        #expect(!screen.application.hasPendingUpdates)
        #expect(screen.application.state.takeChangedKeys().isEmpty)
    }

    @Test func userInputIsWrittenBackToItsKey() throws {
        let screen = try Screen()
        try screen.wifi.press(nil)
        #expect(screen.application.state["wifi"] == false)
        try screen.draft.enterText("Tea")
        #expect(screen.application.state["draft"] == "Tea")
        try screen.todos.press(.index(1))
        #expect(screen.application.state["selected"] == 1)
        #expect(screen.application.state.takeChangedKeys() == ["wifi", "draft", "selected"])
    }

    @Test func bindingMistakesAreRefusedWithAReason() throws {
        let store = StateStore()
        #expect(throws: StateBindingError.unknownProperty(property: "colour", type: "Label", bindable: ["visible", "text"])) {
            try Label(reference: "l").bind(property: "colour", to: .key("c", negated: false), in: store)
        }
        #expect(throws: StateBindingError.templateNeedsText(property: "isOn", kind: "boolean")) {
            try Switch(reference: "s").bind(property: "isOn", to: StateBinding(parsing: "on: {x}"), in: store)
        }
        #expect(throws: StateBindingError.negationNeedsBoolean(property: "text", kind: "string")) {
            try Label(reference: "l").bind(property: "text", to: StateBinding(parsing: "!x"), in: store)
        }
        #expect(throws: StateBindingError.unclosedPlaceholder(template: "Count: {count")) { try StateBinding(parsing: "Count: {count") }
        #expect(throws: StateBindingError.unopenedPlaceholder(template: "a } b")) { try StateBinding(parsing: "a } b") }
        #expect(throws: StateBindingError.notAKey(binding: "two words")) { try StateBinding(parsing: "two words") }
        #expect(throws: StateBindingError.emptyKey(binding: "!")) { try StateBinding(parsing: "!") }
    }

    @Test func templatesWriteBracesAndMissingKeysAsNothing() throws {
        let store = StateStore()
        store["n"] = 3
        store["user"] = ["name": "Ada"]
        let template = try StateBinding.Template(parsing: "{{n}} = {n}, {missing}{user}")
        #expect(template.render(store) == #"{n} = 3, {"name":"Ada"}"#)
        #expect(template.keys == ["n", "missing", "user"])
    }

    @Test func builtInTasksChangeTheState() throws {
        let application = Application()
        let state = application.state
        try application.runTask(name: "increment", param: "count")
        try application.runTask(name: "increment", param: "count=5")
        try application.runTask(name: "increment", param: "count=-2")
        #expect(state["count"] == 4)
        try application.runTask(name: "increment", param: "ratio=0.5")
        #expect(state["ratio"] == 0.5)
        try application.runTask(name: "toggle", param: "wifi")
        #expect(state["wifi"] == true)
        try application.runTask(name: "toggle", param: "wifi")
        #expect(state["wifi"] == false)
        try application.runTask(name: "set", param: "mode=dark")
        try application.runTask(name: "set", param: "limit=10")
        try application.runTask(name: "set", param: "label=Count is {count}")
        try application.runTask(name: "set", param: "copy={count}")
        try application.runTask(name: "set", param: "quoted=\"10\"")
        #expect(state["mode"] == "dark" && state["limit"] == 10 && state["label"] == "Count is 4")
        #expect(state["copy"] == 4 && state["quoted"] == "10")
        state["draft"] = "Milk"
        try application.runTask(name: "append", param: "todos={draft}")
        try application.runTask(name: "append", param: "todos=Eggs")
        try application.runTask(name: "append", param: "todos=Tea")
        #expect(state["todos"] == ["Milk", "Eggs", "Tea"])
        try application.runTask(name: "remove", param: "todos=Eggs")
        #expect(state["todos"] == ["Milk", "Tea"])
        state["selected"] = 0
        try application.runTask(name: "remove", param: "todos[{selected}]")
        #expect(state["todos"] == ["Tea"])
    }

    @Test func builtInTasksRefuseWhatTheyCannotDo() throws {
        let application = Application()
        application.state["name"] = "Ada"
        application.state["todos"] = ["Tea"]
        func failure(_ task: String, _ param: String?) -> String? {
            do {
                try application.runTask(name: task, param: param)
                return nil
            } catch {
                guard case .taskFailed(let name, let reason) = error, name == task else { return "unexpected \(error)" }
                return reason
            }
        }
        #expect(failure("increment", "name")?.contains("'name' holds a string") == true)
        #expect(failure("increment", "count=many")?.contains("must be a number") == true)
        #expect(failure("append", "name=x")?.contains("not a list") == true)
        #expect(failure("append", "todos={draft}")?.contains("nothing to append") == true)
        #expect(failure("remove", "todos[3]")?.contains("no item 3") == true)
        #expect(failure("remove", "todos[{selected}]")?.contains("none selected") == true)
        #expect(failure("set", "name")?.contains("key=value") == true)
        #expect(failure("toggle", nil)?.contains("needs a param") == true)
        #expect(application.state["todos"] == ["Tea"], "a failed task changes nothing")
    }

    /// What storyboard checks rely on: the keys a built-in task's param writes and reads, and the params it always refuses.
    @Test func aStateTaskParamNamesItsKeysWithoutRunning() throws {
        func keys(_ task: String, _ param: String?) throws -> [String]? {
            try Application.stateTaskKeys(task: task, param: param).map { [$0.written] + $0.read }
        }
        #expect(try keys("set", "label=Count is {count} of {limit}") == ["label", "count", "limit"])
        #expect(try keys("append", "todos={draft}") == ["todos", "draft"])
        #expect(try keys("toggle", "wifi") == ["wifi"])
        #expect(try keys("increment", "count") == ["count"])
        #expect(try keys("increment", "count={step}") == ["count", "step"])
        #expect(try keys("remove", "todos[{selected}]") == ["todos", "selected"])
        #expect(try keys("remove", "todos=Eggs") == ["todos"])
        #expect(try keys("set", "brace={{not a key}}") == ["brace"])
        #expect(try keys("push", "Settings") == nil, "not a state task")
        #expect(throws: SlamError.taskFailed(name: "set", reason: "its param is key=value, got \"name\"")) { try keys("set", "name") }
        #expect(throws: SlamError.self) { try keys("toggle", nil) }
        #expect(throws: SlamError.self) { try keys("remove", "=x") }
        #expect(Application().state.keys.isEmpty, "nothing ran")
    }

    @Test func aBoundElementRemovedFromItsControllerStopsAskingForUpdates() throws {
        let screen = try Screen()
        screen.count.removeFromSuperview()
        screen.application.state["count"] = 9
        #expect(!screen.application.hasPendingUpdates)
    }
}
