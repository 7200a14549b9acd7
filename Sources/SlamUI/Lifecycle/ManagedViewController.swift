/// A controller that creates and manages a ``ManagedView`` as its root view
/// and gives it a view model before it first appears.
///
/// Order, from `init` to first display:
/// 1. the view is created from its type: `configure`, `style`, `layout` run;
/// 2. the controller registers the view's references (as every controller does);
/// 3. the view model is set: `update(oldViewModel: nil)` runs, with the view
///    already able to reach this controller (to set ``ViewController/title``);
/// 4. when the application first shows the controller: `viewDidLoad`, then
///    `resetUI` (the view's plain `update()` does not run: setting the view
///    model counted as its first update).
///
/// Make a subclass ``Routable`` to receive view models from routes:
///
/// ```swift
/// final class ProfileController: ManagedViewController<ProfileView>, Routable {
///     static let screenName = "Profile"
/// }
/// let controller = try ProfileController(identifier: "Profile", viewModel: ProfileViewModel(name: "Ada", age: 36))
/// ```
open class ManagedViewController<Managed: ManagedView>: ViewController {
    /// The root view, typed (the same object as ``ViewController/view``).
    public let managedView: Managed

    /// Creates the view from its type and sets its view model.
    ///
    /// - Parameter reference: the reference of the root view.
    /// - Throws: ``SlamError/duplicateReference(reference:firstPath:secondPath:)``
    ///   when the view's `configure` used a reference twice.
    public init(identifier: String, title: String = "", viewModel: Managed.Model,
                reference: String = "root") throws(SlamError) {
        managedView = Managed(reference: reference)
        try super.init(identifier: identifier, title: title, view: managedView)
        // After super.init, so the view's first update can already reach this controller.
        managedView.viewModel = viewModel
    }

    /// The view model of the managed view; setting it runs the view's `update(oldViewModel:)`.
    public var viewModel: Managed.Model? {
        get { managedView.viewModel }
        set { managedView.viewModel = newValue }
    }

    /// Hands the managed view a view model of any type, as a route does
    /// (see ``Routable/assign(viewModel:)``).
    ///
    /// - Returns: whether it was a `Managed.Model` and was set; otherwise nothing changes.
    @discardableResult
    open func assign(viewModel: any ViewModel) -> Bool {
        guard let viewModel = viewModel as? Managed.Model else { return false }
        managedView.viewModel = viewModel
        return true
    }
}
