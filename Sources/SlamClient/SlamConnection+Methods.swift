import SlamJSON
import SlamRPC

/// Typed helpers, one per protocol method (see `Protocol/README.md`), each a
/// ``ClientCall`` performed on this connection. Each throws
/// ``ClientError/server(_:)`` with the daemon's code, message and data.
extension SlamConnection {
    /// Performs a described call and reads its result.
    public func perform<Result>(_ call: ClientCall<Result>) throws(ClientError) -> Result {
        try call.decode(self.call(call.method, call.params))
    }

    public func ping() throws(ClientError) -> String { try perform(.ping) }
    public func version() throws(ClientError) -> ServerVersion { try perform(.version) }
    public func discover() throws(ClientError) -> JSONValue { try perform(.discover) }

    public func find(_ reference: String, controller: String? = nil) throws(ClientError) -> Snapshot {
        try perform(.find(reference, controller: controller))
    }

    public func query(type: String? = nil, text: String? = nil, visible: Bool? = nil, enabled: Bool? = nil,
                      controller: String? = nil) throws(ClientError) -> [Snapshot] {
        try perform(.query(type: type, text: text, visible: visible, enabled: enabled, controller: controller))
    }

    public func tree(_ reference: String? = nil, depth: Int? = nil, controller: String? = nil) throws(ClientError) -> Snapshot {
        try perform(.tree(reference, depth: depth, controller: controller))
    }

    @discardableResult
    public func updateUI(_ reference: String? = nil, controller: String? = nil) throws(ClientError) -> [String] {
        try perform(.updateUI(reference, controller: controller))
    }

    @discardableResult
    public func resetUI(_ reference: String? = nil, controller: String? = nil) throws(ClientError) -> [String] {
        try perform(.resetUI(reference, controller: controller))
    }

    @discardableResult
    public func press(_ reference: String, value: JSONValue? = nil, controller: String? = nil) throws(ClientError) -> Snapshot {
        try perform(.press(reference, value: value, controller: controller))
    }

    @discardableResult
    public func setText(_ reference: String, _ text: String, controller: String? = nil) throws(ClientError) -> Snapshot {
        try perform(.setText(reference, text, controller: controller))
    }

    @discardableResult
    public func runTask(_ name: String, param: String? = nil) throws(ClientError) -> String? {
        try perform(.runTask(name, param: param))
    }

    public func tasks() throws(ClientError) -> [String] { try perform(.tasks) }
    public func controllers() throws(ClientError) -> [ControllerEntry] { try perform(.controllers) }

    @discardableResult
    public func waitFor(_ reference: String, state: String, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot? {
        try perform(.waitFor(reference, state: state, timeoutMilliseconds: timeoutMilliseconds, controller: controller))
    }

    @discardableResult
    public func waitFor(_ reference: String, property: String, equals value: JSONValue, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot {
        try perform(.waitFor(reference, property: property, equals: value, timeoutMilliseconds: timeoutMilliseconds,
                             controller: controller))
    }

    @discardableResult
    public func subscribe(_ events: [String]) throws(ClientError) -> [String] { try perform(.subscribe(events)) }

    @discardableResult
    public func unsubscribe(_ events: [String]? = nil) throws(ClientError) -> [String] { try perform(.unsubscribe(events)) }

    /// Every key of the application's shared state with its value.
    public func stateList() throws(ClientError) -> [String: JSONValue] { try perform(.stateList) }

    /// The value of one shared-state key; -32011 (`data.key`) when there is no such key.
    public func stateGet(_ key: String) throws(ClientError) -> JSONValue { try perform(.stateGet(key)) }

    /// Writes one shared-state key; returns `[key]` when its value changed, `[]` when it already had it.
    @discardableResult
    public func stateSet(_ key: String, _ value: JSONValue) throws(ClientError) -> [String] {
        try perform(.stateSet(key, value))
    }

    /// Writes several shared-state keys at once; returns those whose value changed, sorted.
    @discardableResult
    public func stateSet(_ values: JSONValue.Object) throws(ClientError) -> [String] { try perform(.stateSet(values)) }
}
