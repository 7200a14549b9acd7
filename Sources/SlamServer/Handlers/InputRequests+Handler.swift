import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

extension FocusRequest: HandledRequest {
    static func handle(_ request: FocusRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> ElementSnapshotOutput {
        let element = try service.element(request.ref, in: request.controller)
        do throws(SlamError) {
            try service.application.focus(element)
        } catch {
            throw error.responseError
        }
        return ElementSnapshotOutput(element: element)
    }
}

extension KeyRequest: HandledRequest {
    static func handle(_ request: KeyRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> KeyOutcomeOutput {
        guard let key = Key(name: request.key) else {
            throw .invalidParams("key: unknown key '\(request.key)'; use one character or one of \(Key.namedKeys.joined(separator: ", "))",
                                 data: ["parameter": "key", "key": .string(request.key)])
        }
        let handled: Bool
        do throws(SlamError) {
            handled = try service.application.pressKey(key)
        } catch {
            throw error.responseError
        }
        let top = service.application.topController
        return KeyOutcomeOutput(key: key.name, handled: handled, controller: top?.identifier, focused: top?.focusedElement)
    }
}

extension TypeTextRequest: HandledRequest {
    static func handle(_ request: TypeTextRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> ElementSnapshotOutput {
        let element = try service.element(request.ref, in: request.controller)
        guard let field = element as? TextField else {
            throw SlamError.notEditable(reference: request.ref, type: type(of: element).typeName).responseError
        }
        do throws(SlamError) {
            try service.application.focus(field)
            try field.type(request.text)
        } catch {
            throw error.responseError
        }
        return ElementSnapshotOutput(element: field)
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
