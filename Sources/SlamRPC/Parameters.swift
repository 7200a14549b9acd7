import SlamJSON

/// The `params` of a request or notification, as sent: by name or by position.
public enum Parameters: Hashable, Sendable {
    case byName(JSONValue.Object)
    case byPosition([JSONValue])

    /// Reads `params`; `nil` when it is neither an object nor an array.
    public init?(jsonValue: JSONValue) {
        switch jsonValue {
        case .object(let object): self = .byName(object)
        case .array(let array): self = .byPosition(array)
        default: return nil
        }
    }

    public var jsonValue: JSONValue {
        switch self {
        case .byName(let object): .object(object)
        case .byPosition(let array): .array(array)
        }
    }
}
