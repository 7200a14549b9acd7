/// What all the instances of a daemon hold together, counted against the bounds of ``ServiceLimits``
/// whose scope is the daemon: one client cannot pass them by spreading its waits, task names or held
/// requests over instances it made.
final class DaemonHoldings {
    /// Pending waits and actions waiting for their element.
    var pendingWaits = 0
    /// The characters of their patterns.
    var patternCharacters = 0
    /// Their patterns' worst-case steps.
    var patternSteps = 0
    /// Task names clients run.
    var registeredTasks = 0
    /// The bytes of requests held behind pending ones.
    var heldRequestBytes = 0
}
