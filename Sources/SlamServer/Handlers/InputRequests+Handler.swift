import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

extension FocusRequest: DeferredRequest {
    static func start(_ request: FocusRequest, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError) {
        try service.act(on: request.ref, in: request.controller, timeoutMilliseconds: request.timeoutMilliseconds, session: session,
                        method: method, params: service.recorded([:], controller: request.controller),
                        reply: reply, answeringSnapshot: { [unowned service] element throws(SlamError) in
            try service.application.focus(element)
        })
    }
}

extension KeyRequest: DeferredRequest {
    static func start(_ request: KeyRequest, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError) {
        guard let key = Key(name: request.key) else {
            throw .invalidParams("key: unknown key '\(request.key)'; use one character or one of \(Key.namedKeys.joined(separator: ", "))",
                                 data: ["parameter": "key", "key": .string(request.key)])
        }
        let press = { [unowned service] (target: View?) throws(ResponseError) -> () -> JSONNode in
            let handled: Bool
            // The answer names the key; a character typed into a secure field is not echoed (traces record answers).
            let typedInto = target ?? service.application.topController?.focusedElement
            let keyName = service.maskingSecureText(["key": .string(key.name)], target: typedInto)["key"]?.stringValue ?? key.name
            do throws(SlamError) {
                if let target { try service.application.focus(target) }
                handled = try service.application.pressKey(key)
            } catch {
                throw error.responseError
            }
            return { [unowned service] in
                let top = service.application.topController
                return KeyOutcomeOutput(key: keyName, handled: handled, controller: top?.identifier, focused: top?.focusedElement).jsonNode()
            }
        }
        guard let reference = request.ref else {
            _ = try service.checkedTimeout(request.timeoutMilliseconds, default: 0)
            // The key goes to the element focused before it (Tab may move the focus on).
            let target = service.application.topController?.focusedElement
            let (answer, calls) = try service.collectingClientTasks { () throws(ResponseError) in try press(nil) }
            service.announceAction(method, params: service.maskingSecureText(["key": .string(key.name)], target: target),
                                   client: session.identifier)
            service.answerAfterClientTasks(calls, reply: reply) { _ in answer() }
            return
        }
        // The key goes to the top controller, so that is where the element to focus must be.
        try service.act(on: reference, in: nil, timeoutMilliseconds: request.timeoutMilliseconds, session: session,
                        method: method, params: ["key": .string(key.name)], reply: reply) { element throws(ResponseError) in
            try press(element)
        }
    }
}

extension TypeTextRequest: DeferredRequest {
    static func start(_ request: TypeTextRequest, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError) {
        let text = request.text
        try service.act(on: request.ref, in: request.controller, timeoutMilliseconds: request.timeoutMilliseconds, session: session,
                        method: method, params: service.recorded(["text": .string(text)], controller: request.controller),
                        reply: reply, answeringSnapshot: { [unowned service] element throws(SlamError) in
            guard let field = element as? TextField else {
                throw .notEditable(reference: element.referenceOrPath, type: type(of: element).typeName)
            }
            try service.application.focus(field)
            try field.type(text)
        })
    }
}

/// `key`'s answer, with the focused element's snapshot written straight from the element.
struct KeyOutcomeOutput: JSONEncoding {
    typealias Value = KeyOutcome
    let key: String
    let handled: Bool
    let controller: String?
    let focused: View?

    func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("key", JSONNode(key))
        object.set("handled", JSONNode(handled))
        object.set("controller", controller.map { JSONNode($0) } ?? .null)
        object.set("focused", focused?.snapshotNode() ?? .null)
        return object
    }
}
