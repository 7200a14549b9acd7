/// A picker of one or more spinning components (the seed's planned UIPickerView),
/// each a list of row titles, with one selected row per component.
///
/// Components come from exactly one source, as a table's rows do:
/// ``staticComponents``, ``componentsDataSource`` (a closure returning every
/// component's titles) or ``fillComponents(count:rowCount:title:)`` (a count of
/// components, a count of rows and a title per row). They are read only by
/// ``reloadUI()``, which ``View/resetUI()`` calls.
///
/// ``selectedRows`` holds one row per component, each clamped into its component
/// (0 for an empty one). A user press with `.position(component, row)` (or
/// `.index(row)` when there is a single component) selects that row and makes
/// its component the ``focusedComponent``; then the shared state is written back,
/// ``selectEventBlock`` is called (when the selection changed) and the action
/// runs (block or task, then autoUI). Setting ``selectedRows`` in code is silent.
///
/// Keys while focused: ArrowUp/ArrowDown select the previous/next row of the
/// focused component (stopping at the ends), ArrowLeft/ArrowRight move to the
/// previous/next component.
public final class PickerView: InteractiveControl, ResettableView, FocusableView {
    /// Where the components come from: one source at a time.
    public enum ComponentSource {
        case none
        case staticComponents([[String]])
        case components(() -> [[String]])
        case rows(count: () -> Int, rowCount: (_ component: Int) -> Int, title: (_ component: Int, _ row: Int) -> String)
    }

    /// Where the components come from; ``staticComponents``, ``componentsDataSource`` and ``fillComponents(count:rowCount:title:)`` set it too.
    public var componentSource: ComponentSource = .none

    /// Each component's row titles, as of the last reload.
    public private(set) var components: [[String]] = [] {
        didSet {
            if !oldValue.isExactly(components) { markChanged() }
            selectedRows = clamped(selectedRows)
            focusedComponent = min(focusedComponent, max(components.count - 1, 0))
        }
    }

    /// The selected row of each component (one per component, each inside it).
    public var selectedRows: [Int] = [] {
        didSet {
            let fixed = clamped(selectedRows)
            if fixed != selectedRows { selectedRows = fixed }
            if oldValue != selectedRows { markChanged() }
        }
    }

    /// The component the arrow keys act on (read-only for clients; 0 when there is none).
    public private(set) var focusedComponent = 0 {
        didSet { if oldValue != focusedComponent { markChanged() } }
    }

    /// Called with the component and row when a user selects a row.
    public var selectEventBlock: ((_ component: Int, _ row: Int) -> Void)?

    /// Fixed components; setting them replaces any other source.
    public var staticComponents: [[String]]? {
        get { if case .staticComponents(let components) = componentSource { components } else { nil } }
        set { componentSource = newValue.map(ComponentSource.staticComponents) ?? .none }
    }

    /// A closure returning every component's titles; setting it replaces any other source.
    public var componentsDataSource: (() -> [[String]])? {
        get { if case .components(let source) = componentSource { source } else { nil } }
        set { componentSource = newValue.map(ComponentSource.components) ?? .none }
    }

    /// Components from a count, a row count per component and a title per row; replaces any other source.
    public func fillComponents(count: @escaping () -> Int, rowCount: @escaping (_ component: Int) -> Int,
                               title: @escaping (_ component: Int, _ row: Int) -> String) {
        componentSource = .rows(count: count, rowCount: rowCount, title: title)
    }

    public override class var typeName: String { "PickerView" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.group] }
    /// A `listbox` per component (`Component 1` …) of `option`s, the selected one selected.
    public override var accessibilityParts: [AccessibilityNode] {
        components.enumerated().map { component, titles in
            AccessibilityNode(role: .listbox, name: "Component \(component + 1)", children: titles.enumerated().map { row, title in
                .part(.option, title, selected: selectedRows.indices.contains(component) && selectedRows[component] == row)
            })
        }
    }
    public override class var summary: String { "A picker of one or more spinning components, one selected row in each." }
    public override class var pressValues: [PressValueKind] { [.position, .index] }
    public override class var handledKeys: [Key] { [.arrowUp, .arrowDown, .arrowLeft, .arrowRight] }
    public override class var primaryProperty: String { "selectedRows" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["selectedRows"] }
    // Components before the selection, so a storyboard's rows are clamped to its own components.
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [
        PropertyDescriptor("components", kind: .stringLists,
                           read: { .structured(.list(unsafeDowncast($0, to: PickerView.self).components.map { .list($0.map(StateValue.string)) })) },
                           write: { picker, value in
                               // Static components show at once (a bound list changes them on every update).
                               let picker = picker as! PickerView
                               picker.staticComponents = (value.structuredValue.listValue ?? []).map { ($0.listValue ?? []).compactMap(\.stringValue) }
                               picker.reloadUI()
                           }),
        .integers("selectedRows", \PickerView.selectedRows) { $0.selectedRows }.noted("one per component"),
        .readOnly("focusedComponent", kind: .integer) { (picker: PickerView) in .integer(picker.focusedComponent) },
    ]

    /// Re-reads the components from their source; selections are kept where their rows still exist.
    public func reloadUI() {
        switch componentSource {
        case .none: components = []
        case .staticComponents(let fixed): components = fixed
        case .components(let source): components = source()
        case let .rows(count, rowCount, title):
            components = (0..<max(count(), 0)).map { component in (0..<max(rowCount(component), 0)).map { title(component, $0) } }
        }
    }

    /// The title of `row` in `component`, nil when there is no such row.
    public func title(component: Int, row: Int) -> String? {
        guard components.indices.contains(component), components[component].indices.contains(row) else { return nil }
        return components[component][row]
    }

    /// The selected row of `component`, nil when there is no such component or it has no rows.
    public func selectedRow(inComponent component: Int) -> Int? {
        guard components.indices.contains(component), !components[component].isEmpty else { return nil }
        return selectedRows[component]
    }

    /// A user's selection: the row, the state written back, the select event (when it changed), then the action.
    public override func press(_ value: PressValue?) throws(SlamError) {
        try requireInteractable()
        let before = selectedRows
        try applyPress(value)
        if !stateBindings.isEmpty { writeBackStateBindings() }
        if selectedRows != before {
            selectEventBlock?(focusedComponent, selectedRows[focusedComponent])
            userChangedValue()
        }
        try pressAction()
    }

    /// Selects the row a press names and focuses its component.
    public override func applyPress(_ value: PressValue?) throws(SlamError) {
        let (component, row) = try position(of: value)
        focusedComponent = component
        selectedRows[component] = row
    }

    /// ArrowUp/ArrowDown: previous/next row of the focused component; ArrowLeft/ArrowRight: previous/next component.
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard !components.isEmpty else { return false }
        switch key {
        case .arrowLeft, .arrowRight:
            focusedComponent = min(max(focusedComponent + (key == .arrowRight ? 1 : -1), 0), components.count - 1)
            return true
        case .arrowUp, .arrowDown:
            let target = selectedRows[focusedComponent] + (key == .arrowDown ? 1 : -1)
            if components[focusedComponent].indices.contains(target) { try press(.position(focusedComponent, target)) }
            return true
        default:
            return false
        }
    }

    /// The component and row a press names.
    private func position(of value: PressValue?) throws(SlamError) -> (Int, Int) {
        let component: Int, row: Int
        switch value {
        case let .position(first, second)?:
            (component, row) = (first, second)
        case .index(let index)? where components.count == 1:
            (component, row) = (0, index)
        case .index?:
            throw .invalidPress(reference: referenceOrPath, reason: "a PickerView with \(components.count) components takes [component, row]")
        default:
            throw .invalidPress(reference: referenceOrPath, reason: "a PickerView takes [component, row] (or a row index when it has one component)")
        }
        guard components.indices.contains(component) else {
            throw .invalidPress(reference: referenceOrPath, reason: "component \(component) is outside 0..<\(components.count)")
        }
        guard components[component].indices.contains(row) else {
            throw .invalidPress(reference: referenceOrPath, reason: "row \(row) is outside 0..<\(components[component].count) in component \(component)")
        }
        return (component, row)
    }

    /// One row per component, each inside its component (missing ones are 0).
    private func clamped(_ rows: [Int]) -> [Int] {
        components.indices.map { component in
            let row = component < rows.count ? rows[component] : 0
            return min(max(row, 0), max(components[component].count - 1, 0))
        }
    }
}
