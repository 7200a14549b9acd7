import SlamRPC

/// `find {ref, controller?}` → the element's snapshot.
enum FindMethod {
    static let name = "find"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "The snapshot of one element, found by reference.",
                         parameters: [CommonParameters.reference, CommonParameters.controller],
                         result: CommonParameters.snapshotSchema,
                         errors: [.elementNotFound, .controllerNotFound]) { [unowned service] call throws(ResponseError) in
            try service.element(call.arguments.string("ref"), in: call.arguments.optionalString("controller"))
                .snapshot().jsonValue
        }
    }
}
