/// A controller whose root view is a state view (the seed's StateViewController):
/// the root renders before the controller first appears, and every state
/// change re-renders it within the controller's next update.
///
/// ```swift
/// let controller = try StateViewController(identifier: "Todos", title: "To-do", rootView: TodoList())
/// application.push(controller)
/// controller.rootView.state["filter"] = "open"   // re-rendered before the next reply
/// ```
///
/// The seed assigns `rootView` in `viewDidLoad`; here a controller's root view is
/// fixed when it is created, so the state view is given to the initializer.
open class StateViewController: ViewController {
    /// The state view at the root of this controller.
    public let rootView: StateView

    /// Creates a controller showing `rootView`, which renders before the controller first appears.
    public init(identifier: String, title: String = "", rootView: StateView) throws(SlamError) {
        self.rootView = rootView
        try super.init(identifier: identifier, title: title, view: rootView)
    }

    /// Creates the root state view from its type (anonymous: its children are found by their keys).
    public convenience init(identifier: String, title: String = "", rootView type: StateView.Type) throws(SlamError) {
        try self.init(identifier: identifier, title: title, rootView: type.init(reference: ""))
    }
}
