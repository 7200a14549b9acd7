import Testing
import SlamUI

/// Elements bound to bindables: a change asks for one coalesced update of the
/// controller showing them, never one per change.
@Suite struct BoundElementTests {
    /// A shown controller with a bound label and a label that counts update passes.
    final class Screen {
        let count = BindableValue(0)
        let application = Application()
        let controller: ViewController
        let label = Label(reference: "count")
        var passes = 0

        init(scheduler: ((@escaping () -> Void) -> Void)? = nil) throws {
            let passCounter = Label(reference: "passes")
            controller = try ViewController(identifier: "Counter", view: View(reference: "root", subviews: [label, passCounter]))
            label.bind(count.transform { "Count: \($0)" }, to: \.textDataSource)
            passCounter.textDataSource = { [unowned self] in
                passes += 1
                return "\(passes)"
            }
            application.updateScheduler = scheduler
            application.push(controller)
            passes = 0
        }
    }

    @Test func manyChangesMakeOneUpdate() throws {
        let screen = try Screen()
        #expect(screen.label.text == "Count: 0")
        for value in 1...5 { screen.count.value = value }
        #expect(screen.label.text == "Count: 0", "nothing is pulled until the update runs")
        #expect(screen.application.hasPendingUpdates)
        #expect(screen.application.performPendingUpdates() == 1)
        #expect(screen.label.text == "Count: 5")
        #expect(screen.passes == 1, "one updateUI for five changes")
        #expect(screen.application.performPendingUpdates() == 0, "and nothing left to do")
    }

    @Test func aSchedulerIsAskedOnceAndRunsTheUpdate() throws {
        var scheduled: [() -> Void] = []
        let screen = try Screen { scheduled.append($0) }
        screen.count.value = 1
        screen.count.value = 2
        #expect(scheduled.count == 1, "one turn scheduled for both changes")
        scheduled.removeFirst()()
        #expect(screen.label.text == "Count: 2" && screen.passes == 1)
        screen.count.value = 3
        #expect(scheduled.count == 1, "a later change schedules again")
    }

    @Test func aPoppedControllerIsNotUpdated() throws {
        let count = BindableValue(0)
        let application = Application()
        application.push(try ViewController(identifier: "Root", view: View(reference: "root")))
        let label = Label(reference: "count")
        label.bind(count.transform { "Count: \($0)" }, to: \.textDataSource)
        application.push(try ViewController(identifier: "Counter", view: View(reference: "root", subviews: [label])))
        try application.pop()
        count.value = 1
        #expect(application.performPendingUpdates() == 0, "a controller off the stack is not updated")
        #expect(label.text == "Count: 0")
    }

    @Test func aRemovedElementNoLongerAsksForUpdates() throws {
        let screen = try Screen()
        screen.label.removeFromSuperview()
        screen.count.value = 3
        #expect(!screen.application.hasPendingUpdates)
    }

    @Test func aReleasedElementStopsListening() throws {
        let count = BindableValue(0)
        do {
            let label = Label(reference: "count")
            label.bind(count.transform { "\($0)" }, to: \.textDataSource)
        }
        count.value = 1
        // The transform's own listener on `count` is gone with the label's data source.
        #expect(count.listenerCount == 0)
    }
}
