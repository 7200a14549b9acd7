import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// Actionability: an acting request with `timeoutMs` waits, event-driven, until a person
/// could act on its element (it exists, is visible, enabled and not covered), then acts
/// on the same turn of the loop. Without `timeoutMs` it acts (or fails) at once, and so
/// does one whose element nothing in the app could show (``couldAppear(_:in:)``).
extension SlamService {
    /// Whether a person could act on an element now, and if not, what is missing.
    enum Readiness {
        case ready(View)
        /// Not yet: the condition that fails, and the error acting now would answer.
        case notReady(condition: String, element: View?, error: () -> ResponseError)
        /// Never, however long one waits (an ambiguous locator, a bad pattern).
        case failed(ResponseError)
    }

    /// Performs `act` on the element `locator` picks as soon as it is actionable: at once, or
    /// (with a timeout) after whatever UI change makes it so, answering through `reply`.
    ///
    /// `method` and `params` (what the request did besides naming the element) go to `action` subscribers.
    func act(on locator: ElementLocator, in identifier: String?, timeoutMilliseconds: Int?, session: ClientSession,
             method: String, params: @autoclosure @escaping () -> JSONValue.Object = [:],
             reply: @escaping MethodDescriptor<ClientSession>.Reply,
             _ act: @escaping (View) throws(ResponseError) -> () -> JSONNode) throws(ResponseError) {
        let timeout = try checkedTimeout(timeoutMilliseconds, default: 0)
        let action = PendingAction(method: method, params: params, client: session.identifier, act: act)
        guard timeout > 0 else {
            // Acting at once: the element's own checks refuse what a person could not do, as before any waiting.
            action.perform(on: try element(locator, in: identifier), service: self, reply: reply)
            return
        }
        switch readiness(locator, in: identifier) {
        case .ready(let element):
            action.perform(on: element, service: self, reply: reply)
        case .failed(let error):
            throw error
        case .notReady(_, element: .none, let error) where !couldAppear(locator, in: identifier):
            // Nothing the app could show matches: waiting would only delay the "did you mean".
            throw error()
        case .notReady:
            if isShuttingDown {
                throw ResponseError(code: .shuttingDown, message: "Shutting down: the daemon is stopping", data: ["ref": locator.parameterJSON])
            }
            try registerWait(session: session, reference: locator, controller: identifier, purpose: .action(action),
                         timeoutMilliseconds: timeout, reply: reply) { service, reply in
                service.actionTimedOut(locator, in: identifier, after: timeout, action: action, reply: reply)
            }
        }
    }

    /// ``act(on:in:timeoutMilliseconds:session:method:params:reply:_:)`` for the methods that answer
    /// the element's snapshot afterwards (`press`, `setText`, `typeText`, `focus`); `perform` refuses
    /// with what the UI model throws, answered as its JSON-RPC error.
    func act(on locator: ElementLocator, in identifier: String?, timeoutMilliseconds: Int?, session: ClientSession,
             method: String, params: @autoclosure @escaping () -> JSONValue.Object = [:],
             reply: @escaping MethodDescriptor<ClientSession>.Reply,
             answeringSnapshot perform: @escaping (View) throws(SlamError) -> Void) throws(ResponseError) {
        try act(on: locator, in: identifier, timeoutMilliseconds: timeoutMilliseconds, session: session, method: method,
                params: params(), reply: reply) { element throws(ResponseError) in
            do throws(SlamError) {
                try perform(element)
            } catch {
                throw error.responseError
            }
            return { ElementSnapshotOutput(element: element).jsonNode() }
        }
    }

    /// Whether the element `locator` picks (in the named controller, else the top one) is actionable now.
    func readiness(_ locator: ElementLocator, in identifier: String?) -> Readiness {
        let controller: ViewController
        if let identifier {
            guard let named = application.controllerOnStack(identifier: identifier) else {
                return .notReady(condition: "be on the stack", element: nil) { SlamError.unknownController(identifier: identifier).responseError }
            }
            controller = named
        } else {
            guard let top = application.topController else {
                return .notReady(condition: "be on the stack", element: nil) { SlamError.noController.responseError }
            }
            controller = top
        }
        let found: View?
        do throws(ResponseError) {
            found = try locate(locator, in: controller)
        } catch {
            return .failed(error)
        }
        guard let element = found else {
            return .notReady(condition: "exist", element: nil) { [unowned self] in notFound(locator, in: controller) }
        }
        do throws(SlamError) {
            try element.requireActionable()
        } catch {
            let condition = switch error {
            case .elementHidden: "be visible"
            case .elementDisabled: "be enabled"
            case .elementCovered: "not be covered"
            default: "be actionable"
            }
            return .notReady(condition: condition, element: element) { error.responseError }
        }
        return .ready(element)
    }

    /// What an action answers when its timeout passes: the error acting would give now, saying
    /// which condition failed and carrying the element's last snapshot (acting if, by now, it can).
    private func actionTimedOut(_ locator: ElementLocator, in identifier: String?, after timeout: Int, action: PendingAction,
                                reply: @escaping MethodDescriptor<ClientSession>.Reply) {
        switch readiness(locator, in: identifier) {
        case .ready(let element):
            action.perform(on: element, service: self, reply: reply)
        case .failed(let error):
            reply(.failure(error))
        case let .notReady(condition, element, error):
            var failure = error()
            failure.message += " (waited \(timeout) ms for \(locator) to \(condition))"
            var data = failure.data?.objectValue ?? [:]
            data["condition"] = .string(condition)
            data["timeoutMs"] = .integer(Int64(timeout))
            data["snapshot"] = element?.snapshot().jsonValue ?? .null
            failure.data = .object(data)
            reply(.failure(failure))
        }
    }
}

/// The `action` event: what every client did, for recorders.
extension SlamService {
    /// An `action` event's params: what the request did, and `controller` when it named one
    /// other than the top (a recorder then names it too, so the step acts where the request did).
    func recorded(_ params: JSONValue.Object?, controller: String?) -> JSONValue.Object {
        var recorded = (params ?? [:]).filter { $0.value != .null }
        if let controller, controller != application.topController?.identifier { recorded["controller"] = .string(controller) }
        return recorded
    }

    /// Whether anyone listens to `action` (recorders): only then are locators worked out.
    var isRecording: Bool { sessions.values.contains { $0.subscriptions.contains(.action) } }

    /// Tells `action` subscribers that a client acted, on the element `locator` finds in `controller`
    /// (nil for a key to the focus, a task, a reset: then the top controller).
    func announceAction(_ method: String, locator: ElementLocator? = nil, controller: String? = nil, params: JSONValue.Object, client: Int) {
        guard isRecording else { return }
        broadcast(ActionEvent(method: method, ref: locator, controller: controller ?? application.topController?.identifier,
                              params: params, client: client))
    }

    /// The locator most likely to find `element` again after the app changed, as a person would name
    /// it: its role and accessible name when they are unique on the screen and the name cannot change
    /// (a label, or a text nothing binds, loads or generates); else its reference; else its type and
    /// text when they are unique; else its type (and text) within the nearest ancestor that has a
    /// reference, with `nth` when several match there.
    ///
    /// What a person typed is no way to find a field again: text fields and text views are
    /// never located by their text (their names come from their labels and placeholders).
    func robustLocator(for element: View) -> ElementLocator {
        let type = Swift.type(of: element).typeName
        guard let controller = element.controller else { return ElementLocator(type: type) }
        let role = element.accessibilityRole, name = element.accessibleName
        if role != .generic, !name.isEmpty, !element.nameCanChange, LocatorPattern(written: name) == nil,
           (try? locate(ElementLocator(role: role.rawValue, name: name), in: controller)) === element {
            return ElementLocator(role: role.rawValue, name: name)
        }
        if !element.reference.isEmpty, controller.find(element.reference) === element { return ElementLocator(element.reference) }
        let text = element is TextField || element is TextView ? nil : element.locatorText.flatMap { $0.isEmpty ? nil : $0 }
        if let text, (try? locate(ElementLocator(type: type, text: text), in: controller)) === element {
            return ElementLocator(type: type, text: text)
        }
        var ancestor = element.superview
        while let candidate = ancestor, candidate.reference.isEmpty || controller.find(candidate.reference) !== candidate {
            ancestor = candidate.superview
        }
        var locator = ElementLocator(type: type, text: text, within: ancestor.map { ElementLocator($0.reference) })
        let found = (try? matches(locator, in: controller)) ?? []
        if found.count != 1, let index = found.firstIndex(where: { $0 === element }) { locator.nth = index }
        return locator
    }
}
