import SlamRPC

/// `tree {ref?, controller?, depth?}` → nested snapshots with `children`.
enum TreeMethod {
    static let name = "tree"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "The element tree as nested snapshots, each with its `children`.",
                         parameters: [
                             CommonParameters.optionalReference, CommonParameters.controller,
                             ParameterDescriptor("depth", summary: "Levels of children to include (0: the element alone); default: all.",
                                                 schema: ["type": "integer", "minimum": 0]),
                         ],
                         result: ["$ref": "#/components/schemas/TreeNode"],
                         errors: [.elementNotFound, .controllerNotFound]) { [unowned service] call throws(ResponseError) in
            let depth = try call.arguments.optionalInteger("depth")
            if let depth, depth < 0 {
                throw .invalidParams("depth: must be 0 or more, got \(depth)", data: ["parameter": "depth"])
            }
            let controllerID = try call.arguments.optionalString("controller")
            let root = if let reference = try call.arguments.optionalString("ref") {
                try service.element(reference, in: controllerID)
            } else {
                try service.controller(controllerID).view
            }
            return root.treeJSON(depth: depth.map { Int($0) })
        }
    }
}
