import SlamUI

/// The second screen, pushed from the counter: labels bound to the shared state, and Back.
/// References: `summary`, `back`.
public enum AboutScreen {
    /// The controller registered as `About`.
    public static func makeController(state: StateStore) throws(SlamError) -> ViewController {
        let summary = Label(reference: "summary")
        // A binding's text is fixed here, so it cannot fail at run time; the tests read the label it fills.
        try? summary.bind(property: "text", to: StateBinding(parsing: "Counted to {count}, cleared {clears} times"), in: state)
        let back = Button(reference: "back")
        back.text = "Back"
        back.task = "pop"
        return try ViewController(identifier: "About", title: "About", view: View(reference: "root", subviews: [summary, back]))
    }
}
