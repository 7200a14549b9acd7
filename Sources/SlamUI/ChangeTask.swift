/// What runs when a person changes an element's value (a field's text, a switch, a stepper, a
/// selection): a task, by name, with its param, run with the element as its sender, as a press runs
/// a button's `task`. A storyboard declares it as `changeTask`, `changeParam` and `changeDebounceMs`.
///
/// A change made by code (a data source, a binding, `state.set`) runs nothing: only what a person
/// does. Text waits for a pause in typing (``View/defaultChangeDebounceMilliseconds``: 300 ms for a
/// text field) so that typing "120" runs the task once, not three times; a control's change runs it at once.
/// The host decides when due tasks run (the daemon: see Protocol/README.md, "Reacting to input");
/// an application without one runs them with ``Application/runDueChangeTasks()``.
public struct ChangeTask: Sendable, Equatable {
    /// The task to run.
    public var name: String
    /// Its param (`nil`: none).
    public var param: String?
    /// How long the value must stay unchanged before the task runs, in milliseconds; nil: the
    /// element type's ``View/defaultChangeDebounceMilliseconds``; 0 runs it on every change.
    public var debounceMilliseconds: Int?

    /// A change task running the task `name` with `param`; nil `debounceMilliseconds`: the element type's default.
    public init(name: String, param: String? = nil, debounceMilliseconds: Int? = nil) {
        self.name = name
        self.param = param
        self.debounceMilliseconds = debounceMilliseconds
    }

    /// The longest pause a storyboard may ask for (a minute: longer is a mistake, not a pause).
    public static let maximumDebounceMilliseconds = 60_000
}

extension View {
    /// How long this element's change task waits for its value to stay unchanged, in milliseconds.
    public var changeDebounceMilliseconds: Int {
        changeTask?.debounceMilliseconds ?? Self.defaultChangeDebounceMilliseconds
    }

    /// The values a person can change on this element now (its ``userInputProperties``), to tell whether a press changed them.
    var userInputValues: [PropertyValue] {
        let type = Swift.type(of: self)
        let names = type.userInputProperties
        guard !names.isEmpty else { return [] }
        return type.properties.filter { names.contains($0.name) }.map { $0.read(self) }
    }

    /// A person changed this element's value: its change task, if it has one, is due.
    func userChangedValue() {
        guard changeTask != nil, let application = controller?.application else { return }
        application.changeTaskBecameDue(for: self)
    }
}

extension Application {
    /// Marks `element`'s change task due (once, however many changes come before the host takes it).
    func changeTaskBecameDue(for element: View) {
        if !dueChangeTasks.contains(where: { $0 === element }) { dueChangeTasks.append(element) }
    }

    /// Whether a person's change made a change task due that the host has not taken yet.
    public var hasDueChangeTasks: Bool { !dueChangeTasks.isEmpty }

    /// The elements whose change task a person's change made due, in the order of their first change; forgotten here.
    public func takeDueChangeTasks() -> [View] {
        defer { dueChangeTasks.removeAll() }
        return dueChangeTasks
    }

    /// Runs `element`'s change task now, with the element as its sender (``TaskRegistry/currentSender``).
    ///
    /// - Throws: what ``runTask(name:param:sender:)`` throws; nothing when the element has no change task.
    public func runChangeTask(of element: View) throws(SlamError) {
        guard let task = element.changeTask else { return }
        try runTask(name: task.name, param: task.param, sender: element)
    }

    /// Runs every due change task now, pauses or not (for an application hosted without a scheduler);
    /// stops at the first that fails.
    public func runDueChangeTasks() throws(SlamError) {
        for element in takeDueChangeTasks() { try runChangeTask(of: element) }
    }
}
