/// What every connection of one daemon shares to keep the daemon bounded: the
/// daemon-wide output budget, the throttled log of refusals, and the web port's
/// connection limiter. Lives on the daemon's event loop.
final class ConnectionGuards {
    let outputBudget: OutputBudget
    let refusals: RefusalLog
    let webConnections: WebConnectionLimiter

    init(outputBudget: OutputBudget, refusals: RefusalLog, webConnections: WebConnectionLimiter) {
        self.outputBudget = outputBudget
        self.refusals = refusals
        self.webConnections = webConnections
    }
}
