/// A request to show a screen with a view model (the seed's `RoutableObject`).
///
/// ```swift
/// let route = RoutableObject(screenName: "Profile", viewModel: ProfileViewModel(name: "Ada", age: 36))
/// try application.route(to: route)
/// ```
public struct RoutableObject<Model: ViewModel>: AnyRoutableObject {
    public var screenName: String
    /// The view model handed to the new controller.
    public var viewModel: Model
    public var navigationStyle: NavigationStyle

    public init(screenName: String, viewModel: Model, navigationStyle: NavigationStyle = .push) {
        self.screenName = screenName
        self.viewModel = viewModel
        self.navigationStyle = navigationStyle
    }

    public var anyViewModel: any ViewModel { viewModel }
}
