/// A ``LifecycleElement`` whose state is one ``ViewModel`` (the seed's
/// `BMViewWithViewModel`): setting ``viewModel`` calls
/// ``update(oldViewModel:)`` with the previous value (nil the first time).
///
/// Subclass ``LifecycleElement`` (which stores the view model) and write only
/// `update(oldViewModel:)`: its parameter type names the view model, and
/// `viewModel` comes with the protocol. Setting it counts as the element's
/// first update, so the plain ``LifecycleElement/update()`` does not run on first display.
///
/// ```swift
/// final class ProfileView: LifecycleElement, ViewWithViewModel {
///     let name = Label(reference: "name")
///     override func configure() { embed(name) }
///     func update(oldViewModel: ProfileViewModel?) {
///         name.text = viewModel?.name ?? ""
///     }
/// }
/// let view = ProfileView(reference: "profile")
/// view.viewModel = ProfileViewModel(name: "Ada", age: 36)   // update(oldViewModel: nil)
/// ```
public protocol ViewWithViewModel: LifecycleElement {
    /// The view model type, inferred from ``update(oldViewModel:)``.
    associatedtype Model: ViewModel
    /// The state shown; setting it, even to an equal value, calls ``update(oldViewModel:)``.
    var viewModel: Model? { get set }
    /// Makes the subviews show ``viewModel``; `oldViewModel` is the value it
    /// replaced (nil the first time), for updating only what changed.
    func update(oldViewModel: Model?)
}

extension ViewWithViewModel {
    /// The state shown; setting it, even to an equal value, calls ``update(oldViewModel:)`` with the previous one.
    public var viewModel: Model? {
        get { storedViewModel as? Model }
        set {
            let oldViewModel = storedViewModel as? Model
            storedViewModel = newValue
            hasUpdated = true
            update(oldViewModel: oldViewModel)
        }
    }
}
