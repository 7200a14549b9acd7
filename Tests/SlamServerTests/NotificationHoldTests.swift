import Testing
import SlamProtocol
@testable import SlamServer

/// The notification hold on its own, on a clock the test moves: when notifications wait, when the
/// end of a turn releases them, and its limits of time and room.
@Suite struct NotificationHoldTests {
    /// A hold with its turn's end counted and its releases collected, in order.
    final class Harness {
        let scheduler = ManualScheduler()
        let hold: NotificationHold
        private(set) var turnsEnded = 0
        private(set) var delivered: [String] = []

        init(maximumMilliseconds: Int = 100, maximumNotifications: Int = 4) {
            hold = NotificationHold(scheduler: scheduler, maximumMilliseconds: maximumMilliseconds,
                                    maximumNotifications: maximumNotifications)
            hold.endTurn = { [unowned self] in turnsEnded += 1 }
        }

        /// A notification made now: held when the hold holds, else delivered at once.
        func notify(_ text: String) {
            if hold.holdsNotifications {
                hold.hold(Array(text.utf8), of: .log)
            } else {
                delivered.append(text)
            }
        }

        /// The end of a turn, as the service ends it: it keeps holding, or releases (the notifications
        /// `during` makes go out at once) and holds again if runs are out.
        func endOfTurn(during: () -> Void = {}) {
            guard !hold.keepsHolding else { return }
            hold.release { _, bytes in delivered.append(String(decoding: bytes, as: UTF8.self)) }
            during()
            hold.endRelease()
        }
    }

    @Test func anOpenHoldSendsAtOnceAndARunHoldsUntilTheTurnItEnds() {
        let harness = Harness()
        let hold = harness.hold
        #expect(hold.state == .open && !hold.keepsHolding && !hold.isTimed)
        harness.notify("before")
        #expect(harness.delivered == ["before"])

        hold.runStarted()
        #expect(hold.state == .holding(releaseDue: false) && hold.isTimed)
        harness.notify("a")
        harness.notify("b")
        harness.endOfTurn()
        #expect(harness.delivered == ["before"], "a turn that ends while the run is out keeps holding")
        #expect(hold.heldCount == 2)

        var heldWhileAnswering = false
        var keptWhileAnswering = false
        hold.runEnded {
            heldWhileAnswering = hold.holdsNotifications
            keptWhileAnswering = hold.keepsHolding
            harness.notify("taskRan")
        }
        #expect(heldWhileAnswering && keptWhileAnswering, "the replies to what waited for the run go before its notifications")
        #expect(hold.state == .holding(releaseDue: true))
        harness.notify("same batch")
        #expect(harness.delivered == ["before"], "a notification later in the turn the run ended waits for the turn's end too")

        harness.endOfTurn { #expect(hold.state == .releasing); harness.notify("made while releasing") }
        #expect(harness.delivered == ["before", "a", "b", "taskRan", "same batch", "made while releasing"])
        #expect(hold.state == .open && hold.heldCount == 0 && !hold.isTimed)
        harness.scheduler.advance(milliseconds: 1_000)
        #expect(harness.turnsEnded == 0, "the timer of a hold that ended is cancelled")
    }

    @Test func aReleaseAfterOneOfTwoRunsEndsHoldsAgainForTheOther() {
        let harness = Harness()
        let hold = harness.hold
        hold.runStarted()
        hold.runStarted()
        #expect(hold.runsOut == 2)
        harness.notify("first")
        hold.runEnded {}
        #expect(!hold.keepsHolding, "a run ended: the end of the turn releases even though another is out")
        harness.endOfTurn()
        #expect(harness.delivered == ["first"])
        #expect(hold.state == .holding(releaseDue: false) && hold.isTimed && hold.runsOut == 1)
        harness.notify("second")
        harness.endOfTurn()
        #expect(harness.delivered == ["first"], "the second run still holds")
        hold.runEnded {}
        harness.endOfTurn()
        #expect(harness.delivered == ["first", "second"] && hold.state == .open)
    }

    @Test func aHoldThatRunsOutOfTimeEndsTheTurnAndHoldsAgain() {
        let harness = Harness(maximumMilliseconds: 100)
        let hold = harness.hold
        hold.runStarted()
        harness.notify("slow")
        harness.scheduler.advance(milliseconds: 99)
        #expect(harness.turnsEnded == 0)
        harness.scheduler.advance(milliseconds: 1)
        #expect(harness.turnsEnded == 1, "the hold ends the turn itself when its time runs out")
        #expect(hold.state == .holding(releaseDue: true) && !hold.keepsHolding && !hold.isTimed)
        harness.endOfTurn()
        #expect(harness.delivered == ["slow"])
        #expect(hold.state == .holding(releaseDue: false) && hold.isTimed, "the run is still out: the hold starts anew, with its time")
        harness.scheduler.advance(milliseconds: 100)
        #expect(harness.turnsEnded == 2)
    }

    @Test func aRunStartedOnTheTurnOfATimeoutHoldsNoLongerThanTheFirst() {
        let harness = Harness(maximumMilliseconds: 100)
        let hold = harness.hold
        hold.runStarted()
        harness.scheduler.advance(milliseconds: 60)
        hold.runStarted()
        harness.scheduler.advance(milliseconds: 40)
        #expect(harness.turnsEnded == 1, "overlapping runs share one time limit")
    }

    @Test func aHoldThatRunsOutOfRoomIsReleasedOnTheNextTurn() {
        let harness = Harness(maximumNotifications: 3)
        let hold = harness.hold
        hold.runStarted()
        harness.notify("1")
        harness.notify("2")
        #expect(hold.state == .holding(releaseDue: false))
        harness.notify("3")
        #expect(hold.state == .holding(releaseDue: true) && !hold.keepsHolding)
        harness.notify("4")
        #expect(harness.turnsEnded == 0, "not from inside the notification's maker")
        harness.scheduler.advance(milliseconds: 0)
        #expect(harness.turnsEnded == 1, "one end of turn, however many more were held")
        harness.endOfTurn()
        #expect(harness.delivered == ["1", "2", "3", "4"])
        #expect(hold.state == .holding(releaseDue: false), "the run is still out")
    }

    @Test func aRunThatStartsOrEndsWhileReleasingLeavesTheHoldRight() {
        let harness = Harness()
        let hold = harness.hold
        // A pending action acts during the release and its press runs a client's task.
        harness.endOfTurn { hold.runStarted(); harness.notify("changed by the action") }
        #expect(harness.delivered == ["changed by the action"])
        #expect(hold.state == .holding(releaseDue: false) && hold.isTimed)

        hold.runEnded {}
        harness.endOfTurn {
            hold.runStarted()
            hold.runEnded {}
            #expect(hold.state == .releasing, "the release under way sends what the answer made")
        }
        #expect(hold.state == .open && !hold.isTimed)
    }
}
