import Testing
import SlamJSON
@testable import SlamRPC

@Suite struct DispatcherSpecificationTests {
    @Test(arguments: SpecificationExamples.all.map(\.name))
    func example(named name: String) throws {
        let example = try #require(SpecificationExamples.all.first { $0.name == name })
        let dispatcher = SpecificationExamples.dispatcher()
        var replies: [[UInt8]?] = []
        dispatcher.handle(Array(example.request.utf8), context: ()) { replies.append($0) }
        #expect(replies.count == 1, "the dispatcher must answer exactly once")
        let reply = try #require(replies.first)
        guard let expected = example.response else {
            #expect(reply == nil, "expected no response, got \(reply.map { String(decoding: $0, as: UTF8.self) } ?? "")")
            return
        }
        let bytes = try #require(reply, "expected a response")
        let actual = try JSONParser().parse(bytes)
        #expect(SpecificationExamples.matches(actual, try JSONParser().parse(expected)),
                "got \(actual)")
    }

    @Test func notificationsRunTheirHandlers() {
        let log = SpecificationExamples.Log()
        let dispatcher = SpecificationExamples.dispatcher(log: log)
        for example in SpecificationExamples.all where example.response == nil {
            dispatcher.handle(Array(example.request.utf8), context: ()) { _ in }
        }
        #expect(log.calls == ["update", "notify_sum", "notify_hello"])
    }
}
