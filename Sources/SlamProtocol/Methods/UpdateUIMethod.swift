import SlamJSON
import SlamRPC
import SlamUI

/// `updateUI {ref?, controller?}` → which elements changed what users see.
enum UpdateUIMethod {
    static let name = "updateUI"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Pulls every data source of the controller (or of the subtree at `ref`) and reports which elements changed.",
                         parameters: [CommonParameters.optionalReference, CommonParameters.controller],
                         result: CommonParameters.changesSchema,
                         errors: [.elementNotFound, .controllerNotFound]) { [unowned service] call throws(ResponseError) in
            try refresh(service, call) { $0.updateUI() }
        }
    }

    /// Runs `refresh` on the target subtree and reports the controller's changes.
    static func refresh(_ service: SlamService, _ call: MethodCall<ClientSession>,
                        _ refresh: (View) -> Void) throws(ResponseError) -> JSONValue {
        let controllerID = try call.arguments.optionalString("controller")
        let controller = try service.controller(controllerID)
        let target = if let reference = try call.arguments.optionalString("ref") {
            try service.element(reference, in: controllerID)
        } else {
            controller.view
        }
        refresh(target)
        let changed = service.takeChanges(of: controller)
        return ["controller": .string(controller.identifier),
                "changed": .array(changed.map { .string($0.reference.isEmpty ? $0.path : $0.reference) })]
    }
}
