import SlamUI

/// One element's change task: its pause, and whether a run is out or due after it.
final class ChangeTaskRuns {
    weak var element: View?
    /// Cancels the pause under way; nil when none is.
    var cancelPause: (() -> Void)?
    /// A client runs the task now.
    var isRunning = false
    /// A change came while it ran: the task runs again when the run ends.
    var runsAgain = false

    init(element: View) {
        self.element = element
    }
}
