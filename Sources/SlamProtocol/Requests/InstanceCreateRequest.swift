import SlamJSON
import SlamRPC

/// `instance.create {app?, storyboard?, label?}` → an ``InstanceEntry``: a new, isolated instance of an
/// application the daemon can host. Nothing of it is visible from any other instance: its screens,
/// shared state, focus, waits, events, traces and client-registered tasks are its own. The connection
/// that asks keeps using its own instance until it sends `instance.use`.
public struct InstanceCreateRequest: SlamRequest {
    public typealias Result = InstanceEntry
    public static let method = "instance.create"
    public static let summary = "Make a new, isolated instance of an application the daemon can host (by default the one it was launched with) and answer its handle; the connection keeps its own instance until instance.use."
    /// The longest `label`, in UTF-8 bytes.
    public static let maximumLabelBytes = 200
    public static let parameters = ParameterList(empty: InstanceCreateRequest(), [
        .optional("app", \.app,
                  summary: "What to host: \"launched\" (the application the daemon was started with, the default) or \"demo\" (the built-in demo, where the daemon has it). Not with storyboard.",
                  schema: { ["type": "string", "minLength": 1] }),
        .optional("storyboard", \.storyboard,
                  summary: "The path of a storyboard file (JSON) to host, as slamd --storyboard reads it. Not with app.",
                  schema: { ["type": "string", "minLength": 1] }),
        .optional("label", \.label,
                  summary: "A name for people: instance.list and the page's inspector show it (at most \(maximumLabelBytes) bytes).",
                  schema: { ["type": "string", "maxLength": .integer(Int64(maximumLabelBytes))] }),
    ])
    public static var errors: [ErrorCode] { [.limitReached] }

    public var app: String?
    public var storyboard: String?
    public var label: String?

    public init(app: String? = nil, storyboard: String? = nil, label: String? = nil) {
        self.app = app
        self.storyboard = storyboard
        self.label = label
    }
}
