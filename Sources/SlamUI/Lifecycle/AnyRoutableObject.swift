/// A request to show a screen, whatever its view model's type (the type
/// erasure of ``RoutableObject``), so requests for different screens can be
/// kept together and handed to ``Application/route(to:)``.
public protocol AnyRoutableObject {
    /// The screen to show, as registered in the routing configuration.
    var screenName: String { get }
    /// The view model handed to the new controller (``Routable/assign(viewModel:)``).
    var anyViewModel: any ViewModel { get }
    /// Pushed or presented modally.
    var navigationStyle: NavigationStyle { get }
}
