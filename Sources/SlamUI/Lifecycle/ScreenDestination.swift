/// One entry of a routing configuration: a screen name and how to create a
/// new controller for it each time it is shown.
///
/// ```swift
/// ScreenDestination(screenName: "Settings") { () throws(SlamError) in
///     try ViewController(identifier: "Settings", view: View(reference: "root"))
/// }
/// ScreenDestination(ProfileController.self) { () throws(SlamError) in
///     try ProfileController(identifier: ProfileController.screenName, viewModel: .guest)
/// }
/// ```
public struct ScreenDestination {
    /// The name `push` and ``Application/route(to:viewModel:style:)`` take.
    public let screenName: String
    /// Creates a new controller for the screen.
    public let makeController: Application.ControllerFactory

    /// A destination for `screenName` whose controllers `makeController` creates, anew each time it is shown.
    public init(screenName: String, makeController: @escaping Application.ControllerFactory) {
        self.screenName = screenName
        self.makeController = makeController
    }

    /// A destination named by the controller type's ``Routable/screenName``.
    public init<Controller: Routable>(_ controllerType: Controller.Type,
                                      makeController: @escaping () throws(SlamError) -> Controller) {
        self.init(screenName: Controller.screenName) { () throws(SlamError) -> ViewController in
            try makeController()
        }
    }
}
