import SlamJSON
import SlamRPC
import SlamUI

/// `press {ref, value?, controller?}` → the element's snapshot after the press and its autoUI.
enum PressMethod {
    static let name = "press"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Presses an element as a user would, runs its action, and returns its snapshot afterwards.",
                         parameters: [
                             CommonParameters.reference,
                             ParameterDescriptor("value", summary: "A row, segment or page index; \"increment\" or \"decrement\" for a stepper; true or false for a switch.",
                                                 schema: ["type": ["integer", "boolean", "string", "null"]]),
                             CommonParameters.controller,
                         ],
                         result: CommonParameters.snapshotSchema,
                         errors: [.elementNotFound, .elementNotInteractive, .elementDisabled, .elementHidden, .taskNotFound,
                                  .controllerNotFound, .navigationRefused, .taskFailed]) { [unowned service] call throws(ResponseError) in
            let element = try service.element(call.arguments.string("ref"), in: call.arguments.optionalString("controller"))
            let value = try pressValue(call.arguments["value"])
            do throws(SlamError) {
                try element.press(value)
            } catch {
                throw error.responseError
            }
            return element.snapshot().jsonValue
        }
    }

    static func pressValue(_ value: JSONValue?) throws(ResponseError) -> PressValue? {
        switch value {
        case nil, .null?: return nil
        case .bool(let flag)?: return .bool(flag)
        case .string("increment")?: return .increment
        case .string("decrement")?: return .decrement
        case .integer(let index)?:
            guard let index = Int(exactly: index) else { break }
            return .index(index)
        case .string(let text)?:
            throw .invalidParams("value: \"\(text)\" is not a press value; use an index, true/false, \"increment\" or \"decrement\"",
                                 data: ["parameter": "value"])
        default: break
        }
        throw .invalidParams("value: must be an index, true/false, \"increment\" or \"decrement\", got \(value?.typeName ?? "nothing")",
                             data: ["parameter": "value"])
    }
}
