/// Named actions any element or client can run (the seed's `SlamTask`):
/// `addTask(name:action:)` registers, `runTask(name:param:)` invokes.
///
/// One registry belongs to each ``Application``; it starts with the predefined
/// tasks `pop`, `push` and `url` (see ``Application``).
public final class TaskRegistry {
    /// A task's action; it receives the optional parameter and may fail.
    public typealias Action = (_ param: String?) throws -> Void

    private var actions: [String: Action] = [:]
    /// Called after each task that ran successfully, for event reporting.
    var didRun: ((String, String?) -> Void)?

    public init() {}

    /// Registers `action` under `name`, replacing a task of the same name.
    public func addTask(name: String, action: @escaping Action) {
        actions[name] = action
    }

    /// Removes a task; returns whether it existed.
    @discardableResult
    public func removeTask(name: String) -> Bool {
        actions.removeValue(forKey: name) != nil
    }

    /// The registered task names, sorted.
    public var names: [String] { actions.keys.sorted() }

    public func contains(_ name: String) -> Bool { actions[name] != nil }

    /// Runs the task `name` with `param`.
    ///
    /// - Throws: ``SlamError/unknownTask(name:)``; a ``SlamError`` thrown by the action
    ///   as is; any other error as ``SlamError/taskFailed(name:reason:)``.
    public func runTask(name: String, param: String? = nil) throws(SlamError) {
        guard let action = actions[name] else { throw .unknownTask(name: name) }
        do {
            try action(param)
        } catch let error as SlamError {
            throw error
        } catch {
            throw .taskFailed(name: name, reason: String(describing: error))
        }
        didRun?(name, param)
    }
}
