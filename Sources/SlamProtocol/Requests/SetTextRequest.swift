import SlamJSON
import SlamRPC

/// `setText {ref, text, controller?}` → the element's snapshot; fires its editing events.
public struct SetTextRequest: SlamRequest {
    public typealias Result = Snapshot
    public static let method = "setText"
    public static let summary = "Replaces a text field's text at once, as a paste would (editing changed, then did end), and returns its snapshot."
    public static let parameters = ParameterList(empty: SetTextRequest(ref: "", text: ""), [
        .element(\.ref),
        .required("text", \.text, summary: "The new text."),
        .controller(\.controller),
        .actionTimeout(\.timeoutMilliseconds),
    ])
    public static var errors: [ErrorCode] {
        [.elementNotFound, .ambiguousLocator, .elementNotInteractive, .elementDisabled, .elementHidden, .elementCovered, .controllerNotFound, .shuttingDown, .limitReached]
    }

    public var ref: ElementLocator
    public var text: String
    public var controller: String?
    /// How long the daemon may wait for the element to become actionable; nil or 0: act at once.
    public var timeoutMilliseconds: Int?

    public init(ref: ElementLocator, text: String, controller: String? = nil, timeoutMilliseconds: Int? = nil) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.ref = ref
        self.text = text
        self.controller = controller
    }
}
