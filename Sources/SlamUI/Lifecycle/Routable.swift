/// A controller that can be navigated to by screen name (the seed's
/// `Routable`), and can receive a view model when routed to.
///
/// The screen name is what ``ScreenDestination/init(_:makeController:)``
/// registers the controller under, so code can route with
/// `ProfileController.screenName` instead of a string literal.
/// ``ManagedViewController`` already implements ``assign(viewModel:)``;
/// other controllers that take a view model implement it, the rest need not.
///
/// ```swift
/// final class OrderController: ViewController, Routable {
///     static let screenName = "Order"
///     var order: OrderViewModel?
///     func assign(viewModel: any ViewModel) -> Bool {
///         guard let order = viewModel as? OrderViewModel else { return false }
///         self.order = order
///         return true
///     }
/// }
/// ```
public protocol Routable: ViewController {
    /// The name routes and the `push` task use for this screen.
    static var screenName: String { get }
    /// Takes the view model a route carries, before the controller is shown.
    /// - Returns: whether the controller accepts a view model of this type;
    ///   when it does not, the route is refused and nothing is shown.
    @discardableResult
    func assign(viewModel: any ViewModel) -> Bool
}

extension Routable {
    /// Refuses every view model: for screens that take none.
    @discardableResult
    public func assign(viewModel: any ViewModel) -> Bool { false }
}
