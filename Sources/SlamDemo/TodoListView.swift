import SlamUI

/// The demo's to-do screen, built with a state view: a text field and an Add
/// button, one keyed row per to-do, and a summary.
///
/// The list lives in the application's shared state under `todos` (records
/// `{id, title, done}`), so a client can read it or replace it with `state.set`
/// and the rows reconcile by id: untouched rows keep their identity (and what
/// was typed into their note field). References: `draft`, `add`, `summary`, and
/// per row `<id>`, `<id>/done`, `<id>/title`, `<id>/note`, `<id>/remove`.
public final class TodoListView: StateView {
    /// The shared state holding `todos` (set by ``makeController(state:)``).
    private(set) weak var store: StateStore?

    public override func getInitialState() -> [String: StateValue] {
        ["todos": [], "draft": ""]
    }

    /// The controller the demo registers as `Todos`, its list mirrored from `state`.
    public static func makeController(state store: StateStore) throws(SlamError) -> StateViewController {
        let view = TodoListView()
        view.store = store
        store.bindable("todos").addChangeListener(view, alertNow: true) { [unowned view] todos in
            view.state["todos"] = todos
        }
        return try StateViewController(identifier: "Todos", title: "To-do", rootView: view)
    }

    var todos: [StateValue] { state["todos"]?.listValue ?? [] }
    var draft: String { state["draft"]?.stringValue ?? "" }

    public override func render() {
        place(TextField.self, key: "draft") { [unowned self] field in
            field.placeholder = "Something to do"
            field.accessibilityLabel = "New to-do"
            field.text = draft
            field.editingChangedBlock = { [unowned self] text in state["draft"] = .string(text) }
        }
        place(Button.self, key: "add") { [unowned self] button in
            button.text = "Add"
            button.isEnabled = !draft.trimmingWhitespace.isEmpty
            button.pressActionBlock = { [unowned self] in add() }
        }
        for todo in todos {
            guard let id = todo["id"]?.stringValue else { continue }
            let row = place(TodoRowView.self, key: id)
            row.prop(forKey: "title", is: todo["title"] ?? "")
            row.prop(forKey: "done", is: .bool(todo["done"]?.isTruthy ?? false))
            row.prop(forKey: "toggle") { [unowned self] _ in toggle(id) }
            row.prop(forKey: "remove") { [unowned self] _ in remove(id) }
        }
        let open = todos.filter { !($0["done"]?.isTruthy ?? false) }.count
        place(Label.self, key: "summary") { [unowned self] in
            $0.text = todos.isEmpty ? "Nothing to do" : "\(open) of \(todos.count) to do"
        }
    }

    func add() {
        let title = draft.trimmingWhitespace
        guard !title.isEmpty else { return }
        let used = Set(todos.compactMap { $0["id"]?.stringValue })
        let id = (1...).lazy.map { "t\($0)" }.first { !used.contains($0) }!
        state["draft"] = ""
        write(todos + [["id": .string(id), "title": .string(title), "done": false]])
    }

    func toggle(_ id: String) {
        write(todos.map { todo in
            guard todo["id"]?.stringValue == id, case .record(var members) = todo else { return todo }
            members["done"] = .bool(!(members["done"]?.isTruthy ?? false))
            return .record(members)
        })
    }

    func remove(_ id: String) {
        write(todos.filter { $0["id"]?.stringValue != id })
    }

    /// Changes go through the shared state (the one source of truth), which updates `state` back.
    private func write(_ newTodos: [StateValue]) {
        if let store {
            store.set("todos", .list(newTodos))
        } else {
            state["todos"] = .list(newTodos)
        }
    }
}

/// One to-do: a switch for done, its title, a note field and a remove button.
/// Props: `title`, `done`; function props `toggle`, `remove`.
public final class TodoRowView: StateView {
    public override func render() {
        axis = .horizontal
        let title = props["title"]?.text ?? ""
        place(Switch.self, key: "done") { [unowned self] toggle in
            toggle.isOn = props["done"]?.isTruthy ?? false
            toggle.accessibilityLabel = "Done: \(title)"
            toggle.pressActionBlock = { [unowned self] in callProp("toggle") }
        }
        place(Label.self, key: "title") { $0.text = title }
        place(TextField.self, key: "note") { field in
            field.placeholder = "Note"
            field.accessibilityLabel = "Note for \(title)"
        }
        place(Button.self, key: "remove") { [unowned self] button in
            button.text = "Remove"
            button.accessibilityLabel = "Remove \(title)"
            button.pressActionBlock = { [unowned self] in callProp("remove") }
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
