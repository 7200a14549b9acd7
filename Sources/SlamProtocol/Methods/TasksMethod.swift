import SlamJSON
import SlamRPC

/// `tasks` → the registered task names, sorted.
enum TasksMethod {
    static let name = "tasks"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "The names of the registered tasks, sorted.",
                         result: ["type": "array", "items": ["type": "string"]]) { [unowned service] _ in
            .array(service.application.tasks.names.map(JSONValue.string))
        }
    }
}
