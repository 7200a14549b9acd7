import SlamJSON
import SlamRPC

/// `typeText {ref, text, controller?}` → the text field's snapshot after typing.
public struct TypeTextRequest: SlamRequest {
    public typealias Result = Snapshot
    public static let method = "typeText"
    public static let summary = "Focuses a text field, types the text key by key (an editing-changed event per character; \"\\n\" is Enter) and returns its snapshot."
    public static let parameters = ParameterList(empty: TypeTextRequest(ref: "", text: ""), [
        .element(\.ref),
        .required("text", \.text, summary: "What to type, character by character."),
        .controller(\.controller),
        .actionTimeout(\.timeoutMilliseconds),
    ])
    public static var errors: [ErrorCode] {
        [.elementNotFound, .ambiguousLocator, .elementNotInteractive, .elementDisabled, .elementHidden, .elementCovered, .controllerNotFound,
         .taskNotFound, .taskFailed, .shuttingDown, .limitReached]
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
