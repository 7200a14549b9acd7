/// Element properties bound to the shared state (``StateBinding``).
extension View {
    /// One property following the state.
    struct PropertyBinding {
        let descriptor: PropertyDescriptor
        let binding: StateBinding
        let store: StateStore

        /// What the property should show for the current state.
        var value: PropertyValue {
            switch binding {
            case .template(let template): return .string(template.render(store))
            case .presence(let key): return .bool(!(store[key] ?? .null).isNull)
            case let .key(key, negated):
                let state = store[key] ?? .null
                return descriptor.kind == .bool ? .bool(state.isTruthy != negated) : PropertyValue(state, as: descriptor.kind)
            }
        }
    }

    /// Makes the property `name` show `binding` from `store` on every update,
    /// and asks the element's controller for a coalesced update whenever a key
    /// it reads changes. For a plain key, what a user changes on the element
    /// (a switch, a text field, a selected row) is written back to the key.
    ///
    /// - Throws: ``StateBindingError`` when the element has no such settable
    ///   property, a template feeds a non-text property, or `!key` a non-boolean one.
    public func bind(property name: String, to binding: StateBinding, in store: StateStore) throws(StateBindingError) {
        let descriptor = try Self.bindableProperty(named: name, for: binding, typeName: Self.typeName, properties: Self.properties)
        stateBindings.removeAll { $0.descriptor.name == name }
        stateBindings.append(PropertyBinding(descriptor: descriptor, binding: binding, store: store))
        // Applied in the type's declared order, as storyboard values are: rows before the selection
        // among them, a mode and bounds before a date, whatever order the bindings came in.
        let order = Dictionary(Self.properties.enumerated().map { ($1.name, $0) }) { first, _ in first }
        stateBindings.sort { order[$0.descriptor.name, default: .max] < order[$1.descriptor.name, default: .max] }
        updateWhenChanged(binding.keys.map(store.bindable))
    }

    /// The settable property `name` of a type, if `binding` can feed it.
    static func bindableProperty(named name: String, for binding: StateBinding, typeName: String,
                                 properties: [PropertyDescriptor]) throws(StateBindingError) -> PropertyDescriptor {
        let settable = properties.filter(\.isInspectable)
        guard let descriptor = settable.first(where: { $0.name == name }) else {
            throw .unknownProperty(property: name, type: typeName, bindable: settable.map(\.name))
        }
        switch binding {
        case .template where descriptor.kind != .string && descriptor.kind != .optionalString:
            throw .templateNeedsText(property: name, kind: descriptor.kind.rawValue)
        case .key(_, negated: true) where descriptor.kind != .bool:
            throw .negationNeedsBoolean(property: name, kind: descriptor.kind.rawValue)
        case .presence where descriptor.kind != .bool:
            throw .presenceNeedsBoolean(property: name, kind: descriptor.kind.rawValue)
        default:
            return descriptor
        }
    }

    /// The state keys each bound property reads, by property name.
    public var boundProperties: [String: StateBinding] {
        Dictionary(stateBindings.map { ($0.descriptor.name, $0.binding) }) { _, last in last }
    }

    /// Shows the bound values (from ``fillUI()``).
    func applyStateBindings() {
        for binding in stateBindings {
            if case let .key(key, _) = binding.binding, binding.descriptor.kind.isNested {
                // A list or nested value of the wrong shape is reported and leaves what is shown as it was.
                do throws(PropertyValue.ShapeError) {
                    _ = try PropertyValue.parse(binding.store[key] ?? .null, as: binding.descriptor.kind)
                } catch {
                    controller?.application?.emit(.warning(
                        message: "\(path): '\(binding.descriptor.name)' is bound to '\(key)', which does not fit: \(error)"))
                    continue
                }
            }
            binding.descriptor.write?(self, binding.value)
        }
        stateBindingsDidApply()
    }

    /// After user input: stores what the user changed on a property bound to a
    /// plain key back under that key (elements call it before their action runs).
    func writeBackStateBindings() {
        for binding in stateBindings {
            guard case let .key(key, negated) = binding.binding else { continue }
            let shown = stateWriteBackValue(of: binding.descriptor)
            guard !shown.isSameNumber(as: binding.value) else { continue }
            var value = StateValue(shown)
            if negated, case .bool(let flag) = value { value = .bool(!flag) }
            binding.store.set(key, value)
        }
    }
}

extension PropertyValue {
    /// A state value as a property of `kind` shows it.
    init(_ state: StateValue, as kind: Kind) {
        switch kind {
        case .bool: self = .bool(state.isTruthy)
        case .integer: self = .integer(state.integerValue ?? state.doubleValue.map { Int($0) } ?? 0)
        case .optionalInteger: self = state.integerValue.map(PropertyValue.integer) ?? .null
        case .double: self = .double(state.doubleValue ?? 0)
        case .string: self = .string(state.text)
        case .optionalString: self = state.isNull ? .null : .string(state.text)
        case .strings: self = .strings((state.listValue ?? []).map(\.rowText))
        case .integers:
            self = (try? PropertyValue.parse(state, as: kind)) ?? .integers([])
        case .stringLists, .positions, .tableSections, .collectionSections:
            self = (try? PropertyValue.parse(state, as: kind)) ?? .structured(.list([]))
        }
    }
}

extension PropertyValue {
    /// Equal, where an integer and a number with the same value count as the same
    /// (a counting stepper writes `2` for the state's `2.0`: not a change by the user).
    func isSameNumber(as other: PropertyValue) -> Bool {
        switch (self, other) {
        case let (.integer(integer), .double(double)), let (.double(double), .integer(integer)): Double(integer) == double
        default: self == other
        }
    }
}

extension StateValue {
    /// A property value as state stores it.
    init(_ property: PropertyValue) {
        switch property {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .strings(let values): self = .list(values.map(StateValue.string))
        case .integers(let values): self = .list(values.map(StateValue.integer))
        case .structured(let value): self = value
        }
    }

    /// How a list item reads as a table row: a record by its `title` (or `text`), anything else as text.
    var rowText: String {
        if case .record(let members) = self, let title = members["title"] ?? members["text"] { return title.text }
        return text
    }
}
