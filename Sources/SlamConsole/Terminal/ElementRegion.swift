import SlamJSON

/// Where an element was drawn, and what a click there does.
public struct ElementRegion: Hashable, Sendable {
    /// What a click on the region does.
    public enum Action: Hashable, Sendable {
        /// `press` the element, with this `value` (a row, a segment, `"increment"` …) or none.
        case press(JSONValue?)
        /// `focus` the element (text fields, pickers: a click puts the cursor there).
        case focus
    }

    public var row: Int
    public var column: Int
    public var width: Int
    /// The element's reference (empty for anonymous elements: nothing to click).
    public var ref: String
    public var type: String
    /// The element's node number in the renderer's model, when the tree carried them.
    public var node: Int?
    public var action: Action

    public init(row: Int, column: Int, width: Int, ref: String, type: String, node: Int?, action: Action) {
        self.row = row
        self.column = column
        self.width = width
        self.ref = ref
        self.type = type
        self.node = node
        self.action = action
    }

    public func contains(row: Int, column: Int) -> Bool {
        row == self.row && column >= self.column && column < self.column + width
    }
}
