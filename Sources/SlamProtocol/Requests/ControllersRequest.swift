import SlamJSON
import SlamRPC

/// `controllers` → the navigation stack, root first.
public struct ControllersRequest: SlamRequest {
    public typealias Result = [ControllerEntry]
    public static let method = "controllers"
    public static let summary = "The navigation stack, root first: each controller's id, title and whether it is modal."
    public static var parameters: ParameterList<ControllersRequest> { ParameterList(empty: ControllersRequest()) }

    public init() {}
}
