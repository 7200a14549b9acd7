import SlamJSON
import SlamRPC
import SlamUI

/// `controllers` → the navigation stack, root first.
enum ControllersMethod {
    static let name = "controllers"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "The navigation stack, root first: each controller's id, title and whether it is modal.",
                         result: ["type": "array", "items": ["$ref": "#/components/schemas/StackEntry"]]) { [unowned service] _ in
            stackJSON(service.application)
        }
    }

    static func stackJSON(_ application: Application) -> JSONValue {
        .array(application.stack.map { presentation in
            ["id": .string(presentation.controller.identifier), "title": .string(presentation.controller.title),
             "modal": .bool(presentation.isModal)]
        })
    }
}
