import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

extension SnapshotRequest: HandledRequest {
    /// The controller's screen (an alert on top is the screen), or the subtree at `ref`, as text.
    static func handle(_ request: SnapshotRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> AccessibilitySnapshotOutput {
        if let depth = request.depth, depth < 0 {
            throw .invalidParams("depth: must be 0 or more, got \(depth)", data: ["parameter": "depth"])
        }
        let controller = try service.controller(request.controller)
        let root = if let reference = request.ref { try service.element(reference, in: request.controller) } else { controller.view }
        return AccessibilitySnapshotOutput(snapshot: AccessibilitySnapshot(controller: controller.identifier, title: controller.title,
                                                                           snapshot: root.accessibilitySnapshot(depth: request.depth)))
    }
}

/// `snapshot`'s result written as JSON text in one pass: its members in declared order, the snapshot's
/// text escaped as jansson escapes it. A screen's snapshot is one long string, which jansson's writer
/// escapes a character at a time through a callback, at ten times the cost of the rest of the reply.
struct AccessibilitySnapshotOutput: JSONEncoding {
    typealias Value = AccessibilitySnapshot
    let snapshot: AccessibilitySnapshot

    func jsonNode() -> JSONNode {
        var writer = JSONWriter(capacity: snapshot.snapshot.utf8.count + 256)
        writer.beginObject()
        writer.key("controller")
        writer.string(snapshot.controller)
        writer.key("title")
        writer.string(snapshot.title)
        writer.key("snapshot")
        writer.string(snapshot.snapshot)
        writer.endObject()
        return JSONNode(writtenText: writer.bytes)
    }
}
