import SlamUI

/// Two screens written in Swift: Home (a counter bound to the shared state, a push to Settings)
/// and Settings (a switch whose change task is misspelt on purpose, for `--check` to find).
enum HostedApplication {
    static func make() throws -> Application {
        let application = Application()
        application.state.set(["count": 0, "notify": false, "remembered": 0])
        application.addTask(name: "remember") { [unowned application] _ in
            application.state["remembered"] = .integer((application.state["remembered"]?.integerValue ?? 0) + 1)
        }
        application.registerController(identifier: "Home") { [unowned application] () throws(SlamError) -> ViewController in
            try home(state: application.state)
        }
        application.registerController(identifier: "Settings") { [unowned application] () throws(SlamError) -> ViewController in
            try settings(state: application.state)
        }
        try application.start(with: "Home")
        return application
    }

    static func home(state: StateStore) throws(SlamError) -> ViewController {
        let count = Label(reference: "count")
        try? count.bind(property: "text", to: StateBinding(parsing: "Count: {count}"), in: state)
        let plus = Button(reference: "plus")
        plus.text = "+1"
        plus.task = "increment"
        plus.param = "count"
        let open = Button(reference: "openSettings")
        open.text = "Settings"
        open.task = "push"
        open.param = "Settings"
        return try ViewController(identifier: "Home", title: "Home", view: View(reference: "root", subviews: [count, plus, open]))
    }

    static func settings(state: StateStore) throws(SlamError) -> ViewController {
        let notify = Switch(reference: "notify")
        notify.accessibilityLabel = "Notifications"
        try? notify.bind(property: "isOn", to: StateBinding(parsing: "notify"), in: state)
        notify.changeTask = ChangeTask(name: "remeber")
        let back = Button(reference: "back")
        back.text = "Back"
        back.task = "pop"
        return try ViewController(identifier: "Settings", title: "Settings", view: View(reference: "root", subviews: [notify, back]))
    }
}
