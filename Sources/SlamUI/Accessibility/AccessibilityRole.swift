/// What an element is to assistive technology and to role locators: a WAI-ARIA 1.2 role
/// (`button`, `switch`, `spinbutton` …), as the page, the accessibility bus and snapshots name it.
///
/// Each element type declares the roles it can take (``View/accessibilityRoles``); an element's
/// role now is ``View/accessibilityRole`` (a label declared a heading is a `heading`).
public struct AccessibilityRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The role's WAI-ARIA name.
    public let rawValue: String

    /// The role named `rawValue` (any name: custom elements may declare roles Slam does not).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The role named `value`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The role's WAI-ARIA name.
    public var description: String { rawValue }

    // The roles Slam's elements take, and the parts of elements that show rows, options or segments.

    /// A container with no meaning of its own: snapshots leave it out and show its children in its place.
    public static let generic: AccessibilityRole = "generic"
    /// A named set of elements.
    public static let group: AccessibilityRole = "group"
    /// A named part of a screen a person may want to jump to.
    public static let region: AccessibilityRole = "region"
    /// An alert that asks for a decision (an alert).
    public static let alertdialog: AccessibilityRole = "alertdialog"
    /// A self-contained body of text (a text view).
    public static let article: AccessibilityRole = "article"
    /// Something a press acts on.
    public static let button: AccessibilityRole = "button"
    /// A page of content (a web view).
    public static let document: AccessibilityRole = "document"
    /// Cells in rows and columns a person moves between (a collection view).
    public static let grid: AccessibilityRole = "grid"
    /// A cell of a grid (a collection item).
    public static let gridcell: AccessibilityRole = "gridcell"
    /// A heading over what follows (a label declared one), with a level.
    public static let heading: AccessibilityRole = "heading"
    /// A list of items (a single-item table).
    public static let list: AccessibilityRole = "list"
    /// A list to choose options from (a picker component).
    public static let listbox: AccessibilityRole = "listbox"
    /// An item of a list (a table row).
    public static let listitem: AccessibilityRole = "listitem"
    /// A choice in a listbox (a picker row).
    public static let option: AccessibilityRole = "option"
    /// A piece of text (a label).
    public static let paragraph: AccessibilityRole = "paragraph"
    /// How far a task has got (a progress view, an activity indicator).
    public static let progressbar: AccessibilityRole = "progressbar"
    /// One of a radio group's choices (a segment).
    public static let radio: AccessibilityRole = "radio"
    /// A set of choices of which one is checked (a segmented control).
    public static let radiogroup: AccessibilityRole = "radiogroup"
    /// A row of a table or grid.
    public static let row: AccessibilityRole = "row"
    /// A group of rows (a table section).
    public static let rowgroup: AccessibilityRole = "rowgroup"
    /// A value chosen in a range by moving a thumb (a slider, a page control).
    public static let slider: AccessibilityRole = "slider"
    /// A value stepped up and down (a stepper, a date picker).
    public static let spinbutton: AccessibilityRole = "spinbutton"
    /// Something on or off (a switch).
    public static let `switch`: AccessibilityRole = "switch"
    /// Rows of data (a sectioned table).
    public static let table: AccessibilityRole = "table"
    /// Text a person types (a text field).
    public static let textbox: AccessibilityRole = "textbox"

    /// Roles a person operates; an element with one of these needs an accessible name
    /// (`slamd --check` warns about one without).
    public static let interactive: Set<AccessibilityRole> = [
        .button, .switch, .spinbutton, .slider, .radiogroup, .textbox, .grid, .listbox, .list, .table,
    ]
}
