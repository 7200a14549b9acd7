/// Named actions any element or client can run (the seed's `SlamTask`):
/// `addTask(name:action:)` registers, `runTask(name:param:)` invokes.
///
/// One registry belongs to each ``Application``; it starts with the predefined
/// tasks `pop`, `push` and `url` (see ``Application``).
public final class TaskRegistry {
    /// A task's action; it receives the optional parameter and may fail.
    public typealias Action = (_ param: String?) throws -> Void

    private var actions: [String: Action] = [:]
    /// Tasks whose action only starts the work: whoever finishes it calls ``reportFinished(name:param:)``.
    private var finishedElsewhere: Set<String> = []
    /// The elements whose press runs the tasks running now, innermost last.
    private var senders: [View?] = []
    /// Called after each task that ran successfully, for event reporting.
    var didRun: ((String, String?) -> Void)?

    /// Creates an empty registry (an ``Application`` makes its own, with the predefined tasks).
    public init() {}

    /// Registers `action` under `name`, replacing a task of the same name.
    public func addTask(name: String, action: @escaping Action) {
        actions[name] = action
        finishedElsewhere.remove(name)
    }

    /// Registers a task whose `action` only starts it (another process finishes it later).
    ///
    /// Running it reports nothing by itself: the host calls ``reportFinished(name:param:)``
    /// once the work succeeded, so `taskRan` is told only of work that was done.
    public func addStartedTask(name: String, action: @escaping Action) {
        actions[name] = action
        finishedElsewhere.insert(name)
    }

    /// Reports that a task added with ``addStartedTask(name:action:)`` finished its work.
    public func reportFinished(name: String, param: String?) {
        didRun?(name, param)
    }

    /// Removes a task; returns whether it existed.
    @discardableResult
    public func removeTask(name: String) -> Bool {
        finishedElsewhere.remove(name)
        return actions.removeValue(forKey: name) != nil
    }

    /// The registered task names, sorted.
    public var names: [String] { actions.keys.sorted() }

    /// Whether a task named `name` is registered.
    public func contains(_ name: String) -> Bool { actions[name] != nil }

    /// The element whose press runs the current task, while its action runs (nil: not a press, or no task running).
    public var currentSender: View? { senders.last ?? nil }

    /// Runs the task `name` with `param`; `sender` is the element whose press runs it, if any.
    ///
    /// - Throws: ``SlamError/unknownTask(name:)``; a ``SlamError`` thrown by the action
    ///   as is; any other error as ``SlamError/taskFailed(name:reason:)``.
    public func runTask(name: String, param: String? = nil, sender: View? = nil) throws(SlamError) {
        guard let action = actions[name] else { throw .unknownTask(name: name) }
        senders.append(sender)
        defer { senders.removeLast() }
        do {
            try action(param)
        } catch let error as SlamError {
            throw error
        } catch {
            throw .taskFailed(name: name, reason: String(describing: error))
        }
        if !finishedElsewhere.contains(name) { didRun?(name, param) }
    }
}
