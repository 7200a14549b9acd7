import Testing
import SlamDemo
import SlamJSON
import SlamProtocol
@testable import SlamServer
#if canImport(Glibc)
import Glibc
#endif

/// The trace's writer works off the loop with a bounded queue: a file that takes bytes slower
/// than clients make records ends the trace with the reason, and the daemon goes on answering.
@Suite struct TraceWriterTests {
    /// A private directory for the service's traces, removed with what is in it.
    final class Directory {
        let path: String
        init() {
            var template = Array("/tmp/slam-trace-writer-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        }
        deinit {
            if let entries = opendir(path) {
                while let entry = readdir(entries) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                    if name != "." && name != ".." { unlink(path + "/" + name) }
                }
                closedir(entries)
            }
            rmdir(path)
        }
    }

    static func lines(_ path: String) -> [Substring] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }

    @Test func aWriterThatFallsBehindItsBoundEndsTheTraceWithTheReasonWhileTheServiceGoesOn() throws {
        let directory = Directory()
        let scheduler = ManualScheduler()
        let bound = 100_000
        let service = SlamService(application: try DemoApp.makeApplication(), scheduler: scheduler,
                                  configuration: .init(traceDirectory: directory.path, maximumTracePendingBytes: bound))
        let client = TestClient(service)
        let logger = TestClient(service, identifier: 2)
        logger.result("subscribe", ["events": ["log"]])
        let path = client.result("trace.start", ["name": "slow.jsonl"])["path"]?.stringValue
        #expect(path == directory.path + "/slow.jsonl")
        let trace = try #require(service.trace)
        let writer = trace.writer
        writer.pause()    // the disk stops taking bytes

        var presses = 0
        while service.trace != nil, presses < 10_000 {
            client.result("press", ["ref": "increment"])
            presses += 1
        }
        #expect(service.trace == nil, "the trace ended after \(presses) presses")
        #expect(client.result("ping") == "pong", "the service goes on")
        let handedOver = trace.recordsHandedOver
        let reason = "the trace's writer fell behind by more than \(bound) bytes; the trace ended at record \(handedOver)"
        #expect(trace.failure == reason)
        let warnings = logger.take().compactMap { $0["params"] }.filter { $0["level"] == "warning" }
        #expect(warnings.map { $0["message"] } == [.string("the trace ended: \(reason)")])
        let stop = client.request("trace.stop")
        #expect(stop["error"]?["code"] == -32015)
        #expect(stop["error"]?["message"]?.stringValue?.hasSuffix("(the last one, '\(directory.path)/slow.jsonl', ended: \(reason))") == true,
                "\(stop)")

        writer.resume()    // what was handed over is written whole, and no more
        #expect(writer.waitUntilFinished(milliseconds: 10_000))
        #expect(writer.failure == nil)
        let lines = Self.lines(directory.path + "/slow.jsonl")
        #expect(lines.count == handedOver)
        #expect(lines.allSatisfy { (try? JSONParser().parse(String($0))) != nil }, "every record is whole")
    }

    @Test func stopAnswersOnceTheWriterHasWrittenEveryRecord() throws {
        let directory = Directory()
        let service = SlamService(application: try DemoApp.makeApplication(), scheduler: ManualScheduler(),
                                  configuration: .init(traceDirectory: directory.path))
        let client = TestClient(service)
        client.result("trace.start", ["name": "whole.jsonl"])
        for _ in 0..<2000 { client.result("press", ["ref": "increment"]) }
        let stopped = client.result("trace.stop")
        let lines = Self.lines(directory.path + "/whole.jsonl")
        #expect(stopped["records"] == .integer(Int64(lines.count)), "the count is true and the file complete when trace.stop answers")
        #expect(lines.last?.contains(#""type":"end""#) == true)
    }
}
