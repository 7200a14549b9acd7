import SlamJSON
import SlamRPC

/// `find {ref, controller?}` → the element's snapshot.
public struct FindRequest: SlamRequest {
    public typealias Result = Snapshot
    public static let method = "find"
    public static let summary = "The snapshot of one element, found by reference."
    public static let parameters = ParameterList(empty: FindRequest(ref: ""), [
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
