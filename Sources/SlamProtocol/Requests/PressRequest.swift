import SlamJSON
import SlamRPC

/// `press {ref, value?, controller?}` → the element's snapshot after the press and its autoUI.
public struct PressRequest: SlamRequest {
    public typealias Result = Snapshot
    public static let method = "press"
    public static let summary = "Presses an element as a user would, runs its action, and returns its snapshot afterwards."
    public static let parameters = ParameterList(empty: PressRequest(ref: ""), [
        .element(\.ref),
        .optional("value", \.value, summary: "A row, segment or page index; a number for a slider (snapped to its step); \"increment\" or \"decrement\" for a stepper, slider or date picker; true or false "
                  + "for a switch; [component, row] for a picker, [section, row] for a sectioned table, [section, item] for a "
                  + "collection view; an ISO 8601 date for a date picker, an item key for a collection view.",
                  nullable: true),
        .controller(\.controller),
        .actionTimeout(\.timeoutMilliseconds),
    ])
    public static var errors: [ErrorCode] {
        [.elementNotFound, .ambiguousLocator, .elementNotInteractive, .elementDisabled, .elementHidden, .elementCovered, .taskNotFound, .controllerNotFound,
         .navigationRefused, .taskFailed, .shuttingDown, .limitReached]
    }

    public var ref: ElementLocator
    public var value: PressInput?
    public var controller: String?
    /// How long the daemon may wait for the element to become actionable; nil or 0: act at once.
    public var timeoutMilliseconds: Int?

    public init(ref: ElementLocator, value: PressInput? = nil, controller: String? = nil, timeoutMilliseconds: Int? = nil) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.ref = ref
        self.value = value
        self.controller = controller
    }
}
