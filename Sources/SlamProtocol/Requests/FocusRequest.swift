import SlamJSON
import SlamRPC

/// `focus {ref, controller?}` → the element's snapshot, now with `focused: true`.
public struct FocusRequest: SlamRequest {
    public typealias Result = Snapshot
    public static let method = "focus"
    public static let summary = "Gives an element its controller's keyboard focus, as a click would (a text field begins editing)."
    public static let parameters = ParameterList(empty: FocusRequest(ref: ""), [
        .required("ref", \.ref, summary: CommonParameters.reference),
        .optional("controller", \.controller, summary: CommonParameters.controller),
    ])
    public static var resultSchema: JSONValue { Snapshot.schemaReference }
    public static var errors: [ErrorCode] {
        [.elementNotFound, .elementNotInteractive, .elementDisabled, .elementHidden, .elementCovered, .controllerNotFound]
    }

    public var ref: String
    public var controller: String?

    public init(ref: String, controller: String? = nil) {
        self.ref = ref
        self.controller = controller
    }
}
