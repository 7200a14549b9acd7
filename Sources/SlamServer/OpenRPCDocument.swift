import SlamJSON
import SlamProtocol
import SlamRPC
import SlamStoryboard
import SlamUI

/// Builds the OpenRPC description of the protocol from the live method list,
/// so `rpc.discover` and `Protocol/slam.openrpc.json` cannot disagree with dispatch.
enum OpenRPCDocument {
    static func make(methods: [MethodDescriptor<ClientSession>]) -> JSONValue {
        [
            "openrpc": "1.3.2",
            "info": [
                "title": "Slam",
                "description": "Drive a headless UI hosted by slamd: find, update, press, type, run tasks, wait and subscribe. JSON-RPC 2.0 over a Unix domain socket, and over WebSocket when slamd serves --web; see Protocol/README.md.",
                "version": .string(SlamService.protocolVersion),
            ],
            "methods": .array(methods.map(method)),
            "components": [
                "schemas": schemas,
                "errors": errors(answeredBy: methods),
            ],
            "x-notifications": .array(EventKind.allCases.map { ["name": .string($0.rawValue), "params": notificationSchema($0)] }),
        ]
    }

    private static func method(_ method: MethodDescriptor<ClientSession>) -> JSONValue {
        var object: JSONValue.Object = ["name": .string(method.name), "summary": .string(method.summary)]
        switch method.parameters {
        case .declared(let parameters):
            object["paramStructure"] = "either"
            object["params"] = .array(parameters.map { parameter in
                var descriptor: JSONValue.Object = ["name": .string(parameter.name)]
                if !parameter.summary.isEmpty { descriptor["summary"] = .string(parameter.summary) }
                descriptor["required"] = .bool(parameter.isRequired)
                descriptor["schema"] = parameter.schema
                return .object(descriptor)
            })
        case .freeForm(let summary):
            object["params"] = [["name": "params", "summary": .string(summary), "schema": [:]]]
        }
        object["result"] = ["name": .string("\(method.name)Result"), "schema": method.resultSchema]
        if !method.errors.isEmpty {
            object["errors"] = .array(method.errors.map { ["$ref": .string("#/components/errors/\(errorName($0))")] })
        }
        return .object(object)
    }

    /// `components.errors`: the errors some method answers with (Slam's application codes), in
    /// code order, each under its short name in UpperCamelCase; methods refer to them by `$ref`.
    /// The standard JSON-RPC codes and -32000 (message too large) belong to no method (they
    /// answer any message, whatever it calls): Protocol/README.md's error table has them.
    private static func errors(answeredBy methods: [MethodDescriptor<ClientSession>]) -> JSONValue {
        let answered = Set(methods.flatMap(\.errors).map(\.rawValue))
        let codes = ErrorCode.slamCodes.map(\.code).filter { answered.contains($0.rawValue) }
        return .object(JSONValue.Object(uniqueKeysWithValues: codes.map { code in
            (errorName(code), ["code": .integer(Int64(code.rawValue)), "message": .string(code.slamName)])
        }))
    }

    /// The component name of an error: its short name in UpperCamelCase ("Element not found" → `ElementNotFound`).
    static func errorName(_ code: ErrorCode) -> String {
        code.slamName.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static var snapshotProperties: JSONValue {
        var properties: JSONValue.Object = ["type": ["type": "string"], "ref": ["type": "string"]]
        for name in ElementType.builtIn.keys.sorted() {
            for property in ElementType.builtIn[name]!.properties where properties[property.name] == nil {
                properties[property.name] = StoryboardSchema.schema(for: property.kind)
            }
        }
        return .object(properties)
    }

    private static var schemas: JSONValue {
        [
            "ElementSnapshot": [
                "type": "object",
                "description": "What a user sees of one element: `type`, `ref`, then its type's properties (Protocol/elements.md).",
                "required": ["type", "ref", "visible"],
                "properties": snapshotProperties,
            ],
            "TreeNode": [
                "allOf": [["$ref": "#/components/schemas/ElementSnapshot"]],
                "properties": ["children": ["type": "array", "items": ["$ref": "#/components/schemas/TreeNode"]]],
            ],
            "Changes": [
                "type": "object",
                "required": ["controller", "changed"],
                "properties": ["controller": ["type": "string"], "changed": ["type": "array", "items": ["type": "string"]]],
            ],
            "StackEntry": [
                "type": "object",
                "required": ["id", "title", "modal"],
                "properties": ["id": ["type": "string"], "title": ["type": "string"], "modal": ["type": "boolean"]],
            ],
            "Subscriptions": [
                "type": "object",
                "required": ["subscribed"],
                "properties": ["subscribed": ["type": "array", "items": ["type": "string"]]],
            ],
            "Version": [
                "type": "object",
                "required": ["protocolVersion", "serverVersion", "capabilities", "limits"],
                "properties": [
                    "protocolVersion": ["type": "string"], "serverVersion": ["type": "string"],
                    "capabilities": ["type": "object"], "limits": ["type": "object"],
                ],
            ],
        ]
    }

    private static func notificationSchema(_ kind: EventKind) -> JSONValue {
        SlamEvent.paramsTypes.first { $0.kind == kind }?.schema ?? [:]
    }
}
