import SlamJSON
import SlamRPC

/// `screens` → every screen `push` can open, in registration order, with its title and whether it is on the stack.
public struct ScreensRequest: SlamRequest {
    public typealias Result = [ScreenEntry]
    public static let method = "screens"
    public static let summary = "Every controller push can open, in registration order: its id, title and whether it is on the stack now."
    public static var parameters: ParameterList<ScreensRequest> { ParameterList(empty: ScreensRequest()) }

    public init() {}
}
