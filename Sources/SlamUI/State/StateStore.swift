/// The application's shared, named state: bindable values that storyboards bind
/// element properties to, built-in tasks change, and clients read and write over
/// the protocol (`state.get`, `state.set`, `state.list`).
///
/// Setting a key to the value it already has changes nothing and notifies no one;
/// any other change notifies the key's listeners (bound elements ask their
/// controller for one coalesced update) and is remembered until the host takes
/// it with ``takeChangedKeys()`` (the daemon's `stateChanged` event).
///
/// ```swift
/// application.state["count"] = 0
/// label.bind(property: "text", to: .template("Count: {count}"), in: application.state)
/// application.state["count"] = 1   // the label's controller updates once, soon
/// ```
public final class StateStore {
    private var values: [String: BindableValue<StateValue>] = [:]
    /// (Read after every request, on the host's thread only: unchecked, as the run-time exclusivity check costs more than the read.)
    @exclusivity(unchecked) private var changedKeys: [String] = []
    private var changedKeySet: Set<String> = []
    /// Called when a key changes while no change is waiting to be taken, so a
    /// host can announce changes the app made outside any request (the daemon
    /// schedules a turn of its loop).
    public var changesPendingHandler: (() -> Void)?

    /// An empty store: every key reads nil until it is set.
    public init() {}

    /// The value under `key`, nil when the key was never set. Setting nil is not
    /// allowed to mean "remove" (bound elements would lose their source): it stores null.
    public subscript(key: String) -> StateValue? {
        get { values[key]?.value }
        set { set(key, newValue ?? .null) }
    }

    /// Stores `value` under `key`; returns whether anything changed.
    @discardableResult
    public func set(_ key: String, _ value: StateValue) -> Bool {
        if let bindable = values[key] {
            guard bindable.value != value else { return false }
            recordChange(key)
            bindable.value = value
        } else {
            recordChange(key)
            values[key] = BindableValue(value)
        }
        return true
    }

    /// Stores several values; listeners of each changed key hear once.
    public func set(_ newValues: [String: StateValue]) {
        for (key, value) in newValues.sorted(by: { $0.key < $1.key }) { set(key, value) }
    }

    /// The bindable value behind `key` (created holding null when missing), for
    /// bindings: `store.bindable("count").transform { "Count: \($0.text)" }`.
    public func bindable(_ key: String) -> BindableValue<StateValue> {
        if let bindable = values[key] { return bindable }
        let bindable = BindableValue(StateValue.null)
        values[key] = bindable
        return bindable
    }

    /// Whether `key` holds a value (null included).
    public func contains(_ key: String) -> Bool {
        values[key] != nil
    }

    /// Every key, sorted.
    public var keys: [String] { values.keys.sorted() }

    /// Every key with its value.
    public var allValues: [String: StateValue] { values.mapValues(\.value) }

    /// Whether changed keys wait to be taken.
    public var hasChangedKeys: Bool { !changedKeys.isEmpty }

    /// The keys changed since the last call, in the order they first changed.
    public func takeChangedKeys() -> [String] {
        let keys = changedKeys
        changedKeys.removeAll()
        changedKeySet.removeAll()
        return keys
    }

    private func recordChange(_ key: String) {
        guard changedKeySet.insert(key).inserted else { return }
        changedKeys.append(key)
        if changedKeys.count == 1 { changesPendingHandler?() }
    }
}
