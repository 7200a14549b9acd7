import SlamUI

/// A keyed list of `items` records (`id`, `title`, `done`), one ``ItemRow`` per
/// item — the shape of a to-do or inbox screen built with state views.
final class ItemListView: StateView {
    override func getInitialState() -> [String: StateValue] { ["items": []] }

    static func item(id: Int, title: String, done: Bool = false) -> StateValue {
        ["id": .string("i\(id)"), "title": .string(title), "done": .bool(done)]
    }

    var items: [StateValue] {
        get { state["items"]?.listValue ?? [] }
        set { state["items"] = .list(newValue) }
    }

    override func render() {
        for item in items {
            guard let id = item["id"]?.stringValue else { continue }
            let row = place(ItemRow.self, key: id)
            row.prop(forKey: "title", is: item["title"] ?? "")
            row.prop(forKey: "done", is: item["done"] ?? false)
            row.prop(forKey: "toggle") { [unowned self] _ in toggle(id) }
        }
        place(Label.self, key: "summary") { [unowned self] in $0.text = "\(items.count) items" }
    }

    private func toggle(_ id: String) {
        items = items.map { item in
            guard item["id"]?.stringValue == id, case .record(var members) = item else { return item }
            members["done"] = .bool(!(members["done"]?.boolValue ?? false))
            return .record(members)
        }
    }
}

/// One row: its title in a label, `done` in a switch that calls back the parent.
final class ItemRow: StateView {
    override func render() {
        place(Label.self, key: "title") { [unowned self] in $0.text = props["title"]?.text ?? "" }
        place(Switch.self, key: "done") { [unowned self] in
            $0.isOn = props["done"]?.boolValue ?? false
            $0.pressActionBlock = { [unowned self] in callProp("toggle") }
        }
    }
}
