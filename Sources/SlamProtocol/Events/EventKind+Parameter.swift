import SlamJSON
import SlamRPC

/// A list of event names as `subscribe` and `unsubscribe` take it.
extension Array: ParameterValue where Element == EventKind {
    public static var jsonTypes: [String] { ["array"] }
    public static var schema: JSONValue {
        ["type": "array", "items": ["enum": .array(EventKind.allCases.map { .string($0.rawValue) })]]
    }

    public init?(parameter element: JSONElement) {
        try? self.init(element, parameter: "events")
    }

    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> [EventKind] {
        try self.init(element, parameter: name)
    }

    private init(_ element: JSONElement, parameter name: String) throws(ResponseError) {
        guard element.kind == .array else {
            throw .invalidParams("\(name): must be an array of event names", data: ["parameter": .string(name)])
        }
        var kinds: [EventKind] = []
        for index in 0..<element.count {
            let item = element[index]!
            guard let text = item.stringValue, let kind = EventKind(rawValue: text) else {
                throw .invalidParams("\(name)[\(index)]: unknown event \(item.jsonValue); known: \(EventKind.allCases.map(\.rawValue).joined(separator: ", "))",
                                     data: ["parameter": .string(name)])
            }
            kinds.append(kind)
        }
        self = kinds
    }

    public var parameterJSON: JSONValue { .array(map { .string($0.rawValue) }) }
}
