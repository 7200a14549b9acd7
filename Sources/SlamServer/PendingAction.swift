import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// An acting request (press, setText, typeText, focus, key) waiting for its element to become actionable.
struct PendingAction {
    /// The request's method and what it did besides naming the element, for the `action` event.
    let method: String
    /// Worked out only when someone records.
    let params: () -> JSONValue.Object
    /// The connection that asked.
    let client: Int
    /// Acts on the element, and returns how to say what the request answers (worked out when it is
    /// answered: after the client tasks the action started, if any).
    let act: (View) throws(ResponseError) -> () -> JSONNode

    /// Acts, and answers through `reply`: at once, or when the client tasks the action started have
    /// answered. On success, tells `action` subscribers (recorders) what was done to which element.
    ///
    /// The element's locator is taken before acting: the action may change its text or remove it.
    func perform(on element: View, service: SlamService, reply: @escaping MethodDescriptor<ClientSession>.Reply) {
        // Read before acting: the action may change the element's text, remove it, or push a screen.
        let recording = service.isRecording
            ? (service.robustLocator(for: element), element.controller?.identifier, service.maskingSecureText(params(), target: element))
            : nil
        let answer: () -> JSONNode
        let calls: [ClientTaskCall]
        do throws(ResponseError) {
            (answer, calls) = try service.collectingClientTasks { () throws(ResponseError) in try act(element) }
        } catch {
            reply(.failure(error))
            return
        }
        if let (locator, controller, params) = recording {
            service.announceAction(method, locator: locator, controller: controller, params: params, client: client)
        }
        service.answerAfterClientTasks(calls, reply: reply) { _ in answer() }
    }
}
