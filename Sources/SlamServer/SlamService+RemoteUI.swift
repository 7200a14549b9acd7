import SlamJSON
import SlamProtocol
import SlamUI

/// Renderers: `ui.attach`, `ui.detach` and the `ui.redraw` batch of each turn.
extension SlamService {
    /// Attaches `session` as a renderer and returns the whole UI state for its reply.
    ///
    /// Changes still pending are sent first (as a batch to renderers already
    /// attached, as events to subscribers), so the state written is exactly the
    /// one the next batch starts from.
    func attachUI(_ session: ClientSession) -> UIStateOutput {
        afterUIActivity()
        remoteUI.activate(application)
        session.isAttachedToUI = true
        return UIStateOutput(mirror: remoteUI, state: stateValues(application.state.keys))
    }

    /// Stops `session`'s batches; with no renderer left, the mirror is dropped.
    @discardableResult
    func detachUI(_ session: ClientSession) -> Bool {
        guard session.isAttachedToUI else { return false }
        session.isAttachedToUI = false
        if trace == nil, !sessions.values.contains(where: \.isAttachedToUI) { remoteUI.deactivate() }
        return true
    }

    /// Sends this turn's batch, written once, to every attached renderer.
    func sendRedraw(changes: [(controller: ViewController, elements: [View])], changedState: JSONValue.Object,
                    removedState: [String] = []) {
        // No renderer: the trace's screen record is the only reader, and the batch is written straight into it.
        if let trace, !sessions.values.contains(where: \.isAttachedToUI) {
            trace.recordRedraw { writer in
                remoteUI.writeBatch(into: &writer, application: application, changes: changes, changedState: changedState,
                                    removedState: removedState)
            }
            return
        }
        let prefix: StaticString = #"{"jsonrpc":"2.0","method":"ui.redraw","params":"#
        var writer = JSONWriter()
        writer.bytes.append(contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        guard remoteUI.writeBatch(into: &writer, application: application, changes: changes, changedState: changedState,
                                  removedState: removedState) else { return }
        writer.bytes.append(UInt8(ascii: "}"))
        let bytes = writer.bytes
        // The trace's screen record is this very batch, written once for the file and the renderers.
        if let trace {
            trace.recordRedraw(bytes[prefix.utf8CodeUnitCount ..< bytes.count - 1],
                               clients: sessions.values.filter(\.isAttachedToUI).map(\.identifier).sorted())
        }
        for session in sessions.values where session.isAttachedToUI {
            session.enqueueNotification(bytes)
        }
    }
}

/// The `ui.attach` result, written from the mirror and the elements' kept snapshot texts.
struct UIStateOutput: JSONEncoding {
    typealias Value = UIState
    let mirror: RemoteUIMirror
    /// Every shared state key with its value.
    let state: JSONValue.Object

    func jsonNode() -> JSONNode { mirror.attachState(state: state) }
}
