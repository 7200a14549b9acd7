/// A value that tells its listeners when it changes. Read-only here:
/// ``BindableValue`` can be written, ``CalculatedValue`` only recalculates.
public class ObservableValue<Value>: Updateable {
    fileprivate(set) var storage: Value
    private var changeListeners = ListenerList<Value>()
    private let broadcaster = UpdateBroadcaster()

    init(_ value: Value) {
        storage = value
    }

    /// The current value.
    public var value: Value { storage }

    /// Calls `listener` with the new value after every change, until `owner`
    /// is gone or calls ``removeChangeListener(_:)``.
    /// - Parameter alertNow: also call it at once with the current value.
    public func addChangeListener(_ owner: AnyObject, alertNow: Bool = false, listener: @escaping (Value) -> Void) {
        changeListeners.add(owner: owner, listener)
        if alertNow { listener(storage) }
    }

    /// Stops every change listener `owner` added.
    public func removeChangeListener(_ owner: AnyObject) {
        changeListeners.remove(owner: owner)
    }

    /// Calls `listener` (without the value) after every change; `alertNow` also calls it once now.
    public func addAnyUpdateListener(_ owner: AnyObject, alertNow: Bool, listener: @escaping () -> Void) {
        broadcaster.addAnyUpdateListener(owner, alertNow: alertNow, listener: listener)
    }

    /// Stops every any-update listener `owner` added.
    public func removeAnyUpdateListener(_ owner: AnyObject) {
        broadcaster.removeAnyUpdateListener(owner)
    }

    /// Listeners with a live owner, for tests and diagnostics.
    public var listenerCount: Int { changeListeners.count + broadcaster.count }

    /// What this value is calculated from: nothing for a plain value.
    public var dependencies: [any Updateable] { [] }

    /// Stores `newValue` and notifies: change listeners first, then any-update listeners.
    func publish(_ newValue: Value) {
        storage = newValue
        broadcaster.notify { for listener in changeListeners.live() { listener(newValue) } }
    }
}

/// Where bindings report what they refused at run time (a change that came
/// back round to its own source). Tests and the daemon may install a handler.
public enum BindingDiagnostics {
    nonisolated(unsafe) public static var handler: (BindingError) -> Void = { _ in }

    static func report(_ error: BindingError) {
        handler(error)
    }
}
