import SlamJSON
import SlamRPC
import SlamUI

/// `query {type?, text?, visible?, enabled?, controller?}` → matching snapshots in tree order.
///
/// Filters combine with AND. Without `visible`/`enabled`, hidden and disabled
/// elements are returned too. `visible` is the element's own flag; `enabled`
/// counts elements that have no enabled state as enabled.
enum QueryMethod {
    static let name = "query"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Snapshots of the elements matching every given filter, in tree order.",
                         parameters: [
                             ParameterDescriptor("type", summary: "Element type, e.g. \"Button\".", schema: ["type": "string"]),
                             ParameterDescriptor("text", summary: "Exact value of the element's `text` property.", schema: ["type": "string"]),
                             ParameterDescriptor("visible", summary: "The element's own `visible` flag.", schema: ["type": "boolean"]),
                             ParameterDescriptor("enabled", summary: "Enabled state; elements without one count as enabled.", schema: ["type": "boolean"]),
                             CommonParameters.controller,
                         ],
                         result: ["type": "array", "items": CommonParameters.snapshotSchema],
                         errors: [.controllerNotFound]) { [unowned service] call throws(ResponseError) in
            let arguments = call.arguments
            let type = try arguments.optionalString("type")
            if let type, ElementType.builtIn[type] == nil {
                throw .invalidParams("type: unknown element type '\(type)'; known types: \(ElementType.builtIn.keys.sorted().joined(separator: ", "))",
                                     data: ["parameter": "type"])
            }
            let text = try arguments.optionalString("text")
            let visible = try arguments.optionalBool("visible")
            let enabled = try arguments.optionalBool("enabled")
            let controller = try service.controller(arguments.optionalString("controller"))
            var matches: [JSONValue] = []
            controller.view.forEachInTree { element in
                if let type, Swift.type(of: element).typeName != type { return }
                let snapshot = element.snapshot()
                if let text, snapshot["text"] != .string(text) { return }
                if let visible, element.isHidden == visible { return }
                if let enabled, ((element as? ControlView)?.isEnabled ?? true) != enabled { return }
                matches.append(snapshot.jsonValue)
            }
            return .array(matches)
        }
    }
}
