/// The screens an application can route to (the seed's
/// `RoutingConfigurationProvider`), usually provided by whatever assembles
/// the application's dependencies. Install it with
/// ``Application/install(_:)``; its screen names then work with the `push`
/// task, ``Application/route(to:viewModel:style:)`` and ``Application/start(with:)``.
///
/// ```swift
/// struct AppRoutes: RoutingConfigurationProvider {
///     var destinations: [ScreenDestination] {
///         [ScreenDestination(ProfileController.self) { () throws(SlamError) in
///             try ProfileController(identifier: "Profile", viewModel: .guest)
///         }]
///     }
/// }
/// ```
public protocol RoutingConfigurationProvider {
    /// The screens, in the order ``Application/controllerIdentifiers`` lists them.
    var destinations: [ScreenDestination] { get }
}
