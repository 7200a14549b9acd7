/// Coalesced updates: any number of changes to what bound elements show
/// becomes one `updateUI` per controller.
extension Application {
    /// Asks for one `updateUI` of `controller` soon: through ``updateScheduler``
    /// when set, else at the next ``performPendingUpdates()``. Asking again before
    /// then changes nothing.
    public func setNeedsUpdate(_ controller: ViewController) {
        guard !controllersNeedingUpdate.contains(where: { $0 === controller }) else { return }
        controllersNeedingUpdate.append(controller)
        guard let updateScheduler, !isUpdateScheduled else { return }
        isUpdateScheduled = true
        updateScheduler { [weak self] in self?.performPendingUpdates() }
    }

    /// Runs the pending updates of controllers still on the stack, once each.
    /// - Returns: how many controllers were updated.
    @discardableResult
    public func performPendingUpdates() -> Int {
        isUpdateScheduled = false
        let pending = controllersNeedingUpdate
        controllersNeedingUpdate.removeAll()
        var updated = 0
        for controller in pending where stack.contains(where: { $0.controller === controller }) {
            _ = controller.updateUI()
            updated += 1
        }
        return updated
    }

    /// Whether some controller waits for a coalesced update.
    public var hasPendingUpdates: Bool { !controllersNeedingUpdate.isEmpty }

    /// Whether nothing waits for the host: no pending update, no due change task, no changed state
    /// key, no changed element on the stack. A host that finds it settled after a request has nothing
    /// to run or announce (one question, where asking each would cost more than the answer).
    public var isSettled: Bool {
        guard controllersNeedingUpdate.isEmpty, dueChangeTasks.isEmpty, !state.hasChangedKeys else { return false }
        for presentation in stack where !presentation.controller.changedElements.isEmpty { return false }
        return true
    }
}

extension ViewController {
    /// Asks the application showing this controller for one coalesced `updateUI`
    /// (nothing happens while it is not shown: it is updated when it appears).
    public func setNeedsUpdate() {
        application?.setNeedsUpdate(self)
    }
}
