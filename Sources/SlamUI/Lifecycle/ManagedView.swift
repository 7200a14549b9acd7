/// A ``ViewWithViewModel`` that is the root view of a
/// ``ManagedViewController`` (the seed's `BMViewWithViewControllerAndViewModel`).
///
/// The controller creates it (which runs `configure`, `style` and `layout`)
/// and sets its view model before it first appears, so
/// ``ViewWithViewModel/update(oldViewModel:)`` has run at least once by then.
/// From the view, ``managingController``, ``navigationTitle`` and
/// ``application`` reach what the seed's navigation bar, navigation item and
/// view controller helpers reach.
///
/// ```swift
/// final class ProfileView: LifecycleElement, ManagedView {
///     let name = Label(reference: "name")
///     override func configure() { embed(name) }
///     func update(oldViewModel: ProfileViewModel?) {
///         name.text = viewModel?.name ?? ""
///         navigationTitle = viewModel?.name ?? "Profile"
///     }
/// }
/// ```
public protocol ManagedView: ViewWithViewModel {}

extension ManagedView {
    /// The controller managing this view, once it has been created by one.
    public var managingController: ManagedViewController<Self>? {
        controller as? ManagedViewController<Self>
    }

    /// The title of the controller showing this view (what navigation shows
    /// for the screen); empty, and not settable, while no controller holds the view.
    public var navigationTitle: String {
        get { controller?.title ?? "" }
        set { controller?.title = newValue }
    }

    /// The application showing this view's controller, while it is pushed or presented.
    public var application: Application? {
        controller?.application
    }
}
