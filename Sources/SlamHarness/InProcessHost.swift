/// A daemon serving in this process that a ``SlamApp`` drives: `InProcessDaemon`, from the
/// `SlamHarnessInProcess` library.
///
/// The harness itself links only the client side; the in-process host, which links the daemon and
/// SwiftNIO, lives in a library of its own and hands its daemon over through this.
package protocol InProcessHost: AnyObject, Sendable {
    /// The socket the daemon listens on.
    var socketPath: String { get }
    /// Shuts the daemon down and waits until it has (idempotent).
    func stop()
}
