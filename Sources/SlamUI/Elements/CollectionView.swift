/// One section of a ``CollectionView``: an optional header and its items.
public struct CollectionSection: Hashable, Sendable {
    /// The title shown above the section; nil for none.
    public var header: String?
    /// The section's items, in order; keys must be unique in the whole view.
    public var items: [CollectionItem]

    /// A section with an optional header and its items.
    public init(header: String? = nil, items: [CollectionItem]) {
        self.header = header
        self.items = items
    }
}

/// One item of a ``CollectionView``: a key that identifies it in the view, and the text shown.
public struct CollectionItem: Hashable, Sendable {
    /// Identifies the item in the view: what ``CollectionView/selectedKeys`` holds and `.text` presses name.
    public var key: String
    /// The text shown for the item.
    public var text: String

    /// An item with its own key and the text shown.
    public init(key: String, text: String) {
        self.key = key
        self.text = text
    }

    /// An item whose key is its text.
    public init(_ text: String) {
        self.init(key: text, text: text)
    }
}

/// A grid of items in sections (the seed's planned UICollectionView): ``columns``
/// items to a row, each section with an optional header; one item or, with
/// ``multipleSelection``, any number can be selected.
///
/// **Items are identified by key**, unique in the view: the selection is a set of
/// keys (``selectedKeys``), so it follows an item that a reload moves and drops
/// one that a reload removes. Where sections come from Swift, an item whose key an
/// earlier item already has is left out, with a warning (``ApplicationEvent/warning(message:)``);
/// storyboards refuse such sections.
///
/// Sections come from ``staticSections`` or ``sectionsDataSource``, read only by
/// ``reloadUI()`` (which ``View/resetUI()`` calls).
///
/// A user press with `.position(section, item)`, `.text(key)` or `.index(item)`
/// (when there is one section) selects that item; with ``multipleSelection`` it
/// toggles it. Every item whose selection a user changes is reported to
/// ``selectEventBlock`` by key (deselected ones first); then, with ``selectUI``,
/// the whole controller updates. Keys: ArrowLeft/ArrowRight select the
/// previous/next item (across sections), ArrowUp/ArrowDown the item one row
/// (``columns`` items) up/down, moving into the neighbouring section's nearest
/// row at a section's edge; each selects only that item.
public final class CollectionView: View, ResettableView, FocusableView {
    /// Where the sections come from: one source at a time.
    public enum SectionSource {
        case none
        case staticSections([CollectionSection])
        case sections(() -> [CollectionSection])
    }

    /// Where the sections come from; ``staticSections`` and ``sectionsDataSource`` set it too.
    public var sectionSource: SectionSource = .none

    /// Items per row, at least 1.
    public var columns = 3 {
        didSet {
            if columns < 1 { columns = 1 }
            if oldValue != columns { markChanged() }
        }
    }

    /// The sections shown now, as of the last reload (keys unique).
    public private(set) var sections: [CollectionSection] = [] {
        didSet {
            guard !oldValue.isExactly(sections) else { return }
            markChanged()
            positions = [:]
            for (section, content) in sections.enumerated() {
                for (item, element) in content.items.enumerated() { positions[element.key] = IndexPath(section: section, item: item) }
            }
            selectedKeys = fixed(selectedKeys)
        }
    }

    /// Where each key is now.
    private var positions: [String: IndexPath] = [:]

    /// Whether several items can be selected (a press toggles an item).
    public var multipleSelection = false {
        didSet {
            if oldValue != multipleSelection { markChanged() }
            selectedKeys = fixed(selectedKeys)
        }
    }

    /// The keys of the selected items, in the view's order; only keys in the view, at most one
    /// without ``multipleSelection``.
    public var selectedKeys: [String] = [] {
        didSet {
            let valid = fixed(selectedKeys)
            if valid != selectedKeys { selectedKeys = valid }
            if !oldValue.isExactly(selectedKeys) { markChanged() }
        }
    }

    /// Whether a user's selection updates the whole controller.
    public var selectUI = false {
        didSet { if oldValue != selectUI { markChanged() } }
    }

    /// Called with the key of each item a user selects (`true`) or deselects (`false`).
    public var selectEventBlock: ((String, Bool) -> Void)?

    /// The item the arrow keys move from: the one a user last chose, while it is selected.
    private var cursor: String?

    /// Fixed sections; setting them replaces any other source.
    public var staticSections: [CollectionSection]? {
        get { if case .staticSections(let sections) = sectionSource { sections } else { nil } }
        set { sectionSource = newValue.map(SectionSource.staticSections) ?? .none }
    }

    /// A closure returning every section; setting it replaces any other source.
    public var sectionsDataSource: (() -> [CollectionSection])? {
        get { if case .sections(let source) = sectionSource { source } else { nil } }
        set { sectionSource = newValue.map(SectionSource.sections) ?? .none }
    }

    public override class var typeName: String { "CollectionView" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.grid] }
    /// A `row` of ``columns`` `gridcell`s (named after their items, selected or not) per line of
    /// each section, inside a `rowgroup` named after the section's header where it has one.
    public override var accessibilityParts: [AccessibilityNode] {
        sections.flatMap { section -> [AccessibilityNode] in
            let rows = stride(from: 0, to: section.items.count, by: columns).map { start in
                AccessibilityNode(role: .row, children: section.items[start..<min(start + columns, section.items.count)].map { item in
                    .part(.gridcell, item.text, selected: selectedKeys.contains(item.key))
                })
            }
            guard let header = section.header else { return rows }
            return [AccessibilityNode(role: .rowgroup, name: header, children: rows)]
        }
    }
    public override class var summary: String { "A grid of items in sections, selected by key (one, or several with multipleSelection)." }
    public override class var pressValues: [PressValueKind] { [.position, .text, .index] }
    public override class var handledKeys: [Key] { [.arrowUp, .arrowDown, .arrowLeft, .arrowRight] }
    public override class var primaryProperty: String { "selectedKeys" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["selectedKeys"] }
    // Sections and the selection mode before the selection, so a storyboard's keys exist when it is set.
    static let ownProperties: [PropertyDescriptor] = viewProperties + [
        focusedProperty,
        PropertyDescriptor("columns", kind: .integer, read: { .integer(unsafeDowncast($0, to: CollectionView.self).columns) },
                           write: { ($0 as! CollectionView).columns = $1.integerValue ?? 3 },
                           validate: { value in
                               if case .integer(let columns) = value, columns < 1 { return "a collection view has at least 1 column, got \(columns)" }
                               return nil
                           }).noted("≥ 1, default 3"),
        PropertyDescriptor("sections", kind: .collectionSections,
                           read: { .structured(.list(unsafeDowncast($0, to: CollectionView.self).sections.map(\.stateValue))) },
                           write: { view, value in
                               // Static sections show at once (bound sections change on every update).
                               let view = view as! CollectionView
                               view.staticSections = (value.structuredValue.listValue ?? []).map(CollectionSection.init(state:))
                               view.reloadUI()
                           }).noted(#"`[{"header": string or null, "items": [{"key": string, "text": string}]}]`; a storyboard may write an item as a plain string, its key being its text"#),
        .bool("multipleSelection", \CollectionView.multipleSelection) { $0.multipleSelection },
        .strings("selectedKeys", \CollectionView.selectedKeys) { $0.selectedKeys },
        .bool("selectUI", \CollectionView.selectUI) { $0.selectUI },
    ]

    /// Re-reads the sections from their source. The selection stays with its keys, wherever
    /// they moved; keys no longer in the view are dropped. A repeated key is left out, with a warning.
    public func reloadUI() {
        let loaded: [CollectionSection] = switch sectionSource {
        case .none: []
        case .staticSections(let fixed): fixed
        case .sections(let source): source()
        }
        var seen: Set<String> = []
        sections = loaded.enumerated().map { section, content in
            var unique = content
            unique.items = content.items.enumerated().filter { item, element in
                if seen.insert(element.key).inserted { return true }
                controller?.application?.emit(.warning(
                    message: "\(path): the item key '\(element.key)' at [\(section), \(item)] is used twice; keys must be unique in the view, so it is left out"))
                return false
            }.map(\.element)
            return unique
        }
    }

    /// Where the item with `key` is now, nil when there is none.
    public func indexPath(forKey key: String) -> IndexPath? {
        positions[key]
    }

    /// The item at `indexPath`, nil when there is none.
    public func item(at indexPath: IndexPath) -> CollectionItem? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].items.indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    /// Clears the selection (silently).
    public func deselectAll() {
        selectedKeys = []
    }

    /// A user's press on an item: selects it (single selection) or toggles it (multiple).
    public override func press(_ value: PressValue?) throws(SlamError) {
        try requireReachable()
        let key: String
        switch value {
        case let .position(section, item)?:
            key = try self.key(at: IndexPath(section: section, item: item))
        case .index(let item)? where sections.count == 1:
            key = try self.key(at: IndexPath(section: 0, item: item))
        case .index?:
            throw .invalidPress(reference: referenceOrPath, reason: "a CollectionView with \(sections.count) sections takes [section, item] or an item key")
        case .text(let text)?:
            guard positions[text] != nil else { throw .invalidPress(reference: referenceOrPath, reason: "no item has the key '\(text)'") }
            key = text
        default:
            throw .invalidPress(reference: referenceOrPath, reason: "a CollectionView takes [section, item], an item key, or an item index when it has one section")
        }
        if multipleSelection && selectedKeys.contains(key) {
            userSelects(selectedKeys.filter { $0 != key }, cursor: key)
        } else {
            userSelects(multipleSelection ? selectedKeys + [key] : [key], cursor: key)
        }
    }

    /// Arrows move across the grid and select only the item they reach (the first item when none is selected).
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard [.arrowUp, .arrowDown, .arrowLeft, .arrowRight].contains(key) else { return false }
        guard sections.contains(where: { !$0.items.isEmpty }) else { return false }
        try requireReachable()
        let currentKey = cursor.flatMap { selectedKeys.contains($0) ? $0 : nil } ?? selectedKeys.first
        let target: IndexPath?
        if let current = currentKey.flatMap({ positions[$0] }) {
            target = switch key {
            case .arrowRight: step(from: current, by: 1)
            case .arrowLeft: step(from: current, by: -1)
            case .arrowDown: rowBelow(current)
            default: rowAbove(current)
            }
        } else {
            target = step(from: IndexPath(section: 0, item: -1), by: 1)
        }
        if let target, let item = item(at: target), selectedKeys != [item.key] { userSelects([item.key], cursor: item.key) }
        return true
    }

    /// The item `offset` (±1) places on in reading order, skipping empty sections; nil past the ends.
    private func step(from position: IndexPath, by offset: Int) -> IndexPath? {
        var section = position.section
        var item = position.item + offset
        while sections.indices.contains(section) {
            if sections[section].items.indices.contains(item) { return IndexPath(section: section, item: item) }
            section += offset
            guard sections.indices.contains(section) else { return nil }
            item = offset > 0 ? 0 : sections[section].items.count - 1
        }
        return nil
    }

    /// The item one row down: the same column in the next row of the section (its last item when
    /// that row is shorter), else the first row of the next section that has items.
    private func rowBelow(_ position: IndexPath) -> IndexPath? {
        let count = sections[position.section].items.count
        let column = position.item % columns
        if position.item + columns < count { return IndexPath(section: position.section, item: position.item + columns) }
        if position.item / columns < (count - 1) / columns { return IndexPath(section: position.section, item: count - 1) }
        guard let next = sections.indices.first(where: { $0 > position.section && !sections[$0].items.isEmpty }) else { return nil }
        return IndexPath(section: next, item: min(column, sections[next].items.count - 1))
    }

    /// The item one row up: the same column in the row above, else in the last row of the previous
    /// section that has items (its last item when that row is shorter).
    private func rowAbove(_ position: IndexPath) -> IndexPath? {
        let column = position.item % columns
        if position.item >= columns { return IndexPath(section: position.section, item: position.item - columns) }
        guard let previous = sections.indices.last(where: { $0 < position.section && !sections[$0].items.isEmpty }) else { return nil }
        let count = sections[previous].items.count
        return IndexPath(section: previous, item: min((count - 1) / columns * columns + column, count - 1))
    }

    private func key(at indexPath: IndexPath) throws(SlamError) -> String {
        guard sections.indices.contains(indexPath.section) else {
            throw .invalidPress(reference: referenceOrPath, reason: "section \(indexPath.section) is outside 0..<\(sections.count)")
        }
        guard let item = item(at: indexPath) else {
            throw .invalidPress(reference: referenceOrPath,
                                reason: "item \(indexPath.item) is outside 0..<\(sections[indexPath.section].items.count) in section \(indexPath.section)")
        }
        return item.key
    }

    /// Applies a user's new selection: the state written back, an event per changed key, then selectUI.
    private func userSelects(_ keys: [String], cursor newCursor: String) {
        let before = selectedKeys
        selectedKeys = keys
        cursor = newCursor
        userChangedSelection(from: before, to: selectedKeys, event: selectEventBlock, updatesController: selectUI)
    }

    /// Keys in the view only, in the view's order, without repeats; without multiple selection,
    /// only the last one given (a user's new choice replaces the old).
    private func fixed(_ keys: [String]) -> [String] {
        let present = keys.filter { positions[$0] != nil }
        if !multipleSelection { return present.last.map { [$0] } ?? [] }
        return Set(present).sorted { positions[$0]! < positions[$1]! }
    }
}

extension CollectionSection {
    /// The section from its normal form (``PropertyValue/parse(_:as:)`` with `.collectionSections`).
    init(state: StateValue) {
        header = state["header"]?.stringValue
        items = (state["items"]?.listValue ?? []).map { item in
            let text = item["text"]?.stringValue ?? item.stringValue ?? ""
            return CollectionItem(key: item["key"]?.stringValue ?? text, text: text)
        }
    }

    /// The section as snapshots report it: `{"header": …, "items": [{"key": …, "text": …}]}`.
    var stateValue: StateValue {
        ["header": header.map(StateValue.string) ?? .null,
         "items": .list(items.map { ["key": .string($0.key), "text": .string($0.text)] })]
    }
}
