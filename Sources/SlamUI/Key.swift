/// A key a person presses, named as the web's `KeyboardEvent.key` names it:
/// any single character (`"a"`, `" "`), or `Tab`, `Shift+Tab`, `Enter`,
/// `Escape`, `Backspace` and the four arrows.
///
/// Keys go to the top controller: Tab moves its focus, the others go to the
/// focused element (see ``FocusableView``) or act on the screen (Escape pops or
/// cancels an alert).
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    case tab
    case shiftTab
    case enter
    case escape
    case backspace
    case arrowUp
    case arrowDown
    case arrowLeft
    case arrowRight

    /// Every named key, as ``init(name:)`` reads them.
    public static let namedKeys: [String] = [
        "Tab", "Shift+Tab", "Enter", "Escape", "Backspace", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Space",
    ]

    /// Reads a key name: a named key (`"Enter"`; `"Space"` is `" "`) or one character. Nil for anything else.
    public init?(name: String) {
        switch name {
        case "Tab": self = .tab
        case "Shift+Tab": self = .shiftTab
        case "Enter": self = .enter
        case "Escape": self = .escape
        case "Backspace": self = .backspace
        case "ArrowUp": self = .arrowUp
        case "ArrowDown": self = .arrowDown
        case "ArrowLeft": self = .arrowLeft
        case "ArrowRight": self = .arrowRight
        case "Space": self = .character(" ")
        case "\n", "\r\n": self = .enter
        case "\t": self = .tab
        default:
            guard name.count == 1, let character = name.first, !character.isNewline else { return nil }
            self = .character(character)
        }
    }

    /// The key's name (`"Enter"`, `"a"`).
    public var name: String {
        switch self {
        case .character(let character): String(character)
        case .tab: "Tab"
        case .shiftTab: "Shift+Tab"
        case .enter: "Enter"
        case .escape: "Escape"
        case .backspace: "Backspace"
        case .arrowUp: "ArrowUp"
        case .arrowDown: "ArrowDown"
        case .arrowLeft: "ArrowLeft"
        case .arrowRight: "ArrowRight"
        }
    }

    /// The key's name (`"Enter"`, `"a"`).
    public var description: String { name }

    /// Up or right: the direction that increases a value (a stepper, a date).
    var isForward: Bool { self == .arrowUp || self == .arrowRight }
}
