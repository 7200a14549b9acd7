/// Coalesced renders of the state views in a controller's tree.
extension ViewController {
    /// Records that `stateView` waits for a render and asks for one coalesced update.
    func setNeedsRender(_ stateView: StateView) {
        stateViewsNeedingRender.append(stateView)
        setNeedsUpdate()
    }

    /// Renders every state view of this tree that waits for it, parents before
    /// children (a parent's render may re-render a child, which then does not
    /// render again). Updates and resets call it first.
    func renderPendingStateViews() {
        guard !stateViewsNeedingRender.isEmpty else { return }
        var pending = stateViewsNeedingRender
        stateViewsNeedingRender.removeAll()
        if pending.count > 1 {
            let depths = Dictionary(pending.map { (ObjectIdentifier($0), $0.depth) }) { first, _ in first }
            pending.sort { depths[ObjectIdentifier($0)]! < depths[ObjectIdentifier($1)]! }
        }
        for stateView in pending where stateView.controller === self {
            stateView.renderIfNeeded()
        }
    }
}

extension View {
    /// How many ancestors this element has.
    var depth: Int {
        var depth = 0
        var current = superview
        while let element = current {
            depth += 1
            current = element.superview
        }
        return depth
    }
}
