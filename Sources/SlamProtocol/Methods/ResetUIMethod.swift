import SlamRPC

/// `resetUI {ref?, controller?}` → which elements changed: reloads data-heavy elements, then fills.
enum ResetUIMethod {
    static let name = "resetUI"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Reloads tables and text views, fills every element of the controller (or of the subtree at `ref`), and reports which changed.",
                         parameters: [CommonParameters.optionalReference, CommonParameters.controller],
                         result: CommonParameters.changesSchema,
                         errors: [.elementNotFound, .controllerNotFound]) { [unowned service] call throws(ResponseError) in
            try UpdateUIMethod.refresh(service, call) { $0.resetUI() }
        }
    }
}
