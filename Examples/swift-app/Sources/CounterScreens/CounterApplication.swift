import SlamUI

/// The app: a counter (a state view) and an About screen (a binding), sharing `count` and
/// `clears` through the application's state.
///
/// Tasks a client can run, or an element names: the state tasks every application has
/// (`increment`, `set`, …), `clear` registered here, and `push`/`pop` between the screens.
public enum CounterApplication {
    /// A new application on its first screen: what `counter-app` serves and every `reset` rebuilds.
    public static func make() throws -> Application {
        let application = Application()
        application.state.set(["count": 0, "clears": 0])
        application.addTask(name: "clear") { [unowned application] _ in
            application.state["count"] = 0
            application.state["clears"] = .integer((application.state["clears"]?.integerValue ?? 0) + 1)
        }
        application.registerController(identifier: "Counter") { [unowned application] () throws(SlamError) -> ViewController in
            try CounterView.makeController(state: application.state)
        }
        application.registerController(identifier: "About") { [unowned application] () throws(SlamError) -> ViewController in
            try AboutScreen.makeController(state: application.state)
        }
        try application.start(with: "Counter")
        return application
    }
}
