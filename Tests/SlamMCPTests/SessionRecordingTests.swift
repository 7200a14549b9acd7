import Testing
import SlamJSON
import SlamProtocol
@testable import SlamMCP

/// What a session keeps for `slam_flow`, without a daemon.
@Suite struct SessionRecordingTests {
    static func press(_ reference: String, by client: Int) -> ActionEvent {
        ActionEvent(method: "press", ref: ElementLocator(reference), controller: "Home", params: ["ref": .string(reference)], client: client)
    }

    @Test func theFlowHoldsOneClientsActionsWithTheChecksInOrder() {
        var recording = SessionRecording()
        recording.append(Self.press("increment", by: 2))
        recording.append(Self.press("reset", by: 3))
        recording.append(.property("count", name: "text", equals: "Count: 1"))
        recording.append(.state("goal", .absent))
        #expect(recording.flow(named: "x", client: 2).steps == [
            ["press": "increment"], ["expect": "count", "property": "text", "equals": "Count: 1"], ["expectAbsent": "goal"],
        ])
        recording.clientNumber = 3
        recording.append(Self.press("increment", by: 2))
        #expect(recording.flow(named: "x", client: 3).steps.count == 3)
        #expect(recording.flow(named: "x", client: 2).steps.count == 2, "the other client's actions are no longer kept")
    }

    @Test func aLongSessionKeepsItsLatestEntries() {
        var recording = SessionRecording()
        for index in 0...SessionRecording.maximumEntries {
            recording.append(Self.press("b\(index)", by: 1))
        }
        #expect(recording.entries.count <= SessionRecording.maximumEntries)
        #expect(recording.entries.count > SessionRecording.maximumEntries - 1_001)
        guard case .action(let last)? = recording.entries.last else { Issue.record("no last entry"); return }
        #expect(last.ref == ElementLocator("b\(SessionRecording.maximumEntries)"))
    }
}
