import SlamJSON
import SlamRPC

/// `updateUI` and `resetUI`: the same parameters (`ref?`, `controller?`), the
/// same result (``Changes``), two ways of refreshing what users see.
public protocol RefreshRequest: SlamRequest where Result == Changes {
    /// The subtree to refresh; nil: the controller's whole view.
    var ref: ElementLocator? { get set }
    /// A controller on the navigation stack; nil: the top one.
    var controller: String? { get set }
    init(ref: ElementLocator?, controller: String?)
}

extension RefreshRequest {
    public static var parameters: ParameterList<Self> {
        ParameterList(empty: Self(ref: nil, controller: nil), [
            .subtree(\.ref),
            .controller(\.controller),
        ])
    }
    public static var errors: [ErrorCode] { [.elementNotFound, .ambiguousLocator, .controllerNotFound] }
}
