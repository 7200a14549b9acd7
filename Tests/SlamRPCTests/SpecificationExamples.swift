import SlamJSON
@testable import SlamRPC

/// The Examples section of the JSON-RPC 2.0 specification, verbatim: what the
/// client sends and what the server must answer (nil: no answer at all).
///
/// Expected error messages are the specification's; the server may add detail
/// after them (`"Method not found: 'foobar'"`), so they are compared by prefix.
enum SpecificationExamples {
    struct Example {
        let name: String
        let request: String
        let response: String?
    }

    static let all: [Example] = [
        Example(name: "positional parameters",
                request: #"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#,
                response: #"{"jsonrpc": "2.0", "result": 19, "id": 1}"#),
        Example(name: "positional parameters, reversed",
                request: #"{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}"#,
                response: #"{"jsonrpc": "2.0", "result": -19, "id": 2}"#),
        Example(name: "named parameters",
                request: #"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#,
                response: #"{"jsonrpc": "2.0", "result": 19, "id": 3}"#),
        Example(name: "named parameters, other order",
                request: #"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}"#,
                response: #"{"jsonrpc": "2.0", "result": 19, "id": 4}"#),
        Example(name: "notification",
                request: #"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#,
                response: nil),
        Example(name: "notification of an unknown method",
                request: #"{"jsonrpc": "2.0", "method": "foobar"}"#,
                response: nil),
        Example(name: "non-existent method",
                request: #"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "1"}"#),
        Example(name: "invalid JSON",
                request: #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#),
        Example(name: "invalid Request object",
                request: #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#),
        Example(name: "batch, invalid JSON",
                request: """
                [
                  {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
                  {"jsonrpc": "2.0", "method"
                ]
                """,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#),
        Example(name: "empty Array",
                request: "[]",
                response: #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#),
        Example(name: "invalid batch, not empty",
                request: "[1]",
                response: #"[{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}]"#),
        Example(name: "invalid batch",
                request: "[1,2,3]",
                response: """
                [
                  {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
                  {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
                  {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}
                ]
                """),
        Example(name: "batch",
                request: """
                [
                    {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
                    {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
                    {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
                    {"foo": "boo"},
                    {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
                    {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
                ]
                """,
                response: """
                [
                    {"jsonrpc": "2.0", "result": 7, "id": "1"},
                    {"jsonrpc": "2.0", "result": 19, "id": "2"},
                    {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
                    {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "5"},
                    {"jsonrpc": "2.0", "result": ["hello", 5], "id": "9"}
                ]
                """),
        Example(name: "batch, all notifications",
                request: """
                [
                    {"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},
                    {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}
                ]
                """,
                response: nil),
    ]

    /// The methods the examples call, registered by the tests only; `update`,
    /// The params of `subtract`.
    struct Subtraction: Sendable {
        var minuend = 0
        var subtrahend = 0
    }

    /// `notify_hello` and `notify_sum` record that they ran.
    final class Log {
        var calls: [String] = []
    }

    static func dispatcher(log: Log = Log()) -> Dispatcher<Void> {
        Dispatcher(registry: MethodRegistry([
            MethodDescriptor("subtract", parameters: ParameterList(empty: Subtraction(), [
                .required("minuend", \.minuend, summary: ""),
                .required("subtrahend", \.subtrahend, summary: ""),
            ])) { subtraction, _ in
                JSONNode(subtraction.minuend - subtraction.subtrahend)
            },
            MethodDescriptor("sum", parameters: .freeForm(summary: "numbers to add"), handler: .immediate { call in
                JSONNode((call.params?.jsonValue.arrayValue ?? []).compactMap(\.integerValue).reduce(0, +))
            }),
            MethodDescriptor("get_data") { _ in ["hello", 5] },
            MethodDescriptor("notify_hello", parameters: .freeForm(summary: "any"), handler: .immediate { _ in
                log.calls.append("notify_hello")
                return .null
            }),
            MethodDescriptor("notify_sum", parameters: .freeForm(summary: "any"), handler: .immediate { _ in
                log.calls.append("notify_sum")
                return .null
            }),
            MethodDescriptor("update", parameters: .freeForm(summary: "any"), handler: .immediate { _ in
                log.calls.append("update")
                return .null
            }),
        ]))
    }

    /// Whether `actual` answers like `expected`: equal, except that an error
    /// message need only start with the specification's message and an error may
    /// carry `data` (which the specification allows and the examples omit).
    static func matches(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        switch (actual, expected) {
        case (.array(let actual), .array(let expected)):
            return actual.count == expected.count && zip(actual, expected).allSatisfy(matches)
        case (.object(let actual), .object(let expected)):
            guard Set(actual.keys).subtracting(["data"]) == Set(expected.keys) else { return false }
            if actual["data"] != nil, actual["code"] == nil { return false }
            return expected.allSatisfy { key, value in
                if key == "message", case .string(let prefix) = value, case .string(let text)? = actual[key] {
                    return text.hasPrefix(prefix)
                }
                return actual[key].map { matches($0, value) } ?? false
            }
        default:
            return actual == expected
        }
    }
}
