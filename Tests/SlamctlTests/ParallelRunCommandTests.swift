import Testing
import Foundation
import SlamClient
import SlamHarness
import SlamJSON
import SlamProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `slamctl run --jobs N --junit FILE --shard I/N FLOW…`: flows in parallel on instances of their own, a
/// report CI systems read, and shares of a suite for the machines of a CI matrix.
@Suite(.timeLimit(.minutes(10))) struct ParallelRunCommandTests {
    /// One element of a JUnit report, as a real XML parser read it.
    struct XMLElement {
        let name: String
        let attributes: [String: String]
        let text: String
        let children: [XMLElement]

        init(_ json: JSONValue) {
            name = json["tag"]?.stringValue ?? ""
            attributes = (json["attributes"]?.objectValue ?? [:]).reduce(into: [:]) { $0[$1.key] = $1.value.stringValue }
            text = json["text"]?.stringValue ?? ""
            children = (json["children"]?.arrayValue ?? []).map(XMLElement.init)
        }

        func attribute(forName name: String) -> String? { attributes[name] }
        func elements(forName name: String) -> [XMLElement] { children.filter { $0.name == name } }
    }

    /// The report at `path` read by Python's `xml.etree` (which CI has): a parser of its own, as a CI
    /// system's, rather than one that shares the writer's assumptions. (FoundationXML leaks its documents.)
    static func parsedReport(_ path: String) throws -> XMLElement {
        let script = "import json, sys, xml.etree.ElementTree as E\n"
            + "def node(e): return {'tag': e.tag, 'attributes': e.attrib, 'text': ''.join(e.itertext()), 'children': [node(c) for c in e]}\n"
            + "print(json.dumps(node(E.parse(sys.argv[1]).getroot())))"
        let (status, output) = try runShell("python3 -c \"\(script)\" '\(path)'")
        #expect(status == 0, "the report does not parse: \(output)")
        return XMLElement(try JSONParser().parse(output))
    }

    /// Flow files in one temporary directory, removed by ``remove()``.
    struct FlowFiles {
        let directory: String
        let paths: [String]

        init(_ flows: [(name: String, text: String)]) throws {
            directory = try DaemonProcess.makeTemporaryDirectory()
            var paths: [String] = []
            for (name, text) in flows {
                let path = directory + "/" + name
                let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else { throw CannotWrite(path: path) }
                let bytes = Array(text.utf8)
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                guard written == bytes.count else { throw CannotWrite(path: path) }
                paths.append(path)
            }
            self.paths = paths
        }

        func remove() {
            for path in paths { unlink(path) }
            unlink(directory + "/report.xml")
            rmdir(directory)
        }
    }

    /// A flow that passes only on an app of its own: two presses must make exactly two.
    static func counting(_ name: String) -> String {
        """
        {"name": "\(name)", "timeoutMs": 3000, "steps": [
          {"press": "increment"}, {"press": "increment"},
          {"expect": "count", "property": "text", "equals": "Count: 2"}]}
        """
    }

    static let failing = """
        {"name": "broken <checkout>", "timeoutMs": 300, "steps": [
          {"press": "increment"},
          {"expect": "count", "property": "text", "equals": "Count: 9"}]}
        """

    @Test func flowsRunTogetherEachOnAnInstanceOfItsOwnWithTheirReportsWhole() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let files = try FlowFiles([("a.json", Self.counting("a")), ("b.json", Self.failing), ("c.json", Self.counting("c")),
                                   ("d.json", Self.counting("d"))])
        defer { files.remove() }
        let report = files.directory + "/report.xml"
        let result = try SlamctlProcess(["run", "--jobs", "3", "--junit", report] + files.paths, app: app).finish()
        #expect(result.status == 1, "one flow failed: \(result)")
        #expect(result.standardError == "")

        // Each flow's lines together, in the order given, headed by its file and its instance.
        let headings = result.lines.enumerated().filter { $0.element.hasPrefix("== ") }
        #expect(headings.map { $0.element.split(separator: " ")[1] } == files.paths.map { Substring($0) })
        for (number, heading) in headings.enumerated() {
            let end = number + 1 < headings.count ? headings[number + 1].offset : result.lines.count - 2
            let block = Array(result.lines[heading.offset..<end])
            let name = ["a", "broken <checkout>", "c", "d"][number]
            #expect(heading.element.contains("(instance i"), "\(heading.element)")
            #expect(block[1].hasPrefix("flow \(name): "), "\(block)")
            #expect(block.last == (number == 1 ? "flow \(name) failed at step 2 of 2" : "flow \(name) passed"), "\(block)")
        }
        #expect(result.lines.suffix(2).first?.hasPrefix("4 flows: 3 passed, 1 failed (") == true, "\(result)")
        #expect(result.lines.last == "  failed: \(files.paths[1]): step 2 of 2: expect count text = \"Count: 9\": "
                + "error -32008: Wait timed out: 'count' did not reach {\"property\":\"text\",\"equals\":\"Count: 9\"} within 300 ms")

        // Every instance was closed; main was never touched.
        #expect(try app.connection.send(InstanceListRequest()).map(\.instance) == ["main"])
        #expect(try app.connection.find("count").text == "Count: 0")

        // The JUnit report: a testsuites root, one testsuite with its counts, a testcase per flow.
        let root = try Self.parsedReport(report)
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests") == "4")
        #expect(root.attribute(forName: "failures") == "1")
        #expect(root.attribute(forName: "errors") == "0")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1)
        let suite = try #require(suites.first)
        for attribute in ["name", "tests", "failures", "errors", "skipped", "time", "timestamp", "hostname"] {
            #expect(suite.attribute(forName: attribute) != nil, "testsuite has \(attribute)")
        }
        #expect(suite.attribute(forName: "tests") == "4")
        #expect(suite.attribute(forName: "failures") == "1")
        #expect(Double(suite.attribute(forName: "time") ?? "") != nil)
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name") } == ["a", "broken <checkout>", "c", "d"])
        #expect(cases.map { $0.attribute(forName: "classname") } == files.paths)
        #expect(cases.allSatisfy { Double($0.attribute(forName: "time") ?? "") != nil })
        #expect(cases.map { $0.elements(forName: "failure").count } == [0, 1, 0, 0])
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.hasPrefix("step 2 of 2: expect count text = \"Count: 9\": error -32008: ") == true)
        #expect(failure.text.contains("text: expected \"Count: 9\", got \"Count: 1\"") == true, "\(failure)")
    }

    @Test func jobsFlowsRunAtOnce() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        // Each flow waits until its count reaches 3, which only this test does: they pass only if all
        // three are open at once, since the test presses only once it sees three instances.
        let waiting = #"{"name": "waits", "steps": [{"wait": "count", "property": "text", "equals": "Count: 3", "timeoutMs": 120000}]}"#
        let files = try FlowFiles([("a.json", waiting), ("b.json", waiting), ("c.json", waiting)])
        defer { files.remove() }
        let run = try SlamctlProcess(["run", "--jobs", "3"] + files.paths, app: app)
        var handles: [String] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while handles.count < 3 && ContinuousClock.now < deadline && run.isRunning {
            handles = try app.connection.send(InstanceListRequest()).filter { $0.label?.hasPrefix("slamctl run ") == true }.map(\.instance)
            if handles.count < 3 { usleep(5_000) }
        }
        #expect(handles.count == 3, "three flows at once: \(handles)")
        for handle in handles {
            let connection = try app.connect()
            _ = try connection.send(InstanceUseRequest(instance: handle))
            for _ in 0..<3 { try connection.press("increment") }
        }
        let result = run.finish(timeoutSeconds: 120)
        #expect(result.status == 0, "\(result)")
        #expect(try app.connection.find("count").text == "Count: 0")
    }

    @Test func withJSONEachFlowIsAnObjectALine() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let files = try FlowFiles([("a.json", Self.counting("a")), ("b.json", Self.counting("b"))])
        defer { files.remove() }
        let result = try SlamctlProcess(["run", "--jobs", "2", "--json"] + files.paths, app: app).finish()
        #expect(result.status == 0, "\(result)")
        let reports = try result.lines.map { try JSONParser().parse($0) }
        #expect(reports.map { $0["file"] } == files.paths.map(JSONValue.string))
        #expect(reports.map { $0["passed"] } == [true, true])
        #expect(reports.allSatisfy { $0["instance"]?.stringValue?.hasPrefix("i") == true })
        #expect(reports[0]["instance"] != reports[1]["instance"])
    }

    @Test func withoutJobsFlowsRunInTurnOnTheConnectionsInstance() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        // The second flow finds what the first left: they share main.
        let files = try FlowFiles([("a.json", Self.counting("a")), ("b.json", """
            {"name": "b", "steps": [{"expect": "count", "property": "text", "equals": "Count: 2"}]}
            """)])
        defer { files.remove() }
        let result = try SlamctlProcess(["run"] + files.paths, app: app).finish()
        #expect(result.status == 0, "\(result)")
        let headings = result.lines.filter { $0.hasPrefix("== ") }
        #expect(headings.count == 2)
        #expect(zip(headings, files.paths).allSatisfy { $0.hasPrefix("== \($1) (") && !$0.contains("instance") }, "\(headings)")
        #expect(result.lines.last?.hasPrefix("2 flows: 2 passed (") == true)
        #expect(try app.connection.find("count").text == "Count: 2")
    }

    @Test func sharesSplitTheFlowsSortedByPathRoundRobin() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let names = ["e.json", "b.json", "a.json", "d.json", "c.json"]
        let files = try FlowFiles(names.map { ($0, Self.counting(String($0.prefix(1)))) })
        defer { files.remove() }
        func share(_ shard: String) throws -> [String] {
            let result = try SlamctlProcess(["run", "--jobs", "2", "--shard", shard, "--json"] + files.paths, app: app).finish()
            #expect(result.status == 0, "\(result)")
            return try result.lines.map { try JSONParser().parse($0)["flow"]?.stringValue ?? "" }
        }
        #expect(try share("1/2") == ["a", "c", "e"])
        #expect(try share("2/2") == ["b", "d"])
        #expect(try share("3/3") == ["c"])
        #expect(try share("1/1") == ["a", "b", "c", "d", "e"])
        // More shares than flows: the rest run nothing, and pass.
        #expect(try share("6/6") == [])
        let empty = try SlamctlProcess(["run", "--shard", "7/9"] + files.paths, app: app).finish()
        #expect(empty.status == 0)
        #expect(empty.lines == ["shard 7/9: 0 of 5 flows", "0 flows: 0 passed (0.000 s)"])
    }

    @Test(arguments: [
        (["--shard", "0/4"], "--shard 0/4: I must be between 1 and 4 (shares are counted from 1)"),
        (["--shard", "5/4"], "--shard 5/4: I must be between 1 and 4 (shares are counted from 1)"),
        (["--shard", "1/0"], "--shard 1/0: N, the number of shares, must be at least 1"),
        (["--shard", "2"], "--shard must be I/N, the I-th of N shares counted from 1 (--shard 2/4), not '2'"),
        (["--shard", "a/b"], "--shard must be I/N, the I-th of N shares counted from 1 (--shard 2/4), not 'a/b'"),
        (["--shard", "-1/4"], "--shard -1/4: I must be between 1 and 4 (shares are counted from 1)"),
        (["--shard", "+1/4"], "--shard must be I/N, the I-th of N shares counted from 1 (--shard 2/4), not '+1/4'"),
        (["--jobs", "0"], "--jobs must be between 1 and 256, not 0"),
        (["--jobs", "many"], "--jobs takes a whole number, not 'many'"),
        (["--jobs", "2", "--instance", "i1"], "--jobs runs each flow on an instance of its own: leave out --instance"),
    ])
    func badValuesAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let result = try SlamctlProcess(["run", "flow.json", "--socket", "/nonexistent/slamd.sock"] + arguments).finish()
        #expect(result.status == 2, "\(result)")
        #expect(result.standardOutput == "")
        #expect(result.errorLines.first == "slamctl: " + message)
    }

    @Test func aBrokenFileAmongThemRunsNothing() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let files = try FlowFiles([("a.json", Self.counting("a")), ("b.json", #"{"steps": []}"#)])
        defer { files.remove() }
        let result = try SlamctlProcess(["run", "--jobs", "2"] + files.paths, app: app).finish()
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.errorLines == ["slamctl: \(files.paths[1]): $.steps: must be a non-empty array of steps"])
        #expect(try app.connection.send(InstanceListRequest()).count == 1, "no instance was made")
    }

    @Test func noDaemonIsExitStatusThreeWithAReportForCI() throws {
        let files = try FlowFiles([("a.json", Self.counting("a")), ("b.json", Self.counting("b"))])
        defer { files.remove() }
        let socket = files.directory + "/slamd.sock"
        let report = files.directory + "/report.xml"
        let result = try SlamctlProcess(["run", "--jobs", "2", "--socket", socket, "--junit", report] + files.paths).finish()
        #expect(result.status == 3, "\(result)")
        #expect(result.errorLines.first == "slamctl: cannot connect to slamd at \(socket): No such file or directory")
        #expect(result.lines.last == "  could not run: \(files.paths[1]): cannot connect to slamd at \(socket): No such file or directory")
        let root = try Self.parsedReport(report)
        #expect(root.attribute(forName: "errors") == "2")
        #expect(root.elements(forName: "testsuite").first?.elements(forName: "testcase").map { $0.elements(forName: "error").count } == [1, 1])
    }
}
