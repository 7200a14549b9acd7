import SlamJSON
import SlamRPC

/// `tree {ref?, controller?, depth?}` → nested snapshots with `children`.
public struct TreeRequest: SlamRequest {
    public typealias Result = Snapshot
    public static let method = "tree"
    public static let summary = "The element tree as nested snapshots, each with its `children`."
    public static let parameters = ParameterList(empty: TreeRequest(), [
        .subtree(\.ref),
        .controller(\.controller),
        .optional("depth", \.depth, summary: "Levels of children to include (0: the element alone); default: all.",
                  schema: { ["type": "integer", "minimum": 0] }),
    ])
    public static var resultSchema: JSONValue { ["$ref": "#/components/schemas/TreeNode"] }
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
