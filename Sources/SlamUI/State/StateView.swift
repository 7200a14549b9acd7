/// An element that draws its children from `state` and `props` (the seed's
/// StateView): override ``render()`` and ``place(_:key:configure:)`` the
/// children it should show now; after each render the children are reconciled
/// by key — a child placed again keeps its identity (and what users typed into
/// it) and gets its new props, a new key adds a child, a key not placed again
/// removes its child, and the order of the children follows the placement order.
///
/// Setting ``state`` asks for one render, coalesced with every other change
/// before the controller's next update (the daemon runs it before it answers
/// the request, or on its next loop turn). A kept child state view re-renders
/// only when its resolved props changed.
///
/// A child placed with key `K` gets the reference `parent/K` (just `K` under an
/// anonymous state view): references stay unique in the controller however
/// many rows repeat the same keys, and clients find them like any other element.
///
/// ```swift
/// final class TodoList: StateView {
///     override func getInitialState() -> [String: StateValue] { ["todos": ["Milk", "Eggs"]] }
///     override func render() {
///         for (index, title) in (state["todos"]?.listValue ?? []).enumerated() {
///             let row = place(TodoRow.self, key: "row\(index)")
///             row.prop(forKey: "title", is: title)
///             row.prop(forKey: "didRemove") { [unowned self] _ in removeTodo(at: index) }
///         }
///     }
/// }
/// ```
open class StateView: View {
    /// A function passed from a parent to a child as a prop; the child calls it
    /// with values (the seed's `([String: AnyObject]) -> Void`).
    public typealias PropFunction = ([String: StateValue]) -> Void

    /// What describes this view now; every assignment asks for a (coalesced) render.
    public var state: [String: StateValue] = [:] {
        // A change made by render() itself is already seen by that render.
        didSet { if !isRendering { setNeedsRender() } }
    }

    /// The values the parent state view passed in its last render.
    public internal(set) var props: [String: StateValue] = [:]
    /// The functions the parent state view passed in its last render.
    public internal(set) var functionProps: [String: PropFunction] = [:]

    /// How many times ``render()`` ran: kept children that did not need to render show it.
    public private(set) var renderCount = 0
    /// Whether a state change waits for a render.
    public private(set) var needsRender = true

    var isRendering = false
    /// Children in `render()`: the placements of the current run, in order.
    var placements: [(key: String, element: View)]?
    /// Where each key sits in ``placements``.
    var placementIndex: [String: Int] = [:]
    /// Props a rendering parent gave this child in its current run, resolved after the run.
    var pendingProps: [String: PendingProp]?

    /// Creates the view with its reference and ``getInitialState()`` as its state; ``place(_:key:configure:)`` creates children with it.
    public required init(reference: String) {
        super.init(reference: reference)
        state = getInitialState()
    }

    /// A root state view without a reference; its children are found by their keys.
    public convenience init() {
        self.init(reference: "")
    }

    /// The state a new instance starts with (the default: empty).
    open func getInitialState() -> [String: StateValue] { [:] }

    /// Places the children to show now, reading ``state`` and ``props``. Override it;
    /// don't call it directly (``renderDeep()`` does, then reconciles).
    open func render() {}

    /// The controller showing this view (the seed's `parentViewController`).
    public var parentViewController: ViewController? { controller }

    open override class var typeName: String { "StateView" }

    /// Renders this view now, reconciles its children, and renders every child
    /// state view that is new or whose props changed. Call it once on a state
    /// view added by hand; a ``StateViewController`` calls it for its root.
    public func renderDeep() {
        needsRender = false
        renderCount += 1
        placements = []
        isRendering = true
        render()
        isRendering = false
        let placed = placements ?? []
        placements = nil
        reconcile(placed)
    }

    /// Renders now if a state change is waiting.
    public func renderIfNeeded() {
        if needsRender { renderDeep() }
    }

    /// Asks for one render before the controller's next update (nothing more if one is already asked for).
    public func setNeedsRender() {
        guard !needsRender else { return }
        needsRender = true
        controller?.setNeedsRender(self)
    }
}
