import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// An acting request (press, setText, typeText, focus, key) waiting for its element to become actionable.
struct PendingAction {
    /// Acts on the element and says what the request answers.
    let act: (View) throws(ResponseError) -> JSONNode

    func perform(on element: View) -> MethodOutcome {
        do throws(ResponseError) {
            return .success(try act(element))
        } catch {
            return .failure(error)
        }
    }
}

/// Actionability: an acting request with `timeoutMs` waits, event-driven, until a person
/// could act on its element (it exists, is visible, enabled and not covered), then acts
/// on the same turn of the loop. Without `timeoutMs` it acts (or fails) at once.
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
    func act(on locator: ElementLocator, in identifier: String?, timeoutMilliseconds: Int?, session: ClientSession,
             reply: @escaping MethodDescriptor<ClientSession>.Reply,
             _ act: @escaping (View) throws(ResponseError) -> JSONNode) throws(ResponseError) {
        let timeout = try checkedTimeout(timeoutMilliseconds, default: 0)
        let action = PendingAction(act: act)
        switch readiness(locator, in: identifier) {
        case .ready(let element):
            reply(action.perform(on: element))
        case .failed(let error):
            throw error
        case .notReady(_, _, let error):
            guard timeout > 0 else { throw error() }
            registerWait(session: session, reference: locator, controller: identifier, purpose: .action(action),
                         timeoutMilliseconds: timeout, reply: reply) { service in
                service.actionTimedOut(locator, in: identifier, after: timeout, action: action)
            }
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
    private func actionTimedOut(_ locator: ElementLocator, in identifier: String?, after timeout: Int, action: PendingAction) -> MethodOutcome {
        switch readiness(locator, in: identifier) {
        case .ready(let element):
            return action.perform(on: element)
        case .failed(let error):
            return .failure(error)
        case let .notReady(condition, element, error):
            var failure = error()
            failure.message += " (waited \(timeout) ms for \(locator) to \(condition))"
            var data = failure.data?.objectValue ?? [:]
            data["condition"] = .string(condition)
            data["timeoutMs"] = .integer(Int64(timeout))
            data["snapshot"] = element?.snapshot().jsonValue ?? .null
            failure.data = .object(data)
            return .failure(failure)
        }
    }
}
