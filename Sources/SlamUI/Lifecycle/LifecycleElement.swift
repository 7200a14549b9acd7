/// A custom element that runs its own lifecycle (see ``LifecycleView``):
/// ``configure()``, ``style()`` and ``layout()`` once, when it is created, then
/// ``update()`` once before it is first shown and again on each state change.
///
/// Who calls what:
/// - `init(reference:)` calls `configure()`, `style()`, `layout()`, in that order.
///   Properties the subclass initialises before `super.init` are already set.
/// - Properties holding state call ``stateDidChange()`` from their `didSet`;
///   it runs `update()` at once, except while the element is still being
///   configured (half-built subviews are never updated).
/// - The first ``View/fillUI()`` (when a controller first appears it is reset,
///   which fills every element) runs `update()` if nothing has run it yet, so
///   the initial state is shown without calling `update()` in `init`.
/// - Setting the view model of a ``ViewWithViewModel`` runs
///   `update(oldViewModel:)` instead, and counts as that first update.
///
/// ```swift
/// final class Checkbox: LifecycleElement {
///     let box = Label(reference: "box")
///     let caption = Label(reference: "caption")
///     var isChecked = false { didSet { stateDidChange() } }
///
///     override func configure() { embed(box, caption) }
///     override func style() { caption.text = "Remember me" }
///     override func update() { box.text = isChecked ? "☑" : "☐" }
///     override func layout() { moveSubview(caption, to: 0) }   // caption first
/// }
/// ```
open class LifecycleElement: View, LifecycleView {
    /// Whether `configure`, `style` and `layout` have all run (from the end of `init` on).
    public private(set) var isConfigured = false
    /// Whether `update()` or `update(oldViewModel:)` has run at least once.
    public internal(set) var hasUpdated = false
    /// The view model of a ``ViewWithViewModel``, stored here so that adopters
    /// write only `update(oldViewModel:)` and get `viewModel` for free.
    var storedViewModel: (any ViewModel)?

    /// Creates the element under `reference` and runs ``configure()``, ``style()`` and ``layout()``, in that order.
    public required init(reference: String) {
        super.init(reference: reference)
        configure()
        style()
        layout()
        isConfigured = true
    }

    /// Adds subviews while configuring. Nothing throws there: a detached
    /// element has no controller whose references could clash; a clash inside
    /// the element surfaces when a controller registers it.
    ///
    /// - Precondition: when the element is already in a controller, no
    ///   reference of `views` is used there (a programming error, like a
    ///   duplicate key in a dictionary literal).
    public final func embed(_ views: View...) {
        for view in views {
            do {
                try addSubview(view)
            } catch {
                preconditionFailure("embedding '\(view.reference)' in '\(path)': \(error)")
            }
        }
    }

    /// Runs ``update()`` now, for the `didSet` of state properties; does nothing
    /// while the element is still being configured (the first fill updates it then).
    public final func stateDidChange() {
        guard isConfigured else { return }
        hasUpdated = true
        update()
    }

    /// Adds subviews and attaches their closures. Runs once, first.
    open func configure() {}
    /// Applies the appearance that does not depend on state. Runs once, after ``configure()``.
    open func style() {}
    /// Makes the subviews show the current state. Runs once before first shown, then on ``stateDidChange()``.
    open func update() {}
    /// Arranges subviews (attachment and order; no geometry exists headlessly). Runs once, after ``style()``.
    open func layout() {}

    /// Fills visibility as every element does, then runs the first ``update()``
    /// if nothing has yet. Subclasses overriding it must call `super`.
    open override func fillUI() {
        super.fillUI()
        if !hasUpdated {
            hasUpdated = true
            update()
        }
    }
}
