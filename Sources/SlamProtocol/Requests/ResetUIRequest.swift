import SlamJSON
import SlamRPC

/// `resetUI {ref?, controller?}` → which elements changed: reloads data-heavy elements, then fills.
public struct ResetUIRequest: SlamRequest {
    public typealias Result = Changes
    public static let method = "resetUI"
    public static let summary = "Reloads tables and text views, fills every element of the controller (or of the subtree at `ref`), and reports which changed."
    public static let parameters = ParameterList(empty: ResetUIRequest(), [
        .optional("ref", \.ref, summary: CommonParameters.optionalReference),
        .optional("controller", \.controller, summary: CommonParameters.controller),
    ])
    public static var resultSchema: JSONValue { Changes.schema }
    public static var errors: [ErrorCode] { [.elementNotFound, .controllerNotFound] }

    public var ref: String?
    public var controller: String?

    public init(ref: String? = nil, controller: String? = nil) {
        self.ref = ref
        self.controller = controller
    }
}
