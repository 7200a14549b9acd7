/// What every bindable shares: its any-update listeners, and the guard that
/// stops a change from coming back round to its source during its own
/// notification (a cycle: reported through ``BindingDiagnostics``, not followed).
///
/// A class, not a struct: listeners re-enter it while it notifies.
final class UpdateBroadcaster {
    private var anyUpdateListeners = ListenerList<Void>()
    private var isNotifying = false

    var count: Int { anyUpdateListeners.count }

    func addAnyUpdateListener(_ owner: AnyObject, alertNow: Bool, listener: @escaping () -> Void) {
        anyUpdateListeners.add(owner: owner) { listener() }
        if alertNow { listener() }
    }

    func removeAnyUpdateListener(_ owner: AnyObject) {
        anyUpdateListeners.remove(owner: owner)
    }

    /// Runs `specificListeners` (the type's own: change, index changed…), then the any-update ones.
    func notify(_ specificListeners: () -> Void) {
        guard !isNotifying else {
            BindingDiagnostics.report(.cycle)
            return
        }
        isNotifying = true
        defer { isNotifying = false }
        specificListeners()
        for listener in anyUpdateListeners.live() { listener(()) }
    }
}
