import SlamJSON
import SlamRPC

/// `query {type?, text?, visible?, enabled?, controller?}` → matching snapshots in tree order.
///
/// Filters combine with AND. Without `visible`/`enabled`, hidden and disabled
/// elements are returned too. `visible` is the element's own flag; `enabled`
/// counts elements that have no enabled state as enabled.
public struct QueryRequest: SlamRequest {
    public typealias Result = [Snapshot]
    public static let method = "query"
    public static let summary = "Snapshots of the elements matching every given filter, in tree order."
    public static let parameters = ParameterList(empty: QueryRequest(), [
        .optional("type", \.type, summary: "Element type, e.g. \"Button\"."),
        .optional("text", \.text, summary: "Exact value of the element's `text` property."),
        .optional("visible", \.visible, summary: "The element's own `visible` flag."),
        .optional("enabled", \.enabled, summary: "Enabled state; elements without one count as enabled."),
        .controller(\.controller),
    ])
    public static var errors: [ErrorCode] { [.controllerNotFound] }

    public var type: String?
    public var text: String?
    public var visible: Bool?
    public var enabled: Bool?
    public var controller: String?

    public init(type: String? = nil, text: String? = nil, visible: Bool? = nil, enabled: Bool? = nil, controller: String? = nil) {
        self.type = type
        self.text = text
        self.visible = visible
        self.enabled = enabled
        self.controller = controller
    }
}
