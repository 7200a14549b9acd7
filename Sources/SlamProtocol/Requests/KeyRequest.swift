import SlamJSON
import SlamRPC

/// `key {key}` → what the key did: whether anything used it and what has the focus afterwards.
public struct KeyRequest: SlamRequest {
    public typealias Result = KeyOutcome
    public static let method = "key"
    public static let summary = "Presses a key on the top controller as a person would: Tab moves the focus, other keys go to the focused element."
    public static let parameters = ParameterList(empty: KeyRequest(key: ""), [
        .required("key", \.key, summary: "One character (\"a\", \" \"), or Tab, Shift+Tab, Enter, Escape, Backspace, "
                  + "ArrowUp, ArrowDown, ArrowLeft, ArrowRight, Space."),
    ])
    public static var resultSchema: JSONValue { KeyOutcome.schema }
    public static var errors: [ErrorCode] {
        [.elementDisabled, .elementHidden, .taskNotFound, .taskFailed, .controllerNotFound, .navigationRefused]
    }

    public var key: String

    public init(key: String) {
        self.key = key
    }
}
