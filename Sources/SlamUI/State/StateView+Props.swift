/// Props: what a parent state view passes to a child in its `render()`.
extension StateView {
    /// One prop as the parent gave it, before links to its state are resolved.
    enum PendingProp {
        case value(StateValue)
        case linked(stateKey: String)
        case function(PropFunction)
    }

    /// Passes `value` as the prop `key` (call it on a child you placed, in `render()`).
    public func prop(forKey key: String, is value: StateValue) {
        setProp(key, .value(value))
    }

    /// Passes the parent's `state[stateKey]` as the prop `key` (null when missing),
    /// resolved when the parent's render ends (the seed's `resolveProps`).
    public func prop(forKey key: String, isLinkedToKeyInState stateKey: String) {
        setProp(key, .linked(stateKey: stateKey))
    }

    /// Passes a function the child can call to talk back to the parent
    /// (``callProp(_:with:)``). Functions are replaced in every render but never
    /// count as a change: a child does not re-render for a new closure.
    public func prop(forKey key: String, function: @escaping PropFunction) {
        setProp(key, .function(function))
    }

    /// Calls the function prop `key` with `values`; returns false when the parent passed none.
    @discardableResult
    public func callProp(_ key: String, with values: [String: StateValue] = [:]) -> Bool {
        guard let function = functionProps[key] else { return false }
        function(values)
        return true
    }

    /// Outside a parent's render (a root state view), a prop applies at once and
    /// asks for a render when it changed.
    private func setProp(_ key: String, _ prop: PendingProp) {
        if pendingProps != nil {
            pendingProps![key] = prop
            return
        }
        switch prop {
        case .value(let value):
            if props[key] != value {
                props[key] = value
                setNeedsRender()
            }
        case .linked:
            // A root state view has no parent state to link to.
            if props[key] != .null {
                props[key] = .null
                setNeedsRender()
            }
        case .function(let function):
            functionProps[key] = function
        }
    }

    /// Turns the props given in the parent's render into values (links read
    /// `parentState`), installs the functions, and clears the pending props.
    func resolvePendingProps(linkedTo parentState: [String: StateValue]) -> [String: StateValue] {
        var values: [String: StateValue] = [:]
        var functions: [String: PropFunction] = [:]
        for (key, prop) in pendingProps ?? [:] {
            switch prop {
            case .value(let value): values[key] = value
            case .linked(let stateKey): values[key] = parentState[stateKey] ?? .null
            case .function(let function): functions[key] = function
            }
        }
        pendingProps = nil
        functionProps = functions
        return values
    }
}
