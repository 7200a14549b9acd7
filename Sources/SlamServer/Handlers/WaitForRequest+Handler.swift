import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

extension WaitForRequest: DeferredRequest {
    /// Checks the condition at once; if it does not hold yet, keeps the wait
    /// pending until a UI change satisfies it or its timeout passes.
    static func start(_ request: WaitForRequest, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError) {
        let condition = try condition(request)
        let timeout = try service.checkedTimeout(request.timeoutMilliseconds, default: service.configuration.defaultWaitTimeoutMilliseconds)
        let reference = request.ref
        let controllerID = request.controller
        if let controllerID, !service.application.controllerIdentifiers.contains(controllerID),
           service.application.controllerOnStack(identifier: controllerID) == nil {
            throw SlamError.unknownController(identifier: controllerID).responseError
        }
        let element = try service.waitTarget(reference, controller: controllerID)
        if case .propertyEquals(let name, _) = condition, let element, !element.mayCarrySnapshotMember(named: name) {
            let names = (type(of: element).properties.map(\.name) + View.accessibilitySnapshotMembers).joined(separator: ", ")
            throw .invalidParams("property: a \(type(of: element).typeName) has no property '\(name)'; it has \(names)",
                                 data: ["parameter": "property"])
        }
        if condition.holds(for: element) {
            reply(.success(condition.answer(for: element)))
            return
        }
        guard timeout > 0 else {
            reply(.failure(timedOut(reference, condition, timeout, element)))
            return
        }
        try service.registerWait(session: session, reference: reference, controller: controllerID, purpose: .condition(condition),
                             timeoutMilliseconds: timeout, reply: reply) { service, reply in
            let element = try? service.waitTarget(reference, controller: controllerID)
            reply(.failure(timedOut(reference, condition, timeout, element ?? nil)))
        }
    }

    private static func condition(_ request: WaitForRequest) throws(ResponseError) -> WaitCondition {
        if let aria = request.aria {
            let others = [("template", request.template != nil), ("state", request.state != nil), ("property", request.property != nil),
                          ("equals", request.equals != nil), ("strict", request.strict != nil)]
            if let other = others.first(where: \.1)?.0 {
                throw .invalidParams("aria: give either 'aria' or '\(other)', not both", data: ["parameter": "aria"])
            }
            return .aria(aria)
        }
        if let template = request.template {
            if request.state != nil || request.property != nil || request.equals != nil {
                let other = request.state != nil ? "state" : request.property != nil ? "property" : "equals"
                throw .invalidParams("template: give either 'template' or '\(other)', not both", data: ["parameter": "template"])
            }
            return .template(template, strict: request.strict ?? false)
        }
        if request.strict != nil {
            throw .invalidParams("strict: only with 'template'", data: ["parameter": "strict"])
        }
        if request.ref == nil {
            throw .invalidParams("missing required parameter 'ref' (only a 'template' or 'aria' wait may leave it out)", data: ["parameter": "ref"])
        }
        switch (request.state, request.property) {
        case (let state?, nil):
            switch state {
            case .exists: return .exists
            case .absent: return .absent
            case .visible: return .visible
            case .hidden: return .hidden
            case .enabled: return .enabled
            }
        case (nil, let property?):
            guard let expected = request.equals else {
                throw .invalidParams("equals: required with 'property'", data: ["parameter": "equals"])
            }
            return .propertyEquals(name: property, value: expected)
        case (nil, nil):
            throw .invalidParams("state: give 'state', or 'property' with 'equals'", data: ["parameter": "state"])
        case (_?, _?):
            throw .invalidParams("property: give either 'state' or 'property', not both", data: ["parameter": "property"])
        }
    }

    static func timedOut(_ reference: ElementLocator?, _ condition: WaitCondition, _ timeout: Int, _ element: View?) -> ResponseError {
        if case let .template(template, strict) = condition {
            return templateTimedOut(reference, template, strict, condition, timeout, element)
        }
        if case .aria(let template) = condition {
            return ariaTimedOut(reference, template, condition, timeout, element)
        }
        let reference = reference ?? ElementLocator("")
        return ResponseError(code: .waitTimedOut,
                      message: "Wait timed out: \(reference) did not reach \(condition.jsonValue) within \(timeout) ms",
                      data: ["ref": reference.parameterJSON, "condition": condition.jsonValue, "timeoutMs": .integer(Int64(timeout)),
                             "snapshot": element?.snapshot().jsonValue ?? .null])
    }

    /// The message and `data.diff` hold the diff from the template to the last snapshot (unified, as text);
    /// `data.snapshot` is that snapshot's text.
    private static func ariaTimedOut(_ reference: ElementLocator?, _ template: AriaTemplate, _ condition: WaitCondition,
                                     _ timeout: Int, _ element: View?) -> ResponseError {
        guard let element else {
            return ResponseError(code: .waitTimedOut,
                                 message: "Wait timed out: \(reference.map(\.description) ?? "the root view") was not on screen within \(timeout) ms, "
                                     + "so no accessibility snapshot could contain the template",
                                 data: ["ref": reference?.parameterJSON ?? .null, "condition": condition.jsonValue,
                                        "timeoutMs": .integer(Int64(timeout)), "snapshot": .null, "diff": .null])
        }
        let nodes = element.accessibilityNodes()
        let diff = template.diff(against: nodes)
        let subject = reference.map { "the accessibility snapshot of \($0)" } ?? "the accessibility snapshot"
        return ResponseError(code: .waitTimedOut, message: "Wait timed out: \(subject) did not contain the template within \(timeout) ms:\n\(diff)",
                             data: ["ref": reference?.parameterJSON ?? .null, "condition": condition.jsonValue,
                                    "timeoutMs": .integer(Int64(timeout)), "snapshot": .string(AccessibilityNode.render(nodes)),
                                    "diff": .string(diff)])
    }

    /// The diff says where the tree last differed; `snapshot` is that tree.
    private static func templateTimedOut(_ reference: ElementLocator?, _ template: TreeTemplate, _ strict: Bool, _ condition: WaitCondition,
                                         _ timeout: Int, _ element: View?) -> ResponseError {
        let subject = reference.map { "the tree of \($0)" } ?? "the tree"
        let tree = element?.treeValue()
        let diff = tree.map { template.match($0, strict: strict) } ?? TemplateDiff(mismatches: [])
        let message = if tree != nil {
            "Wait timed out: \(subject) did not match the template within \(timeout) ms:\n\(diff)"
        } else {
            "Wait timed out: \(reference.map(\.description) ?? "the root view") was not on screen within \(timeout) ms, so no tree could match the template"
        }
        return ResponseError(code: .waitTimedOut, message: message,
                             data: ["ref": reference?.parameterJSON ?? .null, "condition": condition.jsonValue,
                                    "timeoutMs": .integer(Int64(timeout)), "snapshot": tree ?? .null, "diff": diff.jsonValue])
    }
}
