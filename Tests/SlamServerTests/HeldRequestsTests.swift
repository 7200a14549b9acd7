import Testing
import SlamProtocol
import SlamRPC
@testable import SlamServer

/// Held requests on their own, on a clock the test moves: held within their bounds, run in order on
/// the turn after the connection's last answer, held anew behind one answered later, dropped whole.
@Suite struct HeldRequestsTests {
    /// Held requests whose runs are written down; a request named `wait…` stays unanswered when it runs.
    final class Harness {
        let scheduler = ManualScheduler()
        let held: HeldRequests
        private(set) var ran: [String] = []

        init(limits: ServiceLimits = ServiceLimits()) {
            held = HeldRequests(scheduler: scheduler, limits: limits)
            held.perform = { [unowned self] message, _, session in
                let text = String(decoding: message, as: UTF8.self)
                ran.append(text)
                if text.hasPrefix("wait") { session.unansweredMessages += 1 }
            }
        }

        func hold(_ text: String, from session: ClientSession) throws(ResponseError) {
            try held.hold(Array(text.utf8), answering: session.reserve(), from: session)
        }

        func takeRan() -> [String] {
            defer { ran.removeAll() }
            return ran
        }
    }

    /// A connection with one request running and unanswered.
    func busyConnection(_ identifier: Int = 1) -> ClientSession {
        let session = ClientSession(identifier: identifier) { _ in }
        session.unansweredMessages = 1
        return session
    }

    @Test func heldRequestsRunInOrderOnTheTurnAfterTheLastAnswer() throws {
        let harness = Harness()
        let session = busyConnection()
        try harness.hold("a", from: session)
        try harness.hold("bb", from: session)
        #expect(harness.held.bytes == 3)
        session.unansweredMessages = 0
        harness.held.releaseSoon(session)
        harness.held.releaseSoon(session)
        #expect(harness.takeRan().isEmpty, "not from inside the answer")
        harness.scheduler.advance(milliseconds: 0)
        #expect(harness.takeRan() == ["a", "bb"], "once, in arrival order")
        #expect(harness.held.bytes == 0 && session.heldRequests.isEmpty && !session.isHeldRequestReleaseDue)
    }

    @Test func aReleasedRequestAnsweredLaterHoldsTheRestAgain() throws {
        let harness = Harness()
        let session = busyConnection()
        for text in ["a", "wait", "c"] { try harness.hold(text, from: session) }
        session.unansweredMessages = 0
        harness.held.releaseSoon(session)
        harness.scheduler.advance(milliseconds: 0)
        #expect(harness.takeRan() == ["a", "wait"])
        #expect(session.heldRequests.count == 1 && harness.held.bytes == 1)
        session.unansweredMessages = 0
        harness.held.releaseSoon(session)
        harness.scheduler.advance(milliseconds: 0)
        #expect(harness.takeRan() == ["c"])
    }

    @Test func connectionsDueOnOneTurnRunInTheOrderTheyBecameDue() throws {
        let harness = Harness()
        let first = busyConnection(1)
        let second = busyConnection(2)
        try harness.hold("first", from: first)
        try harness.hold("second", from: second)
        second.unansweredMessages = 0
        harness.held.releaseSoon(second)
        first.unansweredMessages = 0
        harness.held.releaseSoon(first)
        harness.scheduler.advance(milliseconds: 0)
        #expect(harness.takeRan() == ["second", "first"])
    }

    @Test func requestsPastTheBoundsAreRefusedAndNotHeld() throws {
        let harness = Harness(limits: ServiceLimits(heldRequestsPerConnection: 2, heldRequestBytes: 10))
        let session = busyConnection()
        try harness.hold("aaaa", from: session)
        try harness.hold("bbbb", from: session)
        do {
            try harness.hold("c", from: session)
            Issue.record("a third request was held")
        } catch {
            #expect(error.code == .limitReached && error.data?["limit"] == "heldRequestsPerConnection")
        }
        let other = busyConnection(2)
        do {
            try harness.hold("ccc", from: other)
            Issue.record("the bytes' bound was passed")
        } catch {
            #expect(error.data?["limit"] == "heldRequestBytes")
        }
        #expect(harness.held.bytes == 8 && other.heldRequests.isEmpty)
    }

    @Test func aConnectionThatGoesDropsWhatItHeld() throws {
        let harness = Harness()
        let session = busyConnection()
        try harness.hold("a", from: session)
        try harness.hold("b", from: session)
        #expect(harness.held.drop(of: session).map { String(decoding: $0.message, as: UTF8.self) } == ["a", "b"])
        #expect(harness.held.bytes == 0 && session.heldRequests.isEmpty)
        session.unansweredMessages = 0
        harness.held.releaseSoon(session)
        harness.scheduler.advance(milliseconds: 0)
        #expect(harness.takeRan().isEmpty)
    }
}
