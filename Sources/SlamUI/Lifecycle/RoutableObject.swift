/// A request to show a screen with a view model (the seed's `RoutableObject`).
///
/// ```swift
/// let route = RoutableObject(screenName: "Profile", viewModel: ProfileViewModel(name: "Ada", age: 36))
/// try application.route(to: route)
/// ```
public struct RoutableObject<Model: ViewModel>: AnyRoutableObject {
    /// The screen to show, as registered in the routing configuration.
    public var screenName: String
    /// The view model handed to the new controller.
    public var viewModel: Model
    /// Whether the screen is pushed or presented modally.
    public var navigationStyle: NavigationStyle

    /// A request to show `screenName` with `viewModel`, pushed unless `navigationStyle` says otherwise.
    public init(screenName: String, viewModel: Model, navigationStyle: NavigationStyle = .push) {
        self.screenName = screenName
        self.viewModel = viewModel
        self.navigationStyle = navigationStyle
    }

    /// The view model, type-erased for ``AnyRoutableObject``.
    public var anyViewModel: any ViewModel { viewModel }
}
