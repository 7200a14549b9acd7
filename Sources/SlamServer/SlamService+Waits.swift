import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// Pending waits and actions (``PendingWaits``), judged against the application served.
extension SlamService {
    /// The element a wait looks at now: in the named controller when it is on the stack, else in the top one;
    /// without a reference, that controller's root view.
    ///
    /// - Throws: -32014 when the locator matches several elements.
    func waitTarget(_ reference: ElementLocator?, controller identifier: String?) throws(ResponseError) -> View? {
        let controller = identifier.map { application.controllerOnStack(identifier: $0) } ?? application.topController
        guard let controller else { return nil }
        guard let reference else { return controller.view }
        return try locate(reference, in: controller)
    }

    /// Answers every pending wait whose condition now holds, oldest first, until one pending
    /// action finds its element actionable and acts: then returns true, so that what it changed
    /// is applied and announced before anything else is judged (``afterUIActivity()`` loops).
    func evaluateWaits() -> Bool {
        waits.judge { wait in
            switch wait.purpose {
            case .condition(let condition):
                let element: View?
                do throws(ResponseError) {
                    element = try waitTarget(wait.reference, controller: wait.controllerIdentifier)
                } catch {
                    return .answered(.failure(error))
                }
                guard condition.holds(for: element) else { return .waiting }
                return .answered(.success(condition.answer(for: element)))
            case .action(let action):
                guard let reference = wait.reference else { return .waiting }
                switch readiness(reference, in: wait.controllerIdentifier) {
                case .notReady: return .waiting
                case .failed(let error): return .answered(.failure(error))
                case .ready(let element): return .acting { [unowned self] reply in action.perform(on: element, service: self, reply: reply) }
                }
            }
        }
    }

    /// Keeps a wait until it is answered, or until `timeout` passes (then `onTimeout` answers it).
    ///
    /// - Throws: -32017 when `session`, or all connections together, already hold as many pending
    ///   waits and actions as ``ServiceLimits`` allows.
    func registerWait(session: ClientSession, reference: ElementLocator?, controller identifier: String?, purpose: PendingWait.Purpose,
                      timeoutMilliseconds timeout: Int, reply: @escaping MethodDescriptor<ClientSession>.Reply,
                      onTimeout: @escaping (SlamService, @escaping MethodDescriptor<ClientSession>.Reply) -> Void) throws(ResponseError) {
        try waits.add(session: session, reference: reference, controller: identifier, purpose: purpose,
                      patterns: compiledPatterns(of: reference), timeoutMilliseconds: timeout, reply: reply) { [unowned self] reply in
            onTimeout(self, reply)
        }
    }

    /// Checks a timeout parameter against the configured limits.
    func checkedTimeout(_ milliseconds: Int?, default fallback: Int) throws(ResponseError) -> Int {
        let timeout = milliseconds ?? fallback
        guard (0...configuration.maximumWaitTimeoutMilliseconds).contains(timeout) else {
            throw .invalidParams("timeoutMs: must be between 0 and \(configuration.maximumWaitTimeoutMilliseconds), got \(timeout)",
                                 data: ["parameter": "timeoutMs"])
        }
        return timeout
    }
}
