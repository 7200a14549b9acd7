import SlamRPC
import SlamUI

/// `setText {ref, text, controller?}` → the element's snapshot; fires its editing events.
enum SetTextMethod {
    static let name = "setText"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Types text into a text field as a user would (editing changed, then did end) and returns its snapshot.",
                         parameters: [
                             CommonParameters.reference,
                             ParameterDescriptor("text", summary: "The new text.", required: true, schema: ["type": "string"]),
                             CommonParameters.controller,
                         ],
                         result: CommonParameters.snapshotSchema,
                         errors: [.elementNotFound, .elementNotInteractive, .elementDisabled, .elementHidden,
                                  .controllerNotFound]) { [unowned service] call throws(ResponseError) in
            let element = try service.element(call.arguments.string("ref"), in: call.arguments.optionalString("controller"))
            let text = try call.arguments.string("text")
            do throws(SlamError) {
                try element.enterText(text)
            } catch {
                throw error.responseError
            }
            return element.snapshot().jsonValue
        }
    }
}
