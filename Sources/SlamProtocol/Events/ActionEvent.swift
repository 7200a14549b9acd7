import SlamJSON

/// `action`: a client acted on the UI (a press, text, a key, a task, a reset), as a recorder needs it.
///
/// Sent after the action succeeded, to every subscriber, whichever client acted (a
/// person in the browser page, a script, the terminal). `ref` is the most robust
/// locator for the element acted on: its role and accessible name when they are unique
/// on the screen and the name cannot change, else its reference when it has one, else
/// its type and text when they are unique, else its type and index within the nearest
/// ancestor that has a reference.
public struct ActionEvent: SlamEventParams, Hashable {
    public static var kind: EventKind { .action }
    public var method: String
    public var ref: ElementLocator?
    public var controller: String?
    public var params: JSONValue.Object
    public var client: Int

    public init(method: String, ref: ElementLocator?, controller: String?, params: JSONValue.Object, client: Int) {
        self.method = method
        self.ref = ref
        self.controller = controller
        self.params = params
        self.client = client
    }

    public static var empty: ActionEvent { ActionEvent(method: "", ref: nil, controller: nil, params: [:], client: 0) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("method", &method, "The method that acted: `press`, `setText`, `typeText`, `focus`, `key`, `runTask` or `reset`.")
        visitor.field("ref", &ref, "The element acted on, as a locator that finds it again; null for a key to the focus, a task, a reset.")
        visitor.field("controller", &controller, "The controller the element was on (the top one for keys and tasks).")
        visitor.field("params", &params, "The request's other params that say what was done (`value`, `text`, `key`, `name`, `param`).")
        visitor.field("client", &client, "The connection that acted (its number in the daemon's log).")
    }
}
