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
    public static let alertdialog: AccessibilityRole = "alertdialog"
    public static let article: AccessibilityRole = "article"
    public static let button: AccessibilityRole = "button"
    public static let document: AccessibilityRole = "document"
    public static let grid: AccessibilityRole = "grid"
    public static let gridcell: AccessibilityRole = "gridcell"
    public static let heading: AccessibilityRole = "heading"
    public static let list: AccessibilityRole = "list"
    public static let listbox: AccessibilityRole = "listbox"
    public static let listitem: AccessibilityRole = "listitem"
    public static let option: AccessibilityRole = "option"
    public static let paragraph: AccessibilityRole = "paragraph"
    public static let progressbar: AccessibilityRole = "progressbar"
    public static let radio: AccessibilityRole = "radio"
    public static let radiogroup: AccessibilityRole = "radiogroup"
    public static let row: AccessibilityRole = "row"
    public static let rowgroup: AccessibilityRole = "rowgroup"
    public static let slider: AccessibilityRole = "slider"
    public static let spinbutton: AccessibilityRole = "spinbutton"
    public static let `switch`: AccessibilityRole = "switch"
    public static let table: AccessibilityRole = "table"
    public static let textbox: AccessibilityRole = "textbox"

    /// Roles a person operates; an element with one of these needs an accessible name
    /// (`slamd --check` warns about one without).
    public static let interactive: Set<AccessibilityRole> = [
        .button, .switch, .spinbutton, .slider, .radiogroup, .textbox, .grid, .listbox, .list, .table,
    ]
}
