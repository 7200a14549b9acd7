import SlamJSON
import SlamRPC

/// `key {key, ref?, timeoutMs?}` → what the key did: whether anything used it and what has the focus afterwards.
public struct KeyRequest: SlamRequest {
    public typealias Result = KeyOutcome
    public static let method = "key"
    public static let summary = "Presses a key on the top controller as a person would: Tab moves the focus, other keys go to the focused element."
    public static let parameters = ParameterList(empty: KeyRequest(key: ""), [
        .required("key", \.key, summary: "One character (\"a\", \" \"), or Tab, Shift+Tab, Enter, Escape, Backspace, "
                  + "ArrowUp, ArrowDown, ArrowLeft, ArrowRight, Space."),
        .optional("ref", \.ref, summary: "An element of the top controller to focus first (a reference or a locator); default: "
                  + "the key goes to whatever has the focus."),
        .actionTimeout(\.timeoutMilliseconds),
    ])
    public static var errors: [ErrorCode] {
        [.elementNotFound, .ambiguousLocator, .elementNotInteractive, .elementDisabled, .elementHidden, .elementCovered, .taskNotFound, .taskFailed, .controllerNotFound, .navigationRefused, .shuttingDown, .limitReached]
    }

    public var key: String
    /// The element to focus before the key goes in; nil: the focused element.
    public var ref: ElementLocator?
    /// How long the daemon may wait for `ref` to become actionable; nil or 0: act at once.
    public var timeoutMilliseconds: Int?

    public init(key: String, ref: ElementLocator? = nil, timeoutMilliseconds: Int? = nil) {
        self.key = key
        self.ref = ref
        self.timeoutMilliseconds = timeoutMilliseconds
    }
}
