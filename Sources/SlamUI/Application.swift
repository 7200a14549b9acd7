/// A headless application: a navigation stack of controllers, the tasks its
/// elements run, and the routing table that creates controllers by screen name.
///
/// The routing table is filled by ``registerController(identifier:factory:)``
/// (one screen) and ``install(_:)`` (a ``RoutingConfigurationProvider``);
/// a controller identifier registered there and a screen name are the same thing.
///
/// Predefined tasks:
/// - `pop`: removes the top controller (modal or pushed); the root cannot be popped.
/// - `push <screen>`: routes to that screen name, pushed, through
///   ``route(to:viewModel:style:)``; an unknown name is ``SlamError/unknownController(identifier:)``.
/// - `url <address>`: records the address in ``openedURLs``, reports an
///   ``ApplicationEvent/openURL(address:)`` and calls ``openURLHandler``; no browser opens.
///
/// A controller is loaded (``ViewController/viewDidLoad()``) and reset the first
/// time it appears, and updated each later time it becomes the top again.
public final class Application {
    /// One entry of the navigation stack.
    public struct Presentation {
        /// The controller shown by this entry.
        public let controller: ViewController
        /// Presented modally rather than pushed.
        public let isModal: Bool
    }

    /// Creates a new controller for a screen name (a controller identifier).
    public typealias ControllerFactory = () throws(SlamError) -> ViewController

    /// The named tasks elements and clients run: the predefined ones, plus those the application adds.
    public let tasks = TaskRegistry()
    /// The shared named state storyboards bind to and clients read and write (``StateStore``).
    public let state = StateStore()
    /// The navigation stack, root first.
    @exclusivity(unchecked) public private(set) var stack: [Presentation] = []
    /// Where relative file names of text views and web views are looked up.
    public var resourceDirectory: String?
    /// Receives every ``ApplicationEvent`` (the daemon forwards them to subscribers).
    public var eventHandler: ((ApplicationEvent) -> Void)?
    /// Called for each address the `url` task opens; a headless host may log it or hand it on.
    public var openURLHandler: ((String) -> Void)?
    /// Every address the `url` task was asked to open, oldest first.
    public private(set) var openedURLs: [String] = []

    /// How a host runs the coalesced updates of bound elements soon after they are
    /// asked for (the daemon: its event loop). Without one, they wait for
    /// ``performPendingUpdates()``, which the daemon also calls after every request.
    public var updateScheduler: ((@escaping () -> Void) -> Void)?
    /// Controllers waiting for one coalesced `updateUI`, in the order they asked.
    /// (Read after every request, on the host's thread only: unchecked, as the run-time exclusivity check costs more than the read.)
    @exclusivity(unchecked) var controllersNeedingUpdate: [ViewController] = []
    var isUpdateScheduled = false

    /// Elements whose change task a person's change made due, not yet taken by the host (``takeDueChangeTasks()``).
    @exclusivity(unchecked) var dueChangeTasks: [View] = []

    /// Alerts the `alert` task presents, by identifier.
    var alerts: [String: Alert] = [:]

    /// The routing table: screen names to controller factories.
    private var factories: [String: ControllerFactory] = [:]
    private var factoryOrder: [String] = []

    /// Creates an application with an empty stack and the predefined tasks registered.
    public init() {
        tasks.didRun = { [unowned self] name, param in emit(.taskRan(name: name, param: param)) }
        tasks.addTask(name: "pop") { [unowned self] _ in try pop() }
        tasks.addTask(name: "push") { [unowned self] param in
            guard let identifier = param, !identifier.isEmpty else {
                throw SlamError.taskFailed(name: "push", reason: "it needs the identifier of a controller as its param")
            }
            try route(to: identifier)
        }
        tasks.addTask(name: "alert") { [unowned self] param in
            guard let identifier = param, !identifier.isEmpty else {
                throw SlamError.taskFailed(name: "alert", reason: "it needs the identifier of an alert as its param")
            }
            try presentAlert(identifier: identifier)
        }
        tasks.addTask(name: "url") { [unowned self] param in
            guard let address = param, !address.isEmpty else {
                throw SlamError.taskFailed(name: "url", reason: "it needs an address as its param")
            }
            openURL(address)
        }
        installStateTasks()
    }

    /// The controller on top of the stack.
    public var topController: ViewController? { stack.last?.controller }

    /// Adds the screen `identifier` to the routing table (for `push`,
    /// ``route(to:viewModel:style:)`` and ``start(with:)``), replacing a screen of that name.
    public func registerController(identifier: String, factory: @escaping ControllerFactory) {
        if factories.updateValue(factory, forKey: identifier) == nil { factoryOrder.append(identifier) }
    }

    /// Screen names that can be pushed, in registration order.
    public var controllerIdentifiers: [String] { factoryOrder }

    /// Creates a new controller instance for `identifier`.
    public func makeController(identifier: String) throws(SlamError) -> ViewController {
        guard let factory = factories[identifier] else { throw .unknownController(identifier: identifier) }
        return try factory()
    }

    /// Replaces the whole stack with a new instance of `identifier` as its root.
    public func start(with identifier: String) throws(SlamError) {
        let controller = try makeController(identifier: identifier)
        for presentation in stack { presentation.controller.application = nil }
        stack = []
        show(controller, modal: false)
    }

    /// Pushes a new instance of the screen `identifier` (``route(to:viewModel:style:)`` without a view model).
    public func push(identifier: String) throws(SlamError) {
        try route(to: identifier)
    }

    /// Pushes `controller` on top of the stack.
    public func push(_ controller: ViewController) {
        show(controller, modal: false)
    }

    /// Presents `controller` modally on top of the stack.
    public func present(_ controller: ViewController) {
        show(controller, modal: true)
    }

    /// Removes the top controller and updates the one revealed.
    ///
    /// - Throws: ``SlamError/cannotPopRoot(identifier:)`` when only the root is left,
    ///   ``SlamError/noController`` when the stack is empty.
    public func pop() throws(SlamError) {
        guard let top = stack.last else { throw .noController }
        guard stack.count > 1 else { throw .cannotPopRoot(identifier: top.controller.identifier) }
        stack.removeLast()
        top.controller.application = nil
        topController?.updateUI()
        emit(.navigated(stack: stack.map(\.controller.identifier)))
    }

    /// Takes `controller` off the stack from below the top (an alert dismissed under another).
    func removeFromStack(_ controller: ViewController) {
        guard let index = stack.firstIndex(where: { $0.controller === controller }), index > 0 else { return }
        stack.remove(at: index)
        controller.application = nil
        emit(.navigated(stack: stack.map(\.controller.identifier)))
    }

    /// Runs the task `name`; `sender` is the element whose press runs it (see ``TaskRegistry/runTask(name:param:sender:)``).
    public func runTask(name: String, param: String? = nil, sender: View? = nil) throws(SlamError) {
        try tasks.runTask(name: name, param: param, sender: sender)
    }

    /// Registers a task (see ``TaskRegistry/addTask(name:action:)``).
    public func addTask(name: String, action: @escaping TaskRegistry.Action) {
        tasks.addTask(name: name, action: action)
    }

    /// Records a request to open `address` and reports it.
    public func openURL(_ address: String) {
        openedURLs.append(address)
        emit(.openURL(address: address))
        openURLHandler?(address)
    }

    /// The controller with `identifier` on the stack (the topmost if several), or nil.
    public func controllerOnStack(identifier: String) -> ViewController? {
        stack.last { $0.controller.identifier == identifier }?.controller
    }

    /// Puts `controller` on top: loads and resets it the first time, updates it later times.
    func show(_ controller: ViewController, modal: Bool) {
        controller.application = self
        stack.append(Presentation(controller: controller, isModal: modal))
        if controller.isViewLoaded {
            controller.updateUI()
        } else {
            controller.loadViewIfNeeded()
            controller.resetUI()
        }
        emit(.navigated(stack: stack.map(\.controller.identifier)))
    }

    /// Hands `event` to the host through ``eventHandler`` (also for warnings no caller can be told about).
    func emit(_ event: ApplicationEvent) {
        eventHandler?(event)
    }
}
