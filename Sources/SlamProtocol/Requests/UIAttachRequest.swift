import SlamJSON
import SlamRPC

/// `ui.attach {capabilities?}` → the whole UI state a renderer needs, stamped
/// with a sequence number; from then on the connection receives a `ui.redraw`
/// batch (``UIRedraw``) for every change, numbered on from it.
///
/// Attaching again answers the whole state again; ``UIDetachRequest`` stops the batches.
public struct UIAttachRequest: SlamRequest {
    public typealias Result = UIState
    public static let method = "ui.attach"
    public static let summary = "Attach a renderer: the navigation stack with every screen's tree (with node numbers) and the shared state; then ui.redraw batches."
    public static let parameters = ParameterList(empty: UIAttachRequest(), [
        .optional("capabilities", \.capabilities,
                  summary: "What the renderer supports, by name; reserved for extensions (unknown names are ignored).",
                  types: ["object"]),
    ])

    /// An object of capability names; none is defined yet.
    public var capabilities: JSONValue?

    public init(capabilities: JSONValue.Object? = nil) {
        self.capabilities = capabilities.map(JSONValue.object)
    }
}
