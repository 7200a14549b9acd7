/// The router: screen names to controllers, with an optional view model,
/// pushed or presented modally.
///
/// There is one routing table: ``Application/registerController(identifier:factory:)``
/// adds one screen to it and ``install(_:)`` adds a whole configuration.
/// The `push` task, ``Application/push(identifier:)`` and
/// ``Application/start(with:)`` all look screens up there.
extension Application {
    /// Adds every destination of `configuration` to the routing table; a
    /// screen name already there is replaced and keeps its place in
    /// ``controllerIdentifiers``.
    public func install(_ configuration: some RoutingConfigurationProvider) {
        for destination in configuration.destinations {
            registerController(identifier: destination.screenName, factory: destination.makeController)
        }
    }

    /// Creates a new controller for `screenName`, hands it `viewModel` when
    /// there is one, and shows it.
    ///
    /// ```swift
    /// try application.route(to: "Profile", viewModel: ProfileViewModel(name: "Ada", age: 36), style: .modal)
    /// ```
    ///
    /// - Returns: the controller now on top.
    /// - Throws: ``SlamError/unknownController(identifier:)`` for a screen not
    ///   in the routing table; ``SlamError/taskFailed(name:reason:)`` (task
    ///   `route`) when the controller is not ``Routable`` or refuses the view
    ///   model's type. Nothing is shown when it throws.
    @discardableResult
    public func route(to screenName: String, viewModel: (any ViewModel)? = nil,
                      style: NavigationStyle = .push) throws(SlamError) -> ViewController {
        let controller = try makeController(identifier: screenName)
        if let viewModel {
            guard let routable = controller as? any Routable, routable.assign(viewModel: viewModel) else {
                throw .taskFailed(name: "route",
                                  reason: "screen '\(screenName)' does not take a view model of type \(type(of: viewModel))")
            }
        }
        show(controller, modal: style == .modal)
        return controller
    }

    /// Shows the screen a routable object names, with its view model and navigation style.
    ///
    /// - Throws: as ``route(to:viewModel:style:)``.
    @discardableResult
    public func route(to object: any AnyRoutableObject) throws(SlamError) -> ViewController {
        try route(to: object.screenName, viewModel: object.anyViewModel, style: object.navigationStyle)
    }
}
