import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
@testable import SlamServer

/// Pending waits on their own, on a clock the test moves: judged oldest first and answered once
/// (by a verdict, a timeout, a dropped connection or all at once), with the patterns' budget they
/// hold returned whichever way they end.
@Suite struct PendingWaitsTests {
    /// Waits named by their locator's ref, with what each was answered, in order.
    final class Harness {
        let scheduler = ManualScheduler()
        let waits: PendingWaits
        private(set) var answers: [String] = []
        private(set) var turnsEnded = 0

        init(limits: ServiceLimits = ServiceLimits()) {
            waits = PendingWaits(scheduler: scheduler, limits: limits)
            waits.endTurn = { [unowned self] in turnsEnded += 1 }
        }

        /// Adds a wait for `ref` of `session`, holding `patterns`; on timeout it fails with -32008.
        func add(_ ref: String, of session: ClientSession, patterns: [String] = [], timeout: Int = 1_000) throws(ResponseError) {
            var compiled: [LocatorPattern: BoundedPattern] = [:]
            for pattern in patterns { compiled[LocatorPattern(pattern: pattern)] = try? BoundedPattern(pattern) }
            try waits.add(session: session, reference: ElementLocator(ref), controller: nil, purpose: .condition(.exists),
                          patterns: compiled, timeoutMilliseconds: timeout, reply: record(ref)) { reply in
                reply(.failure(ResponseError(code: .waitTimedOut, message: "timed out")))
            }
        }

        /// A reply that writes down `ref` and how it was answered.
        func record(_ ref: String) -> MethodDescriptor<ClientSession>.Reply {
            { [unowned self] outcome in
                switch consume outcome {
                case .success: answers.append("\(ref): ok")
                case .failure(let error): answers.append("\(ref): \(error.code.rawValue)")
                }
            }
        }

        /// Judges every wait: those whose ref is in `ready` are answered; one in `acting` acts.
        @discardableResult
        func judge(ready: Set<String>, acting: Set<String> = []) -> Bool {
            waits.judge { wait in
                let ref = wait.reference?.ref ?? ""
                if acting.contains(ref) {
                    return .acting { [unowned self] reply in answers.append("\(ref) acted"); reply(.success(.null)) }
                }
                return ready.contains(ref) ? .answered(.success(JSONNode(ref))) : .waiting
            }
        }

        func takeAnswers() -> [String] {
            defer { answers.removeAll() }
            return answers
        }
    }

    let client = ClientSession(identifier: 1) { _ in }
    let other = ClientSession(identifier: 2) { _ in }

    @Test func waitsAreJudgedOldestFirstAndAnsweredOnce() throws {
        let harness = Harness()
        for ref in ["a", "b", "c"] { try harness.add(ref, of: client) }
        #expect(!harness.judge(ready: ["c", "a"]))
        #expect(harness.takeAnswers() == ["a: ok", "c: ok"])
        #expect(harness.waits.count == 1 && client.pendingWaits.count == 1)
        harness.judge(ready: ["a", "b", "c"])
        #expect(harness.takeAnswers() == ["b: ok"])
        #expect(harness.waits.isEmpty)
        harness.scheduler.advance(milliseconds: 5_000)
        #expect(harness.takeAnswers().isEmpty && harness.turnsEnded == 0, "answered waits' timers are cancelled")
    }

    @Test func anActionThatActsStopsTheJudgingUntilItsChangesAreAnnounced() throws {
        let harness = Harness()
        for ref in ["first", "press", "later"] { try harness.add(ref, of: client) }
        #expect(harness.judge(ready: ["later"], acting: ["press"]))
        #expect(harness.takeAnswers() == ["press acted", "press: ok"], "the waits after the action are judged on the next pass")
        #expect(harness.waits.count == 2)
        #expect(!harness.judge(ready: ["later"]))
        #expect(harness.takeAnswers() == ["later: ok"])
    }

    @Test func aWaitTimesOutOnceAndEndsTheTurn() throws {
        let harness = Harness()
        try harness.add("slow", of: client, patterns: ["sl+ow"], timeout: 100)
        harness.scheduler.advance(milliseconds: 99)
        #expect(harness.takeAnswers().isEmpty)
        harness.scheduler.advance(milliseconds: 1)
        #expect(harness.takeAnswers() == ["slow: -32008"])
        #expect(harness.turnsEnded == 1 && harness.waits.isEmpty && client.pendingWaits.isEmpty)
        #expect(harness.waits.patternCharacters == 0 && client.pendingPatternCharacters == 0, "its patterns' budget is returned")
        harness.judge(ready: ["slow"])
        #expect(harness.takeAnswers().isEmpty)
    }

    @Test func aWaitsPatternBudgetIsHeldUntilItIsAnsweredAndThenReturned() throws {
        let harness = Harness(limits: ServiceLimits(pendingPatternCharactersPerConnection: 10, pendingPatternCharacters: 15))
        try harness.add("a", of: client, patterns: ["abcdef"])
        let steps = try BoundedPattern("abcdef").worstCaseSteps
        #expect(harness.waits.patternCharacters == 6 && client.pendingPatternCharacters == 6)
        #expect(harness.waits.patternSteps == steps && client.pendingPatternSteps == steps)
        do {
            try harness.add("b", of: client, patterns: ["ghijkl"])
            Issue.record("the connection's bound was passed")
        } catch {
            #expect(error.code == .limitReached && error.data?["limit"] == "pendingPatternCharactersPerConnection")
        }
        try harness.add("c", of: other, patterns: ["ghijkl"])
        let third = ClientSession(identifier: 3) { _ in }
        do {
            try harness.add("d", of: third, patterns: ["mnopqr"])
            Issue.record("the daemon's bound was passed")
        } catch {
            #expect(error.code == .limitReached && error.data?["limit"] == "pendingPatternCharacters")
        }
        #expect(harness.waits.count == 2, "a refused wait is not kept")

        harness.judge(ready: ["a"])
        #expect(harness.waits.patternCharacters == 6 && client.pendingPatternCharacters == 0 && client.pendingPatternSteps == 0)
        try harness.add("d", of: third, patterns: ["mnopqr"])
        #expect(harness.waits.patternCharacters == 12)
        harness.waits.answerAll { _ in ResponseError(code: .applicationReset, message: "reset") }
        #expect(harness.waits.patternCharacters == 0 && harness.waits.patternSteps == 0)
        #expect(other.pendingPatternCharacters == 0 && third.pendingPatternSteps == 0)
    }

    @Test func aConnectionHasABoundOnItsWaitsAndAllTogetherAnother() throws {
        let harness = Harness(limits: ServiceLimits(pendingWaitsPerConnection: 2, pendingWaits: 3))
        try harness.add("a", of: client)
        try harness.add("b", of: client)
        #expect(throws: ResponseError.self) { try harness.add("c", of: client) }
        try harness.add("c", of: other)
        do {
            try harness.add("d", of: other)
            Issue.record("the daemon's bound was passed")
        } catch {
            #expect(error.data?["limit"] == "pendingWaits")
        }
        harness.judge(ready: ["a"])
        try harness.add("d", of: other)
    }

    @Test func aDroppedConnectionsWaitsAreForgottenUnanswered() throws {
        let harness = Harness()
        try harness.add("mine", of: client, patterns: ["m+"], timeout: 100)
        try harness.add("theirs", of: other, timeout: 100)
        harness.waits.cancel(of: client)
        #expect(client.pendingWaits.isEmpty && client.pendingPatternCharacters == 0 && harness.waits.patternCharacters == 0)
        #expect(harness.waits.count == 1)
        harness.scheduler.advance(milliseconds: 100)
        #expect(harness.takeAnswers() == ["theirs: -32008"], "nothing is sent for the dropped connection's wait")
    }

    @Test func answeringAllAnswersOldestFirst() throws {
        let harness = Harness()
        for ref in ["a", "b", "c"] { try harness.add(ref, of: ref == "b" ? other : client) }
        harness.waits.answerAll { wait in ResponseError(code: .shuttingDown, message: "stopping \(wait.reference?.ref ?? "")") }
        #expect(harness.takeAnswers() == ["a: -32009", "b: -32009", "c: -32009"])
        #expect(harness.waits.isEmpty && client.pendingWaits.isEmpty && other.pendingWaits.isEmpty)
    }

    @Test func theOrderStaysTheOrderOfMakingAfterManyAnswers() throws {
        let harness = Harness()
        for index in 0..<60 { try harness.add("w\(index)", of: client) }
        harness.judge(ready: Set((0..<60).filter { $0 % 3 != 0 }.map { "w\($0)" }))
        _ = harness.takeAnswers()
        for index in 60..<70 { try harness.add("w\(index)", of: client) }
        harness.judge(ready: Set((0..<70).map { "w\($0)" }))
        #expect(harness.takeAnswers() == ((0..<60).filter { $0 % 3 == 0 } + Array(60..<70)).map { "w\($0): ok" })
    }

    @Test func aJudgedWaitsOwnPatternsAreFoundWhileItIsJudged() throws {
        let harness = Harness()
        try harness.add("a", of: client, patterns: ["a+"])
        try harness.add("b", of: client)
        var seen: [String: [String]] = [:]
        _ = harness.waits.judge { [waits = harness.waits] wait in
            seen[wait.reference?.ref ?? ""] = waits.patternsOfJudgedWait.keys.map(\.pattern).sorted()
            return .waiting
        }
        #expect(seen == ["a": ["a+"], "b": []])
        #expect(harness.waits.patternsOfJudgedWait.isEmpty)
    }
}
