import SlamUI

/// The first screen, a state view: the count, +1, Clear and a push to About.
///
/// It mirrors the shared `count` into its own state and renders from it, so a client that sets
/// `count` (`state.set`) sees the label follow. References: `count`, `plus`, `clear`, `openAbout`.
public final class CounterView: StateView {
    public override func getInitialState() -> [String: StateValue] { ["count": 0] }

    /// The controller registered as `Counter`, its count mirrored from `store`.
    public static func makeController(state store: StateStore) throws(SlamError) -> StateViewController {
        let view = CounterView()
        store.bindable("count").addChangeListener(view, alertNow: true) { [unowned view] count in
            view.state["count"] = count
        }
        return try StateViewController(identifier: "Counter", title: "Counter", rootView: view)
    }

    public override func render() {
        let count = state["count"]?.integerValue ?? 0
        place(Label.self, key: "count") { $0.text = "Count: \(count)" }
        place(Button.self, key: "plus") {
            $0.text = "+1"
            $0.task = "increment"
            $0.param = "count"
        }
        place(Button.self, key: "clear") {
            $0.text = "Clear"
            $0.isEnabled = count != 0
            $0.task = "clear"
        }
        place(Button.self, key: "openAbout") {
            $0.text = "About"
            $0.task = "push"
            $0.param = "About"
        }
    }
}
