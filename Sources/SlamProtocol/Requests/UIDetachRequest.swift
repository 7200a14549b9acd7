import SlamJSON
import SlamRPC

/// `ui.detach` → `{detached}`: stops this connection's `ui.redraw` batches.
public struct UIDetachRequest: SlamRequest {
    public typealias Result = UIDetached
    public static let method = "ui.detach"
    public static let summary = "Stop this connection's ui.redraw batches; `detached` says whether it was attached."
    public static var parameters: ParameterList<UIDetachRequest> { ParameterList(empty: UIDetachRequest()) }

    public init() {}
}
