import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
#if canImport(Glibc)
import Glibc
#endif

/// `slamctl trace start|stop|show` on a real session: what a person reads back.
@Suite(.timeLimit(.minutes(10))) struct TraceCommandTests {
    /// The lines of `trace show` with each step's time replaced by `+T ms`, runs of spaces by one, and client numbers by letters in order of appearance.
    static func readable(_ lines: [String]) -> [String] {
        var clients: [String: String] = [:]
        return lines.map { line in
            var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            for index in words.indices where words[index].hasPrefix("+") && index + 1 < words.count && words[index + 1] == "ms" {
                words[index] = "+T"
            }
            for index in words.indices.dropLast() where words[index] == "client" {
                let number = words[index + 1]
                if clients[number] == nil { clients[number] = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(clients.count))) }
                words[index + 1] = clients[number]!
            }
            return words.joined(separator: " ").replacingSpaces()
        }
    }

    @Test func aSessionTracedWithSlamctlReadsBackAsNumberedSteps() throws {
        let directory = try DaemonProcess.makeTemporaryDirectory()
        let path = directory + "/session.jsonl"
        defer { unlink(path); rmdir(directory) }
        let app = try SlamApp.launch(arguments: ["--trace-dir", directory])
        defer { app.stop() }

        let outside = try slamctl("trace", "start", "/etc/passwd", app: app)
        #expect(outside.status == 1, "a path is not a name")
        #expect(outside.errorLines.first == "slamctl: error -32602: Invalid params: 'name' must be a plain file name in the trace directory: "
                + "it contains '/': it must be a file name, not a path")
        let start = try slamctl("trace", "start", "session.jsonl", app: app)
        #expect(start.status == 0)
        #expect(start.lines == [path])
        #expect(try slamctl("press", "increment", app: app).status == 0)
        #expect(try slamctl("task", "push", "Settings", app: app).status == 0)
        #expect(try slamctl("press", "nope", "--timeout", "0", app: app).status == 1)
        #expect(try slamctl("text", "name", "Ada", app: app).status == 0)
        #expect(try slamctl("task", "pop", app: app).status == 0)
        let stop = try slamctl("trace", "stop", app: app)
        #expect(stop.status == 0)
        let records = DaemonProcess.read(path).split(separator: "\n").count
        #expect(stop.lines == ["\(path) (\(records) records)"])

        // No daemon needed to read it.
        let show = try slamctl("trace", "show", path)
        #expect(show.status == 0, "\(show)")
        #expect(show.lines.first?.hasPrefix("trace \(path): slamd ") == true)
        #expect(show.lines.first?.contains(", 6 steps by 6 clients over ") == true, "\(show.lines.first ?? "")")
        #expect(Self.readable(Array(show.lines.dropFirst())) == [
            "0 +T ms start · Home",
            "1 +T ms client A press increment → Label count \"Count: 1\"; ProgressView progress 10%; Button decrement \"-1\"; +1 more · Home",
            "2 +T ms client B runTask push Settings → shows Settings · Settings",
            "3 +T ms client C press nope → error -32001: Element not found: no element with reference 'nope' in controller 'Settings' · Settings",
            "4 +T ms client D setText name \"Ada\" → TextField name \"Ada\"; Label greeting \"Hello, Ada\" · Settings",
            "5 +T ms client E runTask pop → back · Home",
            "6 +T ms client F trace.stop → ok · Home",
        ])

        let json = try slamctl("trace", "show", path, "--json")
        let steps = try json.lines.map { try JSONParser().parse($0) }
        #expect(steps.map { $0["method"] } == ["press", "runTask", "press", "setText", "runTask", "trace.stop"])
        #expect(steps[0]["changes"]?[0]?["text"] == "Count: 1")
        #expect(steps[1]["shown"] == ["Settings"] && steps[1]["top"] == "Settings")
        #expect(steps[2]["error"]?["code"] == -32001)
        #expect(steps[3]["params"] == ["ref": "name", "text": "Ada", "timeoutMs": 5000], "slamctl waits for its element by default")
        #expect(steps.allSatisfy { ($0["t"]?.doubleValue ?? -1) > 0 })
    }

    @Test func mistakesAreUsageErrorsAndBadFilesSayWhatIsWrong() throws {
        let bogus = try slamctl("trace", "replay", "--socket", "/nonexistent/slam.sock")
        #expect(bogus.status == 2)
        #expect(bogus.errorLines.first == "slamctl: ACTION must be start, stop or show, not 'replay'")
        let noFile = try slamctl("trace", "show")
        #expect(noFile.status == 2)
        #expect(noFile.errorLines.first == "slamctl: trace show needs the FILE to read")

        let missing = try slamctl("trace", "show", "/nonexistent/trace.jsonl")
        #expect(missing.status == 1)
        #expect(missing.errorLines == ["slamctl: cannot read /nonexistent/trace.jsonl: No such file or directory"])
        let directory = try DaemonProcess.makeTemporaryDirectory()
        let path = directory + "/not-a-trace.jsonl"
        defer { unlink(path); rmdir(directory) }
        try DaemonProcess.write(#"{"jsonrpc":"2.0","method":"ping","id":1}"# + "\n", to: path)
        let notTrace = try slamctl("trace", "show", path)
        #expect(notTrace.status == 1)
        #expect(notTrace.errorLines == ["slamctl: \(path): line 1 is not a trace header ({\"type\":\"trace\",…}): not a trace file"])

        let app = try SlamApp.launch()
        defer { app.stop() }
        let stop = try slamctl("trace", "stop", app: app)
        #expect(stop.status == 1)
        #expect(stop.errorLines.first == "slamctl: error -32015: Trace conflict: no trace is being written; trace.start begins one")
    }
}

private extension String {
    /// Runs of spaces as one (the columns are padded).
    func replacingSpaces() -> String {
        split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
