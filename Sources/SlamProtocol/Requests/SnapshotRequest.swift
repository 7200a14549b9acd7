import SlamJSON
import SlamRPC

/// `snapshot {ref?, controller?, depth?}` → `{controller, title, snapshot}`: the screen (or the
/// subtree at `ref`) as an accessibility snapshot, compact text an agent or a person reads.
public struct SnapshotRequest: SlamRequest {
    public typealias Result = AccessibilitySnapshot
    public static let method = "snapshot"
    public static let summary = "The screen as an accessibility snapshot: one line per element with its role, name, states and ref."
    public static let parameters = ParameterList(empty: SnapshotRequest(), [
        .subtree(\.ref),
        .controller(\.controller),
        .optional("depth", \.depth, summary: "Levels of the snapshot to include below the first (0: the first level alone); default: all.",
                  schema: { ["type": "integer", "minimum": 0] }),
    ])
    public static var errors: [ErrorCode] { [.elementNotFound, .ambiguousLocator, .controllerNotFound] }

    public var ref: ElementLocator?
    public var controller: String?
    public var depth: Int?

    public init(ref: ElementLocator? = nil, controller: String? = nil, depth: Int? = nil) {
        self.ref = ref
        self.controller = controller
        self.depth = depth
    }
}
