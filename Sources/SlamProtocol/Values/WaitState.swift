import SlamJSON
import SlamRPC

/// A state `waitFor` can wait for.
public enum WaitState: String, CaseIterable, Sendable, ParameterValue {
    case exists, absent, visible, hidden, enabled

    /// Checked by ``decode(_:parameter:accepting:)``, which says more than a type error would.
    public static var jsonTypes: [String] { [] }
    public static var schema: JSONValue { ["enum": .array(allCases.map { .string($0.rawValue) })] }

    public init?(parameter element: JSONElement) {
        guard let name = element.stringValue, let state = WaitState(rawValue: name) else { return nil }
        self = state
    }

    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> WaitState {
        guard let text = element.stringValue else {
            throw .invalidParams("parameter '\(name)' must be a string, got \(element.typeName)",
                                 data: ["parameter": .string(name), "expected": "a string"])
        }
        guard let state = WaitState(rawValue: text) else {
            throw .invalidParams("\(name): unknown state '\(text)'; use \(allCases.map(\.rawValue).joined(separator: ", "))",
                                 data: ["parameter": .string(name)])
        }
        return state
    }

    public var parameterJSON: JSONValue { .string(rawValue) }
}
