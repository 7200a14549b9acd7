import SlamJSON
import SlamRPC

/// `updateUI {ref?, controller?}` → which elements changed what users see.
public struct UpdateUIRequest: SlamRequest {
    public typealias Result = Changes
    public static let method = "updateUI"
    public static let summary = "Pulls every data source of the controller (or of the subtree at `ref`) and reports which elements changed."
    public static let parameters = ParameterList(empty: UpdateUIRequest(), [
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
