/// Runs an action later on the UI's thread: the transport's event loop in the
/// daemon, a manual clock in tests. Used for `waitFor` timeouts only.
public protocol Scheduler {
    /// Runs `action` after `milliseconds`; the returned closure cancels it.
    func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) -> () -> Void
}
