import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// `reset`: the application back to its launch state, without restarting the daemon.
extension SlamService {
    /// Replaces the application with a fresh one from ``applicationFactory``: controllers
    /// rebuilt, the shared state at its initial values, the stack back to the root. Waits
    /// still pending are answered with ``SlamRPC/ErrorCode/applicationReset``; subscribers
    /// hear `navigated` and a `stateChanged` of every key whose value differs; renderers
    /// get one batch with the new stack and state. Connections and subscriptions stay.
    func resetApplication() throws(ResponseError) -> ResetOutcome {
        guard let applicationFactory else {
            throw ResponseError(code: .applicationReset, message: "Application reset: this server cannot reset: it was given an application, not a way to make one",
                                data: ["reason": "no application factory"])
        }
        // What the old application still owes its subscribers goes out first.
        afterUIActivity()
        let fresh: Application
        do {
            fresh = try applicationFactory()
        } catch {
            throw .internalError("reset: the application could not be made again: \(error)")
        }
        // Kept alive until the renderers' batch is written, so no element of it shares an identity with a new one.
        let old = application
        let oldState = stateValues(old.state.keys)
        // Keys changed while a client's run held notifications were never announced: they are news whatever their value.
        let unannounced = Set(old.state.takeChangedKeys())
        // What a pending wait waited for belonged to the application now gone.
        waits.answerAll { wait in
            ResponseError(code: .applicationReset, message: "Application reset: the application was reset while waiting for \(wait.reference.map(\.description) ?? "the root view")",
                          data: ["ref": wait.reference?.parameterJSON ?? .null, "reason": "reset"])
        }
        replaceApplication(with: fresh)

        let newState = stateValues(fresh.state.keys)
        var changedState = JSONValue.Object()
        for key in Set(oldState.keys).union(newState.keys).sorted()
        where oldState[key] != (newState[key] ?? .null) || unannounced.contains(key) {
            changedState[key] = newState[key] ?? .null
        }
        // Subscribers read a key no longer held as null; renderers are told it is gone.
        if !changedState.isEmpty { broadcast(StateChangedEvent(values: changedState)) }
        broadcast(NavigatedEvent(stack: stackEntries, top: fresh.topController?.identifier))
        let removed = oldState.keys.filter { newState[$0] == nil }.sorted()
        if remoteUI.isActive {
            sendRedraw(changes: [], changedState: changedState.filter { newState[$0.key] != nil }, removedState: removed)
        }
        // A test that resets between cases and reads the trace finds everything up to here in the file.
        trace?.flushRequested = true
        withExtendedLifetime(old) {}
        return ResetOutcome(top: fresh.topController?.identifier, stateKeys: newState.count)
    }
}
