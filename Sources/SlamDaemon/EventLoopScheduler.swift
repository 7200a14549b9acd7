import NIOCore
import SlamServer

/// Schedules `waitFor` timeouts on the daemon's event loop, where the UI lives.
struct EventLoopScheduler: Scheduler {
    let eventLoop: EventLoop

    func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) -> () -> Void {
        let task = eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(milliseconds))) { action() }
        return { task.cancel() }
    }
}
