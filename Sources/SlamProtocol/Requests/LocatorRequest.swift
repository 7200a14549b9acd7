import SlamJSON
import SlamRPC

/// `locator {ref, controller?}` → `{locator}`: the locator the daemon's recorder would write for
/// the element, so a client writing a test names it as `action` events do.
public struct LocatorRequest: SlamRequest {
    public typealias Result = RobustLocator
    public static let method = "locator"
    public static let summary = "The most robust locator for one element: the one an `action` event on it would carry."
    public static let parameters = ParameterList(empty: LocatorRequest(ref: ""), [
        .element(\.ref),
        .controller(\.controller),
    ])
    public static var errors: [ErrorCode] { [.elementNotFound, .ambiguousLocator, .controllerNotFound] }

    public var ref: ElementLocator
    public var controller: String?

    public init(ref: ElementLocator, controller: String? = nil) {
        self.ref = ref
        self.controller = controller
    }
}
