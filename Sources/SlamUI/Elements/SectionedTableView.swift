/// One section of a ``SectionedTableView``: an optional header and its rows.
public struct TableSection: Hashable, Sendable {
    /// The title shown above the section; nil for none.
    public var header: String?
    /// The section's rows, in order.
    public var rows: [TableRow]

    /// A section with an optional header and its rows.
    public init(header: String? = nil, rows: [TableRow]) {
        self.header = header
        self.rows = rows
    }

    /// A section of plain rows (text only).
    public init(header: String? = nil, texts: [String]) {
        self.init(header: header, rows: texts.map { TableRow($0) })
    }
}

/// One row of a ``SectionedTableView``: its text and an optional detail (a subtitle).
public struct TableRow: Hashable, Sendable {
    /// The row's main text.
    public var text: String
    /// A subtitle shown under the text; nil for none.
    public var detail: String?

    /// A row with its text and an optional detail.
    public init(_ text: String, detail: String? = nil) {
        self.text = text
        self.detail = detail
    }
}

/// A table of sections (the seed's "additional table views"): each section has an
/// optional header and rows of text with an optional detail; one row or, with
/// ``multipleSelection``, any number of rows can be selected.
///
/// Sections come from exactly one source, as a ``SingleItemTableView``'s rows do:
/// ``staticSections``, ``sectionsDataSource`` (a closure returning them all), or
/// ``fillSections(count:header:rowCount:text:detail:)`` (counts and a closure per
/// part). They are read only by ``reloadUI()``, which ``View/resetUI()`` calls; a
/// reload keeps the selected rows that still exist (by position).
///
/// A user press with `.position(section, row)` (or `.index(row)` when there is one
/// section) selects that row; with ``multipleSelection`` it toggles it instead.
/// Every row whose selection a user changes is reported to ``selectEventBlock``:
/// rows deselected first (in single selection, the row that was selected), then the
/// row selected. Then, when ``selectUI`` is set and something changed, the whole
/// controller updates. ArrowDown/ArrowUp select the next/previous row across
/// sections (and only that row). Setting ``selectedRows`` in code is silent.
public final class SectionedTableView: View, ResettableView, FocusableView {
    /// Where the sections come from: one source at a time.
    public enum SectionSource {
        case none
        case staticSections([TableSection])
        case sections(() -> [TableSection])
        case counts(count: () -> Int, header: (_ section: Int) -> String?, rowCount: (_ section: Int) -> Int,
                    text: (_ section: Int, _ row: Int) -> String, detail: (_ section: Int, _ row: Int) -> String?)
    }

    /// Where the sections come from; ``staticSections``, ``sectionsDataSource`` and ``fillSections(count:header:rowCount:text:detail:)`` set it too.
    public var sectionSource: SectionSource = .none

    /// The sections shown now, as of the last reload.
    public private(set) var sections: [TableSection] = [] {
        didSet {
            if !oldValue.isExactly(sections) { markChanged() }
            selectedRows = fixed(selectedRows)
        }
    }

    /// Whether several rows can be selected (a press toggles a row).
    public var multipleSelection = false {
        didSet {
            if oldValue != multipleSelection { markChanged() }
            selectedRows = fixed(selectedRows)
        }
    }

    /// The selected rows, in table order; only rows that exist, at most one without ``multipleSelection``.
    public var selectedRows: [IndexPath] = [] {
        didSet {
            let valid = fixed(selectedRows)
            if valid != selectedRows { selectedRows = valid }
            if oldValue != selectedRows { markChanged() }
        }
    }

    /// Whether a user's selection updates the whole controller.
    public var selectUI = false {
        didSet { if oldValue != selectUI { markChanged() } }
    }

    /// Called for each row a user selects (`true`) or deselects (`false`).
    public var selectEventBlock: ((IndexPath, Bool) -> Void)?

    /// The row the arrow keys move from: the one a user last chose, while it is selected.
    private var cursor: IndexPath?

    /// Fixed sections; setting them replaces any other source.
    public var staticSections: [TableSection]? {
        get { if case .staticSections(let sections) = sectionSource { sections } else { nil } }
        set { sectionSource = newValue.map(SectionSource.staticSections) ?? .none }
    }

    /// A closure returning every section; setting it replaces any other source.
    public var sectionsDataSource: (() -> [TableSection])? {
        get { if case .sections(let source) = sectionSource { source } else { nil } }
        set { sectionSource = newValue.map(SectionSource.sections) ?? .none }
    }

    /// Sections from a count, a header and a row count per section, and a text and detail per row;
    /// replaces any other source.
    public func fillSections(count: @escaping () -> Int, header: @escaping (_ section: Int) -> String? = { _ in nil },
                             rowCount: @escaping (_ section: Int) -> Int, text: @escaping (_ section: Int, _ row: Int) -> String,
                             detail: @escaping (_ section: Int, _ row: Int) -> String? = { _, _ in nil }) {
        sectionSource = .counts(count: count, header: header, rowCount: rowCount, text: text, detail: detail)
    }

    public override class var typeName: String { "SectionedTableView" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.table] }
    /// A `row` per row (its detail as the description, selected or not), inside a `rowgroup`
    /// named after its section's header where the section has one.
    public override var accessibilityParts: [AccessibilityNode] {
        sections.enumerated().flatMap { section, content -> [AccessibilityNode] in
            let rows = content.rows.enumerated().map { row, element in
                var node = AccessibilityNode.part(.row, element.text, selected: selectedRows.contains(IndexPath(section: section, row: row)))
                node.description = element.detail
                return node
            }
            guard let header = content.header else { return rows }
            return [AccessibilityNode(role: .rowgroup, name: header, children: rows)]
        }
    }
    public override class var summary: String { "A table of sections with headers, rows of text and details; one row selected, or several with multipleSelection." }
    public override class var pressValues: [PressValueKind] { [.position, .index] }
    public override class var handledKeys: [Key] { [.arrowUp, .arrowDown] }
    public override class var primaryProperty: String { "selectedRows" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["selectedRows"] }
    // Sections and the selection mode before the selection, so a storyboard's selection fits its own rows.
    static let ownProperties: [PropertyDescriptor] = viewProperties + [
        focusedProperty,
        PropertyDescriptor("sections", kind: .tableSections,
                           read: { .structured(.list(unsafeDowncast($0, to: SectionedTableView.self).sections.map(\.stateValue))) },
                           write: { table, value in
                               // Static sections show at once (bound sections change on every update).
                               let table = table as! SectionedTableView
                               table.staticSections = (value.structuredValue.listValue ?? []).map(TableSection.init(state:))
                               table.reloadUI()
                           }).noted(#"`[{"header": string or null, "rows": [{"text": string, "detail": string or null}]}]`; a storyboard may write a row as a plain string and leave out `header` and `detail`"#),
        .bool("multipleSelection", \SectionedTableView.multipleSelection) { $0.multipleSelection },
        .positions("selectedRows", \SectionedTableView.selectedRows) { $0.selectedRows },
        .bool("selectUI", \SectionedTableView.selectUI) { $0.selectUI },
    ]

    /// Re-reads the sections from their source; selected rows that no longer exist are dropped.
    public func reloadUI() {
        switch sectionSource {
        case .none: sections = []
        case .staticSections(let fixed): sections = fixed
        case .sections(let source): sections = source()
        case let .counts(count, header, rowCount, text, detail):
            sections = (0..<max(count(), 0)).map { section in
                TableSection(header: header(section), rows: (0..<max(rowCount(section), 0)).map {
                    TableRow(text(section, $0), detail: detail(section, $0))
                })
            }
        }
    }

    /// The row at `indexPath`, nil when there is none.
    public func row(at indexPath: IndexPath) -> TableRow? {
        contains(indexPath) ? sections[indexPath.section].rows[indexPath.row] : nil
    }

    /// Whether `indexPath` names a row that exists.
    public func contains(_ indexPath: IndexPath) -> Bool {
        sections.indices.contains(indexPath.section) && sections[indexPath.section].rows.indices.contains(indexPath.row)
    }

    /// Clears the selection (silently).
    public func deselectAll() {
        selectedRows = []
    }

    /// A user's press on a row: selects it (single selection) or toggles it (multiple).
    public override func press(_ value: PressValue?) throws(SlamError) {
        try requireReachable()
        let indexPath: IndexPath
        switch value {
        case let .position(section, row)?:
            indexPath = IndexPath(section: section, row: row)
        case .index(let row)? where sections.count == 1:
            indexPath = IndexPath(section: 0, row: row)
        case .index?:
            throw .invalidPress(reference: referenceOrPath, reason: "a SectionedTableView with \(sections.count) sections takes [section, row]")
        default:
            throw .invalidPress(reference: referenceOrPath, reason: "a SectionedTableView takes [section, row] (or a row index when it has one section)")
        }
        guard sections.indices.contains(indexPath.section) else {
            throw .invalidPress(reference: referenceOrPath, reason: "section \(indexPath.section) is outside 0..<\(sections.count)")
        }
        guard sections[indexPath.section].rows.indices.contains(indexPath.row) else {
            throw .invalidPress(reference: referenceOrPath,
                                reason: "row \(indexPath.row) is outside 0..<\(sections[indexPath.section].rows.count) in section \(indexPath.section)")
        }
        if multipleSelection && selectedRows.contains(indexPath) {
            userSelects(selectedRows.filter { $0 != indexPath }, cursor: indexPath)
        } else {
            userSelects(multipleSelection ? selectedRows + [indexPath] : [indexPath], cursor: indexPath)
        }
    }

    /// ArrowDown/ArrowUp select the next/previous row across sections, and only it (stopping at the ends;
    /// the first row when none is selected).
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard key == .arrowUp || key == .arrowDown else { return false }
        let all = sections.indices.flatMap { section in sections[section].rows.indices.map { IndexPath(section: section, row: $0) } }
        guard !all.isEmpty else { return false }
        try requireReachable()
        let current = (cursor.flatMap { selectedRows.contains($0) ? $0 : nil } ?? selectedRows.first).flatMap { all.firstIndex(of: $0) }
        let target = current.map { $0 + (key == .arrowDown ? 1 : -1) } ?? 0
        if all.indices.contains(target), selectedRows != [all[target]] { userSelects([all[target]], cursor: all[target]) }
        return true
    }

    /// Applies a user's new selection: the state written back, an event per changed row, then selectUI.
    private func userSelects(_ rows: [IndexPath], cursor newCursor: IndexPath) {
        let before = selectedRows
        selectedRows = rows
        cursor = newCursor
        userChangedSelection(from: before, to: selectedRows, event: selectEventBlock, updatesController: selectUI)
    }

    /// Existing rows only, sorted, without repeats; at most the first one without multiple selection.
    private func fixed(_ rows: [IndexPath]) -> [IndexPath] {
        var unique = Array(Set(rows.filter(contains))).sorted()
        if !multipleSelection, unique.count > 1 {
            // A single selection keeps the row chosen last (a user's new row replaces the old).
            unique = [rows.last(where: contains)!]
        }
        return unique
    }
}

extension TableSection {
    /// The section from its normal form (``PropertyValue/parse(_:as:)`` with `.tableSections`).
    init(state: StateValue) {
        header = state["header"]?.stringValue
        rows = (state["rows"]?.listValue ?? []).map { TableRow($0["text"]?.stringValue ?? $0.stringValue ?? "", detail: $0["detail"]?.stringValue) }
    }

    /// The section as snapshots report it: `{"header": …, "rows": [{"text": …, "detail": …}]}`.
    var stateValue: StateValue {
        ["header": header.map(StateValue.string) ?? .null,
         "rows": .list(rows.map { ["text": .string($0.text), "detail": $0.detail.map(StateValue.string) ?? .null] })]
    }
}

extension PropertyDescriptor {
    /// Positions (`[[section, row], …]`) backed by index paths.
    static func positions<Element: View>(_ name: String, _ path: ReferenceWritableKeyPath<Element, [IndexPath]> & Sendable,
                                         _ get: @escaping @Sendable (Element) -> [IndexPath]) -> Self {
        Self(name, kind: .positions,
             read: { .structured(.list(get(unsafeDowncast($0, to: Element.self)).map { [.integer($0.section), .integer($0.row)] })) },
             write: { element, value in
                 (element as! Element)[keyPath: path] = (value.structuredValue.listValue ?? []).compactMap { pair in
                     guard let list = pair.listValue, list.count == 2, let section = list[0].integerValue, let row = list[1].integerValue else { return nil }
                     return IndexPath(section: section, row: row)
                 }
             })
    }
}
