/// A single-section, text-only table where at most one row is selected (the
/// seed's `SlamSingleItemTableView`).
///
/// Rows come from exactly one of three sources, so they cannot be mixed:
/// ``staticListLabels``, ``selectedDataSource`` (a closure returning all labels),
/// or ``fillItems(count:label:)`` (the seed's `itemsForDataSource` and
/// `stringForItemDataSource`). Rows are read only by ``reloadUI()``, which
/// ``View/resetUI()`` calls: ``View/updateUI()`` changes visibility, not rows.
///
/// A user press with `.index(row)` selects that row, calls ``selectEventBlock``
/// and, when ``selectUI`` is set, updates the whole controller. Setting
/// ``currentSelection`` in code changes the selection without the event.
public final class SingleItemTableView: View, ResettableView, FocusableView {
    /// Where the rows come from: one source at a time.
    public enum RowSource {
        case none
        case staticLabels([String])
        case labels(() -> [String])
        case items(count: () -> Int, label: (Int) -> String)
    }

    /// Where the rows come from; ``staticListLabels``, ``selectedDataSource`` and ``fillItems(count:label:)`` set it too.
    public var rowSource: RowSource = .none

    /// The rows shown now, as of the last reload.
    public private(set) var rows: [String] = [] {
        didSet { if !oldValue.isExactly(rows) { markChanged() } }
    }

    /// The selected row (zero-based), nil for none; a row that does not exist selects nothing.
    public var currentSelection: Int? {
        didSet {
            if let row = currentSelection, !rows.indices.contains(row) { currentSelection = nil }
            if oldValue != currentSelection { markChanged() }
        }
    }

    /// Whether a user's selection updates the whole controller.
    public var selectUI = false {
        didSet { if oldValue != selectUI { markChanged() } }
    }
    /// Called with the new selection when a user selects a row.
    public var selectEventBlock: ((Int?) -> Void)?

    /// Fixed labels; setting them replaces any other row source.
    public var staticListLabels: [String]? {
        get { if case .staticLabels(let labels) = rowSource { labels } else { nil } }
        set { rowSource = newValue.map(RowSource.staticLabels) ?? .none }
    }

    /// A closure returning every label; setting it replaces any other row source.
    public var selectedDataSource: (() -> [String])? {
        get { if case .labels(let source) = rowSource { source } else { nil } }
        set { rowSource = newValue.map(RowSource.labels) ?? .none }
    }

    /// Rows from a count and a label per row; replaces any other row source.
    public func fillItems(count: @escaping () -> Int, label: @escaping (Int) -> String) {
        rowSource = .items(count: count, label: label)
    }

    public override class var typeName: String { "SingleItemTableView" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.list] }
    /// A `listitem` per row, the selected one selected.
    public override var accessibilityParts: [AccessibilityNode] {
        rows.enumerated().map { index, row in .part(.listitem, row, selected: index == currentSelection) }
    }
    public override class var summary: String { "A list of text rows, at most one selected." }
    public override class var pressValues: [PressValueKind] { [.index] }
    public override class var handledKeys: [Key] { [.arrowUp, .arrowDown] }
    public override class var primaryProperty: String { "selectedRow" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["selectedRow"] }
    static let ownProperties: [PropertyDescriptor] = viewProperties + [
        focusedProperty,
        PropertyDescriptor("items", kind: .strings, read: { .strings(($0 as! SingleItemTableView).rows) },
                           write: { table, items in
                               // Static rows show at once (a bound list changes them on every update).
                               let table = table as! SingleItemTableView
                               table.staticListLabels = items.stringsValue
                               table.reloadUI()
                           }),
        .optionalInteger("selectedRow", \SingleItemTableView.currentSelection) { $0.currentSelection },
        .bool("selectUI", \SingleItemTableView.selectUI) { $0.selectUI },
    ]

    /// Re-reads the rows from the row source; a selection past the new end is cleared.
    public func reloadUI() {
        switch rowSource {
        case .none: rows = []
        case .staticLabels(let labels): rows = labels
        case .labels(let source): rows = source()
        case .items(let count, let label): rows = (0..<max(count(), 0)).map(label)
        }
        if let row = currentSelection, !rows.indices.contains(row) { currentSelection = nil }
    }

    /// A bound selection past the end of the rows (its row was removed) selects nothing, and the
    /// state is told so: otherwise what is bound to the selection ("Remove selected") still acts on it.
    override func stateBindingsDidApply() {
        guard currentSelection == nil,
              stateBindings.contains(where: { $0.descriptor.name == "selectedRow" && $0.value != .null }) else { return }
        writeBackStateBindings()
    }

    /// Clears the selection (the seed's `deselectAll(animated:)`; there is nothing to animate).
    public func deselectAll(animated: Bool = false) {
        currentSelection = nil
    }

    /// The text of row `position`, nil when there is no such row.
    public func fetchLabel(position: Int) -> String? {
        rows.indices.contains(position) ? rows[position] : nil
    }

    public override func press(_ value: PressValue?) throws(SlamError) {
        try requireReachable()
        guard case .index(let row)? = value else {
            throw .invalidPress(reference: referenceOrPath, reason: "a SingleItemTableView takes a row index")
        }
        guard rows.indices.contains(row) else {
            throw .invalidPress(reference: referenceOrPath, reason: "row \(row) is outside 0..<\(rows.count)")
        }
        let changed = currentSelection != row
        currentSelection = row
        if !stateBindings.isEmpty { writeBackStateBindings() }
        if changed {
            userChangedValue()
            selectEventBlock?(row)
            if selectUI { controller?.updateUI() }
        }
    }

    /// Up and Down select the previous and next row (stopping at the ends; the first row when none is selected).
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard key == .arrowUp || key == .arrowDown, !rows.isEmpty else { return false }
        let target = currentSelection.map { $0 + (key == .arrowDown ? 1 : -1) } ?? 0
        if rows.indices.contains(target), target != currentSelection { try press(.index(target)) }
        return true
    }
}
