import SlamJSON
import SlamRPC

/// `action`: a client acted on the UI (a press, text, a key, a task, a reset), as a recorder needs it.
///
/// Sent after the action succeeded, to every subscriber, whichever client acted (a
/// person in the browser page, a script, the terminal). `ref` is the most robust
/// locator for the element acted on: its reference when it has one, else its type
/// and text when they are unique on the screen, else its type and index within the
/// nearest ancestor that has a reference.
public struct ActionEvent: SlamEventParams, Hashable {
    public typealias Value = ActionEvent
    public static var kind: EventKind { .action }
    /// The method that acted: `press`, `setText`, `typeText`, `focus`, `key`, `runTask` or `reset`.
    public var method: String
    /// The element acted on, as a locator that finds it again; nil for a key to the focus, a task, a reset.
    public var ref: ElementLocator?
    /// The controller the element was on (the top one for keys and tasks).
    public var controller: String?
    /// The request's other params that say what was done (`value`, `text`, `key`, `name`, `param`).
    public var params: JSONValue.Object
    /// The connection that acted (its number in the daemon's log).
    public var client: Int

    public init(method: String, ref: ElementLocator?, controller: String?, params: JSONValue.Object, client: Int) {
        self.method = method
        self.ref = ref
        self.controller = controller
        self.params = params
        self.client = client
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        method = try json.member("method")
        let locator = json["ref"] ?? .null
        if locator == .null {
            ref = nil
        } else {
            do throws(ResponseError) {
                ref = try ElementLocator.read(locator, path: "ref")
            } catch {
                throw ResultDecodingError(expected: "a locator", got: locator)
            }
        }
        controller = try json.member("controller")
        guard case .object(let members)? = json["params"] else { throw ResultDecodingError(expected: "params object", got: json["params"] ?? .null) }
        params = members
        client = try json.member("client")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("method", JSONNode(method))
        object.set("ref", ref.map { JSONNode($0.parameterJSON) } ?? .null)
        object.set("controller", controller.jsonNode())
        object.set("params", JSONNode(JSONValue.object(params)))
        object.set("client", JSONNode(client))
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "required": ["method", "ref", "controller", "params", "client"],
         "properties": ["method": ["type": "string"],
                        "ref": ["oneOf": [["type": "string"], ["$ref": "#/components/schemas/Locator"], ["type": "null"]]],
                        "controller": ["type": ["string", "null"]], "params": ["type": "object"], "client": ["type": "integer"]]]
    }
}
