import SlamJSON
import SlamRPC

/// `focus {ref, controller?}` → the element's snapshot, now with `focused: true`.
public struct FocusRequest: SlamRequest {
    public typealias Result = Snapshot
    public static let method = "focus"
    public static let summary = "Gives an element its controller's keyboard focus, as a click would (a text field begins editing)."
    public static let parameters = ParameterList(empty: FocusRequest(ref: ""), [
        .element(\.ref),
        .controller(\.controller),
        .actionTimeout(\.timeoutMilliseconds),
    ])
    public static var errors: [ErrorCode] {
        [.elementNotFound, .ambiguousLocator, .elementNotInteractive, .elementDisabled, .elementHidden, .elementCovered, .controllerNotFound, .shuttingDown, .limitReached]
    }

    public var ref: ElementLocator
    public var controller: String?
    /// How long the daemon may wait for the element to become actionable; nil or 0: act at once.
    public var timeoutMilliseconds: Int?

    public init(ref: ElementLocator, controller: String? = nil, timeoutMilliseconds: Int? = nil) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.ref = ref
        self.controller = controller
    }
}
