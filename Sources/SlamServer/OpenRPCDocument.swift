import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
import SlamUIJSON

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
            "x-notifications": .array(EventKind.allCases.map { ["name": .string($0.rawValue), "params": notificationSchema($0)] }
                + [["name": .string(UIRedraw.method), "params": UIRedraw.schema,
                    "description": "Sent to connections attached with ui.attach (not subscribed to): one atomic batch of UI changes, numbered on from the attach."],
                   ["name": .string(UIDetachedNotice.method), "params": UIDetachedNotice.schema,
                    "description": "Sent to a renderer the daemon detached itself, because the instance it showed was closed (reason: closed)."]]),
            "x-server-requests": .array(SlamRequests.serverToClient.map { request in
                ["name": .string(request.method), "summary": .string(request.summary), "params": request.params,
                 "result": ["name": .string("\(request.method)Result"), "schema": request.result],
                 "errors": .array(request.errors.map { ["$ref": .string("#/components/errors/\(errorName($0))")] })]
            }),
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

    /// Every property of every type; a name that types use with different kinds (`value`: a stepper's
    /// number, a date picker's string) takes any of them.
    private static var snapshotProperties: JSONValue {
        var schemas: [String: [JSONValue]] = [:]
        var order: [String] = []
        // Every type a snapshot can show: the ones storyboards place, then an alert's root.
        let types = ElementType.all.filter(\.isPlaceable) + ElementType.all.filter { !$0.isPlaceable }
        for type in types {
            for property in type.properties {
                // Without notes: a name several types share (`text`) keeps one schema where only notes differ.
                let schema = property.jsonSchema
                if schemas[property.name] == nil { order.append(property.name) }
                if !(schemas[property.name] ?? []).contains(schema) { schemas[property.name, default: []].append(schema) }
            }
        }
        var properties: JSONValue.Object = ["type": ["type": "string"], "ref": ["type": "string"]]
        for name in order {
            let alternatives = schemas[name]!
            properties[name] = alternatives.count == 1 ? alternatives[0] : ["anyOf": .array(alternatives)]
        }
        for case .object(let member) in AccessibilityMemberSchema.manifest.arrayValue ?? [] {
            guard case .string(let name)? = member["name"], case .object(var schema)? = member["schema"] else { continue }
            schema["description"] = member["description"]
            properties[name] = .object(schema)
        }
        return .object(properties)
    }

    private static var schemas: JSONValue {
        [
            "Locator": ElementLocator.objectSchema,
            "ElementSnapshot": [
                "type": "object",
                "description": "What a user sees of one element: `type`, `ref`, its accessibility `role` and `name`, then its type's properties, then the ARIA states that apply (Protocol/elements.md).",
                "required": ["type", "ref", "role", "name", "visible"],
                "properties": snapshotProperties,
            ],
            "TreeNode": [
                "allOf": [["$ref": "#/components/schemas/ElementSnapshot"]],
                "properties": ["children": ["type": "array", "items": ["$ref": "#/components/schemas/TreeNode"]]],
            ],
            "Changes": Changes.objectSchema,
            "StackEntry": ControllerEntry.objectSchema,
            "Subscriptions": Subscriptions.objectSchema,
            "UIState": UIState.objectSchema,
            "UIScreen": UIScreen.objectSchema,
            "UINode": [
                "allOf": [["$ref": "#/components/schemas/ElementSnapshot"]],
                "required": ["node", "children"],
                "properties": [
                    "node": ["type": "integer", "minimum": 1],
                    "children": ["type": "array", "items": ["$ref": "#/components/schemas/UINode"]],
                ],
            ],
            "UIOperation": [
                "description": "One operation of a ui.redraw batch (Protocol/README.md, \"Remote UIs\").",
                "oneOf": [
                    ["type": "object", "required": ["op", "stack"],
                     "properties": ["op": ["const": "stack"], "stack": ["type": "array", "items": ["$ref": "#/components/schemas/UIScreen"]]]],
                    ["type": "object", "required": ["op", "values"], "properties": ["op": ["const": "state"], "values": ["type": "object"],
                                                                                "removed": ["type": "array", "items": ["type": "string"]]]],
                    ["type": "object", "required": ["op", "node"], "properties": ["op": ["const": "remove"], "node": ["type": "integer"]]],
                    ["type": "object", "required": ["op", "parent", "index", "tree"],
                     "properties": ["op": ["const": "insert"], "parent": ["type": "integer"], "index": ["type": "integer", "minimum": 0],
                                    "tree": ["$ref": "#/components/schemas/UINode"]]],
                    ["type": "object", "required": ["op", "node", "index"],
                     "properties": ["op": ["const": "move"], "node": ["type": "integer"], "index": ["type": "integer", "minimum": 0]]],
                    ["type": "object", "required": ["op", "node", "snapshot"],
                     "properties": ["op": ["const": "update"], "node": ["type": "integer"], "snapshot": ["$ref": "#/components/schemas/ElementSnapshot"]]],
                ],
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
