import SlamJSON
import SlamRPC
import SlamUI

/// `runTask {name, param?}` → what ran, and the top controller afterwards.
enum RunTaskMethod {
    static let name = "runTask"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Runs a named task (predefined: pop, push <controller>, url <address>).",
                         parameters: [
                             ParameterDescriptor("name", summary: "The task's name.", required: true, schema: ["type": "string"]),
                             ParameterDescriptor("param", summary: "The task's parameter.", schema: ["type": ["string", "null"]]),
                         ],
                         result: ["type": "object", "required": ["task", "param", "top"],
                                  "properties": ["task": ["type": "string"], "param": ["type": ["string", "null"]],
                                                 "top": ["type": ["string", "null"]]]],
                         errors: [.taskNotFound, .taskFailed, .controllerNotFound, .navigationRefused]) { [unowned service] call throws(ResponseError) in
            let name = try call.arguments.string("name")
            let param = try call.arguments.optionalString("param")
            do throws(SlamError) {
                try service.application.runTask(name: name, param: param)
            } catch {
                throw error.responseError
            }
            return ["task": .string(name), "param": param.map(JSONValue.string) ?? .null,
                    "top": service.application.topController.map { .string($0.identifier) } ?? .null]
        }
    }
}
