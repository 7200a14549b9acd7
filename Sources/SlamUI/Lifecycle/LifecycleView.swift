/// The four phases of a custom element (the seed's `BMView`): `configure`,
/// `style`, `update` and `layout`, so that building, static appearance,
/// state and arrangement each have one place.
///
/// Subclass ``LifecycleElement`` rather than adopting this protocol directly:
/// it runs the phases for you, in this order and no other:
///
/// | phase | runs | does |
/// |---|---|---|
/// | ``configure()`` | once, at creation | adds subviews, wires their closures |
/// | ``style()`` | once, after `configure` | sets what never depends on state (static texts, hidden parts) |
/// | ``layout()`` | once, after `style` | arranges subviews (see below) |
/// | ``update()`` | when state changes, and once before the element is first shown | makes subviews show the current state |
///
/// Headlessly there are no frames, sizes or positions, so `layout` means the
/// arrangement a client can observe: which subviews are attached and in what
/// order (``View/addSubview(_:at:)``, ``View/moveSubview(_:to:)``,
/// ``View/removeFromSuperview()``), which is the order trees, snapshots and
/// wireframes list them in.
///
/// A type that adopts the protocol without subclassing ``LifecycleElement`` is
/// driven by nobody: call `configure()`, `style()` and `layout()` at the end
/// of its initialiser and `update()` from its state's `didSet`, as the seed does.
public protocol LifecycleView: View {
    /// Builds the element once: adds subviews and attaches their closures.
    func configure()
    /// Applies, once, the appearance that does not depend on state.
    func style()
    /// Makes the subviews reflect the current state; runs again on each change.
    func update()
    /// Arranges the subviews once: which are attached and in what order (no geometry exists headlessly).
    func layout()
}
