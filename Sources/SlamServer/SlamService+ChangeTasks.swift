import SlamJSON
import SlamRPC
import SlamUI

/// Change tasks: what runs when a person changes an element's value (``SlamUI/ChangeTask``).
///
/// A change with no pause to wait for (a stepper, a switch, a selection) runs the task within the
/// request that made it, as a press runs a button's task: the reply waits for a client's run and
/// fails with it. Text waits for a pause (``SlamUI/View/changeDebounceMilliseconds``, on the
/// scheduler): each change starts the pause anew, and the task runs once, after the request was
/// answered; it then fails into a `log` event (level `error`), there being no request to fail.
///
/// Runs of one element's task never overlap: a change made while a client still runs it is not
/// lost but coalesced, and the task runs once more when the run ends (the handler reads the state
/// then, so it sees the latest value, however many changes came meanwhile).
extension SlamService {
    /// Starts what the changes people made in the request performing now made due (``collectingClientTasks(_:)``
    /// collects the client runs, so the request is answered after them).
    ///
    /// - Throws: the first failure of a task that ran now, once every due task has started.
    func startDueChangeTasks() throws(ResponseError) {
        var failure: ResponseError?
        for element in application.takeDueChangeTasks() {
            do throws(ResponseError) {
                try changeTaskBecameDue(for: element)
            } catch {
                if failure == nil { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Starts change tasks made due outside any request (the application's own code changed a value):
    /// like those after a pause, their failures are logged.
    func startChangeTasksDueOutsideRequests() {
        for element in application.takeDueChangeTasks() {
            do throws(ResponseError) {
                try changeTaskBecameDue(for: element)
            } catch {
                reportChangeTaskFailure(error, of: element)
            }
        }
    }

    /// A person changed `element`'s value: its task waits out its pause anew, is coalesced with a run still out, or runs now.
    private func changeTaskBecameDue(for element: View) throws(ResponseError) {
        let runs = changeTaskRuns(of: element)
        runs.cancelPause?()
        runs.cancelPause = nil
        let pause = element.changeDebounceMilliseconds
        if pause > 0 {
            runs.cancelPause = scheduler.schedule(afterMilliseconds: pause) { [weak self, weak runs] in
                guard let self, let runs else { return }
                runs.cancelPause = nil
                runChangeTaskOutsideRequests(runs)
                afterUIActivity()
            }
        } else if runs.isRunning {
            runs.runsAgain = true
        } else {
            try runChangeTask(runs, element: element, reportingFailures: false)
        }
    }

    /// Forgets every element's pause and runs (a `reset`: the elements are gone); runs still out finish unheeded.
    func forgetChangeTasks() {
        for runs in changeTaskRuns.values { runs.cancelPause?() }
        changeTaskRuns.removeAll()
    }

    /// The runs of `element`'s change task (made on its first change).
    private func changeTaskRuns(of element: View) -> ChangeTaskRuns {
        let key = ObjectIdentifier(element)
        // An element gone, whose address a new one took, leaves an entry of its own.
        if let runs = changeTaskRuns[key], runs.element === element { return runs }
        changeTaskRuns = changeTaskRuns.filter { $0.value.element != nil }
        let runs = ChangeTaskRuns(element: element)
        changeTaskRuns[key] = runs
        return runs
    }

    /// Runs the task after its pause, or after a run that a change came during: failures are logged.
    private func runChangeTaskOutsideRequests(_ runs: ChangeTaskRuns) {
        // An element no longer shown (its screen popped, the application reset) runs nothing.
        guard let element = runs.element, element.controller?.application === application else { return }
        if runs.isRunning {
            runs.runsAgain = true
            return
        }
        do throws(ResponseError) {
            try runChangeTask(runs, element: element, reportingFailures: true)
        } catch {
            reportChangeTaskFailure(error, of: element)
        }
    }

    /// Runs `element`'s change task now; a client's run marks the task running until it answers,
    /// then runs it again if a change came meanwhile.
    private func runChangeTask(_ runs: ChangeTaskRuns, element: View, reportingFailures: Bool) throws(ResponseError) {
        let ((), calls) = try collectingClientTasks { () throws(ResponseError) in
            do throws(SlamError) {
                try application.runChangeTask(of: element)
            } catch {
                throw error.responseError
            }
        }
        guard !calls.isEmpty else { return }
        runs.isRunning = true
        var remaining = calls.count
        for call in calls {
            call.whenFinished { [weak self, weak runs, weak element] outcome in
                guard let self else { return }
                if reportingFailures, case .failure(let error) = outcome, let element { reportChangeTaskFailure(error, of: element) }
                remaining -= 1
                guard remaining == 0, let runs else { return }
                runs.isRunning = false
                if runs.runsAgain {
                    runs.runsAgain = false
                    // Started on the next turn: the run that ended is still being answered on this one.
                    _ = scheduler.schedule(afterMilliseconds: 0) { [weak self, weak runs] in
                        guard let self, let runs else { return }
                        runChangeTaskOutsideRequests(runs)
                        afterUIActivity()
                    }
                }
            }
        }
    }

    /// A change task that failed with no request to answer: a `log` event at level `error` naming the task and the element.
    private func reportChangeTaskFailure(_ error: ResponseError, of element: View) {
        let task = element.changeTask?.name ?? "?"
        let screen = element.controller.map { " on \($0.identifier)" } ?? ""
        emitLog(level: "error", message: "changeTask '\(task)' of '\(element.referenceOrPath)'\(screen) failed: \(error.message)")
    }
}
