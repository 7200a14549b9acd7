import Foundation
import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON

/// Replays `Protocol/examples/*.jsonl` against a real `slamd` hosting the demo app:
/// every `send` line is sent, every `expect` line must be the next message, and
/// nothing else may arrive. The Python client replays the same files.
@Suite struct ExampleTranscriptTests {
    static let directory = repositoryRoot + "/Protocol/examples"
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasSuffix(".jsonl") }.sorted()

    @Test func thereAreTranscripts() {
        #expect(Self.files.count >= 6)
    }

    @Test(arguments: files)
    func transcriptReplays(file: String) throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect(timeoutMilliseconds: 30_000)
        let text = DaemonProcess.read(Self.directory + "/" + file)
        for (number, line) in text.split(separator: "\n").enumerated() where !line.allSatisfy(\.isWhitespace) {
            let entry = try JSONParser().parse(String(line))
            if let message = entry["send"] {
                try connection.send(message)
            } else if let raw = entry["sendRaw"]?.stringValue {
                try connection.sendRaw(Array((raw + "\n").utf8))
            } else if let expected = entry["expect"] {
                let actual = try connection.nextMessage()
                #expect(Self.same(actual, expected), "\(file):\(number + 1): got \(actual)")
            }
        }
        #expect(throws: ClientError.timedOut(milliseconds: 150), "\(file): a message nobody expected") {
            try connection.nextMessage(timeoutMilliseconds: 150)
        }
    }

    /// Equal JSON, objects compared without regard to key order.
    static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy(same)
        default:
            return lhs == rhs
        }
    }
}
