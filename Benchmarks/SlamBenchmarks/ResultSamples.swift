import SlamJSON
import SlamProtocol

/// Results and events as the daemon writes them on every request or change (the navigation
/// stack, a change, a task's outcome, a recorder's action), for ``ProfileRun``'s `encode`.
struct ResultSamples {
    let stack = [
        ControllerEntry(id: "home", title: "Home", modal: false),
        ControllerEntry(id: "settings", title: "Settings", modal: false),
        ControllerEntry(id: "confirm", title: "Are you sure?", modal: true),
    ]
    let screens = [
        ScreenEntry(id: "home", title: "Home", onStack: true),
        ScreenEntry(id: "about", title: "About", onStack: false),
    ]
    let changes = Changes(controller: "home", changed: ["count", "progress", "status"])
    let task = TaskOutcome(task: "increment", param: nil, top: "home")
    let reset = ResetOutcome(top: "home", stateKeys: 4)
    let entry = StateEntry(key: "count", value: .integer(42))
    let focus = FocusChangedEvent(controller: "home", ref: "name", previous: nil)
    let action = ActionEvent(method: "press", ref: ElementLocator("increment"), controller: "home", params: [:], client: 3)
    let taskRan = TaskRanEvent(name: "increment", param: "1")
    let taskRun = TaskRunRequest(name: "save", param: nil, ref: "saveButton", controller: "home")
    let screen = UIScreen(screen: 1, id: "home", title: "Home", modal: false)

    /// Writes every sample to text once.
    func encodeAll() {
        write(stack.jsonNode())
        write(screens.jsonNode())
        write(NavigatedEvent(stack: stack, top: "confirm").jsonNode())
        write(changes.jsonNode())
        write(task.jsonNode())
        write(reset.jsonNode())
        write(entry.jsonNode())
        write(focus.jsonNode())
        write(action.jsonNode())
        write(taskRan.jsonNode())
        write(taskRun.jsonNode())
        write(screen.jsonNode())
    }

    private func write(_ node: consuming JSONNode) {
        guard let bytes = try? node.serialized(), !bytes.isEmpty else { fatalError("a sample did not encode") }
    }
}
