import SlamJSON
import SlamRPC

/// Task names as `tasks.register` and `tasks.unregister` take them: a non-empty
/// array of at most ``maximumCount`` non-empty strings, each at most once.
public struct TaskNames: Hashable, Sendable, ParameterValue, ExpressibleByArrayLiteral {
    public var names: [String]

    /// The most names one request may carry: registering is done on the UI's thread.
    public static let maximumCount = 1000

    public init(_ names: [String]) {
        self.names = names
    }

    public init(arrayLiteral names: String...) {
        self.names = names
    }

    public static var jsonTypes: [String] { ["array"] }
    public static var schema: JSONValue {
        ["type": "array", "items": ["type": "string", "minLength": 1], "minItems": 1, "maxItems": .integer(Int64(maximumCount)),
         "uniqueItems": true]
    }

    public init?(parameter element: JSONElement) {
        try? self.init(element, parameter: "names")
    }

    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> TaskNames {
        try self.init(element, parameter: name)
    }

    private init(_ element: JSONElement, parameter name: String) throws(ResponseError) {
        guard element.kind == .array else {
            throw .invalidParams("\(name): must be an array of task names, got \(element.typeName)", data: ["parameter": .string(name)])
        }
        guard element.count > 0 else {
            throw .invalidParams("\(name): must name at least one task", data: ["parameter": .string(name)])
        }
        guard element.count <= Self.maximumCount else {
            throw .invalidParams("\(name): at most \(Self.maximumCount) task names in one request, got \(element.count)",
                                 data: ["parameter": .string(name)])
        }
        var names: [String] = []
        var seen: Set<String> = []
        for index in 0..<element.count {
            let item = element[index]!
            guard let text = item.stringValue, !text.isEmpty else {
                throw .invalidParams("\(name)[\(index)]: a task name must be a non-empty string, got \(item.jsonValue)",
                                     data: ["parameter": .string(name), "path": .string("\(name)[\(index)]")])
            }
            guard seen.insert(text).inserted else {
                throw .invalidParams("\(name)[\(index)]: '\(text)' is named twice",
                                     data: ["parameter": .string(name), "path": .string("\(name)[\(index)]")])
            }
            names.append(text)
        }
        self.names = names
    }

    public var parameterJSON: JSONValue { .array(names.map(JSONValue.string)) }
}
