import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

extension FindRequest: HandledRequest {
    static func handle(_ request: FindRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> ElementSnapshotOutput {
        ElementSnapshotOutput(element: try service.element(request.ref, in: request.controller))
    }
}

extension LocatorRequest: HandledRequest {
    /// The locator `action` events carry, so a test written from it finds what a recording would.
    static func handle(_ request: LocatorRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> RobustLocator {
        RobustLocator(locator: service.robustLocator(for: try service.element(request.ref, in: request.controller)))
    }
}

extension TreeRequest: HandledRequest {
    static func handle(_ request: TreeRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> ElementTreeOutput {
        if let depth = request.depth, depth < 0 {
            throw .invalidParams("depth: must be 0 or more, got \(depth)", data: ["parameter": "depth"])
        }
        let root = if let reference = request.ref {
            try service.element(reference, in: request.controller)
        } else {
            try service.controller(request.controller).view
        }
        return ElementTreeOutput(element: root, depth: request.depth)
    }
}

extension QueryRequest: HandledRequest {
    /// The types `type` may name: the built-in ones, and `Alert` (not placed by storyboards, but its root can be looked for).
    static let knownTypes = Set(ElementType.builtIn.keys).union([AlertView.typeName])

    static func handle(_ request: QueryRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> ElementSnapshotListOutput {
        if let type = request.type, !Self.knownTypes.contains(type) {
            throw .invalidParams("type: unknown element type '\(type)'; known types: \(Self.knownTypes.sorted().joined(separator: ", "))",
                                 data: ["parameter": "type"])
        }
        let controller = try service.controller(request.controller)
        var matches: [View] = []
        controller.view.forEachInTree { element in
            if let type = request.type, Swift.type(of: element).typeName != type { return }
            if let text = request.text, element.snapshot()["text"] != .string(text) { return }
            if let visible = request.visible, element.isHidden == visible { return }
            if let enabled = request.enabled, ((element as? ControlView)?.isEnabled ?? true) != enabled { return }
            matches.append(element)
        }
        return ElementSnapshotListOutput(elements: matches)
    }
}

extension UpdateUIRequest: HandledRequest {
    static func handle(_ request: UpdateUIRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> Changes {
        try service.refresh(request.ref, in: request.controller) { $0.updateUI() }
    }
}

extension ResetUIRequest: HandledRequest {
    static func handle(_ request: ResetUIRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> Changes {
        try service.refresh(request.ref, in: request.controller) { $0.resetUI() }
    }
}

extension PressRequest: DeferredRequest {
    static func start(_ request: PressRequest, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError) {
        let value = request.value.map(PressValue.init)
        try service.act(on: request.ref, in: request.controller, timeoutMilliseconds: request.timeoutMilliseconds, session: session,
                        method: method, params: service.recorded(["value": request.value?.parameterJSON ?? .null], controller: request.controller),
                        reply: reply, answeringSnapshot: { element throws(SlamError) in
            try element.press(value)
        })
    }
}

extension SetTextRequest: DeferredRequest {
    static func start(_ request: SetTextRequest, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError) {
        let text = request.text
        try service.act(on: request.ref, in: request.controller, timeoutMilliseconds: request.timeoutMilliseconds, session: session,
                        method: method, params: service.recorded(["text": .string(text)], controller: request.controller),
                        reply: reply, answeringSnapshot: { element throws(SlamError) in
            try element.enterText(text)
        })
    }
}

extension RunTaskRequest: DeferredRequest {
    /// A task a client registered is answered when that client answers, with its answer as `result`.
    static func start(_ request: RunTaskRequest, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError) {
        let ((), calls) = try service.collectingClientTasks { () throws(ResponseError) in
            do throws(SlamError) {
                try service.application.runTask(name: request.name, param: request.param)
            } catch {
                throw error.responseError
            }
        }
        service.announceAction(method, params: ["name": .string(request.name), "param": request.param.map(JSONValue.string) ?? .null],
                               client: session.identifier)
        service.answerAfterClientTasks(calls, reply: reply) { [unowned service] results in
            TaskOutcome(task: request.name, param: request.param, top: service.application.topController?.identifier,
                        result: results.first).jsonNode()
        }
    }
}

extension PressValue {
    init(_ input: PressInput) {
        switch input {
        case .index(let index): self = .index(index)
        case .bool(let flag): self = .bool(flag)
        case .increment: self = .increment
        case .decrement: self = .decrement
        case let .position(first, second): self = .position(first, second)
        case .text(let text): self = .text(text)
        case .number(let number): self = .number(number)
        }
    }
}

extension SlamService {
    /// Runs `refresh` on the target subtree (default: the whole controller) and reports the controller's changes.
    func refresh(_ reference: ElementLocator?, in controllerID: String?, _ refresh: (View) -> Void) throws(ResponseError) -> Changes {
        let controller = try controller(controllerID)
        let target = if let reference { try element(reference, in: controllerID) } else { controller.view }
        refresh(target)
        let changed = takeChanges(of: controller)
        return Changes(controller: controller.identifier, changed: changed.map(\.referenceOrPath))
    }
}
