import SlamJSON
import SlamRPC
import SlamUI

/// `waitFor {ref, state | property + equals, timeoutMs?, controller?}` → the snapshot once the condition holds.
///
/// Evaluated at once, then again after every UI change (never by polling). Without
/// `controller` it looks at whatever controller is on top when it re-evaluates, so a
/// wait can be satisfied by navigation. `absent` answers `null`.
enum WaitForMethod {
    static let name = "waitFor"
    static let states = ["exists", "absent", "visible", "hidden", "enabled"]

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(
            name,
            summary: "Answers when the element reaches a state, or a property equals a value; fails with -32008 after timeoutMs.",
            parameters: .declared([
                CommonParameters.reference,
                ParameterDescriptor("state", summary: "exists, absent, visible, hidden or enabled.",
                                    schema: ["enum": .array(states.map(JSONValue.string))]),
                ParameterDescriptor("property", summary: "A snapshot property name (with `equals`, instead of `state`).",
                                    schema: ["type": "string"]),
                ParameterDescriptor("equals", summary: "The value `property` must have (numbers compare by value)."),
                ParameterDescriptor("timeoutMs", summary: "How long to wait, in milliseconds; default 5000.",
                                    schema: ["type": "integer", "minimum": 0]),
                CommonParameters.controller,
            ]),
            result: ["oneOf": [CommonParameters.snapshotSchema, ["type": "null"]]],
            errors: [.waitTimedOut, .controllerNotFound, .shuttingDown],
            handler: .deferred { [unowned service] call, reply in
                do throws(ResponseError) {
                    try start(service, call, reply)
                } catch {
                    reply(.failure(error))
                }
            })
    }

    private static func start(_ service: SlamService, _ call: MethodCall<ClientSession>,
                              _ reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError) {
        let arguments = call.arguments
        let reference = try arguments.string("ref")
        let condition = try condition(arguments)
        let timeout = try arguments.optionalInteger("timeoutMs").map(Int.init) ?? service.configuration.defaultWaitTimeoutMilliseconds
        guard (0...service.configuration.maximumWaitTimeoutMilliseconds).contains(timeout) else {
            throw .invalidParams("timeoutMs: must be between 0 and \(service.configuration.maximumWaitTimeoutMilliseconds), got \(timeout)",
                                 data: ["parameter": "timeoutMs"])
        }
        let controllerID = try arguments.optionalString("controller")
        if let controllerID, !service.application.controllerIdentifiers.contains(controllerID),
           service.application.controllerOnStack(identifier: controllerID) == nil {
            throw SlamError.unknownController(identifier: controllerID).responseError
        }
        let element = service.waitTarget(reference, controller: controllerID)
        if case .propertyEquals(let name, _) = condition, let element, element.snapshot()[name] == nil {
            let names = type(of: element).properties.map(\.name).joined(separator: ", ")
            throw .invalidParams("property: a \(type(of: element).typeName) has no property '\(name)'; it has \(names)",
                                 data: ["parameter": "property"])
        }
        if condition.holds(for: element) {
            reply(.success(element?.snapshot().jsonValue ?? .null))
            return
        }
        guard timeout > 0 else {
            reply(.failure(timedOut(reference, condition, timeout, element)))
            return
        }
        service.nextWaitIdentifier += 1
        let identifier = service.nextWaitIdentifier
        var wait = PendingWait(identifier: identifier, session: call.context, reference: reference,
                               controllerIdentifier: controllerID, condition: condition,
                               timeoutMilliseconds: timeout, reply: reply)
        wait.cancelTimer = service.scheduler.schedule(afterMilliseconds: timeout) { [weak service] in
            guard let service else { return }
            let element = service.waitTarget(reference, controller: controllerID)
            service.finishWait(identifier, with: .failure(timedOut(reference, condition, timeout, element)))
        }
        service.waits[identifier] = wait
        call.context.pendingWaits.insert(identifier)
    }

    private static func condition(_ arguments: Arguments) throws(ResponseError) -> WaitCondition {
        let state = try arguments.optionalString("state")
        let property = try arguments.optionalString("property")
        switch (state, property) {
        case (let state?, nil):
            switch state {
            case "exists": return .exists
            case "absent": return .absent
            case "visible": return .visible
            case "hidden": return .hidden
            case "enabled": return .enabled
            default:
                throw .invalidParams("state: unknown state '\(state)'; use \(states.joined(separator: ", "))",
                                     data: ["parameter": "state"])
            }
        case (nil, let property?):
            guard let expected = arguments["equals"] else {
                throw .invalidParams("equals: required with 'property'", data: ["parameter": "equals"])
            }
            return .propertyEquals(name: property, value: expected)
        case (nil, nil):
            throw .invalidParams("state: give 'state', or 'property' with 'equals'", data: ["parameter": "state"])
        case (_?, _?):
            throw .invalidParams("property: give either 'state' or 'property', not both", data: ["parameter": "property"])
        }
    }

    static func timedOut(_ reference: String, _ condition: WaitCondition, _ timeout: Int, _ element: View?) -> ResponseError {
        ResponseError(code: .waitTimedOut,
                      message: "Wait timed out: '\(reference)' did not reach \(condition.jsonValue) within \(timeout) ms",
                      data: ["ref": .string(reference), "condition": condition.jsonValue, "timeoutMs": .integer(Int64(timeout)),
                             "snapshot": element?.snapshot().jsonValue ?? .null])
    }
}
