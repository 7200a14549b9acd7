/// `place` and the keyed reconciliation that follows each render.
extension StateView {
    /// Places a child of type `Element` under `key`: the child placed under that
    /// key in the previous render when it has this type (identity kept), else a
    /// new one. `configure` runs on it in every render, for plain elements whose
    /// look depends on state (`place(Label.self, key: "title") { $0.text = title }`).
    ///
    /// Call it only from ``render()``. Placing the same key twice in one render
    /// places one child (the later call configures it again).
    @discardableResult
    public func place<Element: View>(_ type: Element.Type, key: String, configure: ((Element) -> Void)? = nil) -> Element {
        let element: Element
        if let placed = placedChild(key: key) as? Element, Swift.type(of: placed) == type {
            element = placed
        } else if let kept = keptChild(key: key) as? Element, Swift.type(of: kept) == type {
            element = kept
        } else {
            element = type.init(reference: childReference(key))
            element.placementKey = key
        }
        record(element, key: key)
        configure?(element)
        return element
    }

    /// Places an element made in `render()` (or kept by you) under `key`. The
    /// element is kept when it is the very instance placed under `key` before;
    /// a different instance replaces the previous child. It takes the reference
    /// `parent/key` whatever reference it was created with.
    @discardableResult
    public func place<Element: View>(_ element: Element, key: String) -> Element {
        if element.superview !== self || element.placementKey != key {
            element.removeFromSuperview()
            element.reference = childReference(key)
            element.placementKey = key
        }
        record(element, key: key)
        return element
    }

    /// The reference a child placed under `key` gets: `reference/key`, or `key`
    /// in an anonymous state view. A `/` or `%` inside a key is percent-encoded
    /// so a reference path splits back into keys unambiguously.
    public func childReference(_ key: String) -> String {
        var escaped = key
        if key.contains(where: { $0 == "/" || $0 == "%" }) {
            escaped = ""
            for character in key {
                switch character {
                case "%": escaped += "%25"
                case "/": escaped += "%2F"
                default: escaped.append(character)
                }
            }
        }
        return reference.isEmpty ? escaped : reference + "/" + escaped
    }

    /// The child placed under `key` in the last render, or nil.
    public func child(key: String) -> View? {
        keptChild(key: key)
    }

    private func keptChild(key: String) -> View? {
        // Children are found through the controller's index when attached (O(1));
        // a detached state view looks through its own subviews.
        let reference = childReference(key)
        if let controller {
            if let element = controller.find(reference), element.superview === self, element.placementKey == key { return element }
            return nil
        }
        return subviews.first { $0.placementKey == key }
    }

    private func placedChild(key: String) -> View? {
        guard let placements else { return nil }
        return placementIndex[key].map { placements[$0].element }
    }

    private func record(_ element: View, key: String) {
        guard placements != nil else {
            preconditionFailure("place(_:key:) is for render(): \(Swift.type(of: self)).render() places the children")
        }
        if let index = placementIndex[key] {
            placements![index] = (key, element)
        } else {
            placementIndex[key] = placements!.count
            placements!.append((key, element))
        }
        if let child = element as? StateView, child.pendingProps == nil {
            child.pendingProps = [:]
        }
    }

    /// Makes the children exactly `placed`, in order, keeping identities; then
    /// gives child state views their props and renders those that are new or
    /// whose props changed. O(children).
    func reconcile(_ placed: [(key: String, element: View)]) {
        placementIndex.removeAll(keepingCapacity: true)
        let elements = placed.map(\.element)
        let isNew = Set(elements.lazy.filter { $0.superview !== self }.map(ObjectIdentifier.init))
        setSubviews(elements)
        for (_, element) in placed {
            guard let child = element as? StateView else { continue }
            let resolved = child.resolvePendingProps(linkedTo: state)
            let propsChanged = resolved != child.props
            child.props = resolved
            if isNew.contains(ObjectIdentifier(child)) || propsChanged || child.needsRender {
                child.renderDeep()
            }
        }
    }
}
