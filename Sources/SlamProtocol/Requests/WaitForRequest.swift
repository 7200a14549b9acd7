import SlamJSON
import SlamRPC

/// `waitFor {ref, state | property + equals, timeoutMs?, controller?}` → the snapshot once the condition holds;
/// `waitFor {template, strict?, ref?, timeoutMs?, controller?}` → the tree once it matches the template;
/// `waitFor {aria, ref?, timeoutMs?, controller?}` → the element's snapshot once its accessibility snapshot contains `aria`.
///
/// Evaluated at once, then again after every UI change (never by polling). Without
/// `controller` it looks at whatever controller is on top when it re-evaluates, so a
/// wait can be satisfied by navigation. `absent` answers `null`. A template wait
/// looks at the tree of `ref`, or of the controller's root view without it, and on
/// timeout carries the diff (``TemplateDiff``) in `data.diff`; an `aria` wait's diff
/// is text (``AriaTemplate/diff(against:)``) in the message and in `data.diff`.
public struct WaitForRequest: SlamRequest {
    public typealias Result = Snapshot?
    public static let method = "waitFor"
    public static let summary = "Answers when the element reaches a state, a property equals a value, its tree matches a template, or its accessibility snapshot contains an aria template; fails with -32008 after timeoutMs."
    public static let parameters = ParameterList(empty: WaitForRequest(ref: nil), [
        .optional("ref", \.ref, summary: "The element's reference; required except with `template` or `aria` (default: the root view)."),
        .optional("state", \.state, summary: "exists, absent, visible, hidden or enabled.", nullable: true),
        .optional("property", \.property, summary: "A snapshot property name (with `equals`, instead of `state`)."),
        .optional("equals", \.equals, summary: "The value `property` must have (numbers compare by value)."),
        .optional(timeoutParameter, \.timeoutMilliseconds, summary: "How long to wait, in milliseconds; default \(defaultTimeoutMilliseconds).",
                  schema: { ["type": "integer", "minimum": 0] }),
        .controller(\.controller),
        .optional("template", \.template, summary: "A partial tree the element's tree must match (instead of `state` or `property`); answers the tree."),
        .optional("strict", \.strict, summary: "With `template`: children match one to one instead of as an ordered subsequence; default false."),
        .optional("aria", \.aria, summary: "A partial accessibility snapshot (the text `snapshot` answers) the element's must contain "
                  + "(instead of `state`, `property` or `template`); answers the element's snapshot."),
    ])
    public static var errors: [ErrorCode] { [.waitTimedOut, .controllerNotFound, .shuttingDown, .limitReached, .instanceClosed] }

    /// The name of the parameter that says how long to wait (clients that read raw params look for it).
    public static let timeoutParameter = "timeoutMs"

    /// How long a wait lasts when the request gives no `timeoutMs`.
    public static let defaultTimeoutMilliseconds = 5_000

    public var ref: ElementLocator?
    public var state: WaitState?
    public var property: String?
    public var equals: JSONValue?
    public var timeoutMilliseconds: Int?
    public var controller: String?
    public var template: TreeTemplate?
    public var strict: Bool?
    public var aria: AriaTemplate?

    /// Waits for a state (`.visible`, `.absent` …).
    public init(ref: ElementLocator, state: WaitState, timeoutMilliseconds: Int? = nil, controller: String? = nil) {
        self.ref = ref
        self.state = state
        self.timeoutMilliseconds = timeoutMilliseconds
        self.controller = controller
    }

    /// Waits until `property` equals `value` (numbers compare by value).
    public init(ref: ElementLocator, property: String, equals value: JSONValue, timeoutMilliseconds: Int? = nil,
                controller: String? = nil) {
        self.ref = ref
        self.property = property
        self.equals = value
        self.timeoutMilliseconds = timeoutMilliseconds
        self.controller = controller
    }

    /// Waits until the tree of `ref` (nil: the controller's root view) matches `template`; answers the tree.
    public init(template: TreeTemplate, ref: ElementLocator? = nil, strict: Bool = false, timeoutMilliseconds: Int? = nil,
                controller: String? = nil) {
        self.template = template
        self.ref = ref
        self.strict = strict ? true : nil
        self.timeoutMilliseconds = timeoutMilliseconds
        self.controller = controller
    }

    /// Waits until the accessibility snapshot of `ref` (nil: the controller's screen) contains `aria`;
    /// answers the element's snapshot.
    public init(aria: AriaTemplate, ref: ElementLocator? = nil, timeoutMilliseconds: Int? = nil, controller: String? = nil) {
        self.aria = aria
        self.ref = ref
        self.timeoutMilliseconds = timeoutMilliseconds
        self.controller = controller
    }

    private init(ref: ElementLocator?) {
        self.ref = ref
    }

    /// How long the daemon may hold the answer: the request's `timeoutMs`, else the default.
    public var effectiveTimeoutMilliseconds: Int { timeoutMilliseconds ?? Self.defaultTimeoutMilliseconds }
}
