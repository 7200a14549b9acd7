import SlamProtocol
import SlamRPC
import SlamUI

extension SnapshotRequest: HandledRequest {
    /// The controller's screen (an alert on top is the screen), or the subtree at `ref`, as text.
    static func handle(_ request: SnapshotRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> AccessibilitySnapshot {
        if let depth = request.depth, depth < 0 {
            throw .invalidParams("depth: must be 0 or more, got \(depth)", data: ["parameter": "depth"])
        }
        let controller = try service.controller(request.controller)
        let root = if let reference = request.ref { try service.element(reference, in: request.controller) } else { controller.view }
        return AccessibilitySnapshot(controller: controller.identifier, title: controller.title,
                                     snapshot: root.accessibilitySnapshot(depth: request.depth))
    }
}
