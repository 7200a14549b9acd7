import Testing
import SlamClient
import SlamHarness
import SlamJSON
import SlamProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `slamctl --instance HANDLE …` and `slamctl instances`: one daemon, several isolated apps.
@Suite(.timeLimit(.minutes(10))) struct InstanceCommandTests {
    /// A connection of the test's own on `handle`.
    private func connection(to handle: String, of app: SlamApp) throws -> SlamConnection {
        let connection = try app.connect()
        _ = try connection.send(InstanceUseRequest(instance: handle))
        return connection
    }

    /// The handles `instance.list` answers, in its order.
    private func openHandles(_ app: SlamApp) throws -> [String] {
        try app.connection.send(InstanceListRequest()).map(\.instance)
    }

    @Test func aPressThroughInstanceChangesThatInstanceOnly() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let first = try app.connection.send(InstanceCreateRequest()).instance
        let second = try app.connection.send(InstanceCreateRequest()).instance

        let pressed = try slamctl("--instance", first, "press", "increment", app: app)
        #expect(pressed.status == 0, "\(pressed)")
        #expect(try connection(to: first, of: app).find("count").text == "Count: 1")
        #expect(try connection(to: second, of: app).find("count").text == "Count: 0")
        #expect(try app.connection.find("count").text == "Count: 0", "main is untouched")

        // SLAM_INSTANCE is the default; --instance wins over it.
        let byEnvironment = try slamctl("press", "increment", app: app, environment: environment(with: ["SLAM_INSTANCE": second]))
        #expect(byEnvironment.status == 0, "\(byEnvironment)")
        let optionWins = try slamctl("--instance", first, "press", "increment", app: app,
                                     environment: environment(with: ["SLAM_INSTANCE": second]))
        #expect(optionWins.status == 0, "\(optionWins)")
        #expect(try connection(to: first, of: app).find("count").text == "Count: 2")
        #expect(try connection(to: second, of: app).find("count").text == "Count: 1")
        #expect(try app.connection.find("count").text == "Count: 0")

        // Reading verbs read that instance too.
        let state = try slamctl("find", "count", "--json", "--instance", first, app: app)
        #expect(try state.json()["text"] == "Count: 2")
    }

    @Test func aHandleNoInstanceHasIsAnErrorNamingTheOpenOnes() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let made = try app.connection.send(InstanceCreateRequest()).instance
        let result = try slamctl("--instance", "i9", "press", "increment", app: app)
        #expect(result.status == 1, "as for the daemon's other errors")
        #expect(result.standardOutput == "")
        #expect(result.errorLines == [
            "slamctl: --instance i9: the slamd at \(app.socketPath) has no open instance 'i9'; "
                + "the open instances are main, \(made) (slamctl instances lists them)",
        ])
        let byEnvironment = try slamctl("ping", app: app, environment: environment(with: ["SLAM_INSTANCE": "nope"]))
        #expect(byEnvironment.status == 1)
        #expect(byEnvironment.errorLines.first?.hasPrefix("slamctl: SLAM_INSTANCE=nope: the slamd at ") == true, "\(byEnvironment)")
        #expect(try app.connection.find("count").text == "Count: 0", "nothing was pressed anywhere")

        let empty = try slamctl("--instance", "", "ping", app: app)
        #expect(empty.status == 2, "\(empty)")
    }

    @Test func instancesListsCreatesAndClosesThem() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let created = try slamctl("instances", "create", "--label", "checkout", app: app)
        #expect(created.status == 0, "\(created)")
        #expect(created.lines == ["i1"], "the handle alone, for I=$(slamctl instances create)")
        let demo = try slamctl("instances", "create", "--app", "demo", "--json", app: app)
        #expect(try demo.json()["instance"] == "i2")
        #expect(try demo.json()["app"] == "demo")
        // A storyboard path is read by slamd, from its own directory: slamctl sends it whole.
        let flows = String(#filePath.prefix(upTo: #filePath.firstRange(of: "/Tests/")!.lowerBound)) + "/clients/flows"
        let storyboard = try SlamctlProcess(["instances", "create", "--storyboard", "order.storyboard.json"], app: app,
                                            workingDirectory: flows).finish()
        #expect(storyboard.status == 0, "\(storyboard)")
        let entries = try app.connection.send(InstanceListRequest())
        #expect(entries.last?.storyboard == flows + "/order.storyboard.json")

        let user = try connection(to: "i1", of: app)  // one connection uses i1 while it is listed
        defer { withExtendedLifetime(user) {} }
        let listed = try slamctl("--instance", "i2", "instances", app: app)
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.lines.count == 5)
        #expect(listed.lines[0].split(separator: " ") == ["INSTANCE", "APP", "LABEL", "CONNECTIONS", "CREATED", "BY"])
        #expect(listed.lines[1].split(separator: " ") == ["main", "launched", "-", "1", "-"])
        #expect(listed.lines[2].split(separator: " ").prefix(5) == ["i1", "launched", "checkout", "1", "client"])
        #expect(listed.lines[3].split(separator: " ").prefix(4) == ["*", "i2", "demo", "-"], "* marks the one the command uses")
        #expect(listed.lines[4].split(separator: " ").prefix(3).map(String.init) == ["i3", "storyboard", flows + "/order.storyboard.json"])
        // The columns line up.
        let column = listed.lines[0].firstRange(of: "APP")!.lowerBound.utf16Offset(in: listed.lines[0])
        #expect(listed.lines.dropFirst().allSatisfy { line in
            line.count > column && line[line.index(line.startIndex, offsetBy: column - 1)] == " "
                && line[line.index(line.startIndex, offsetBy: column)] != " "
        }, "\(listed.standardOutput)")

        let json = try slamctl("instances", "--json", app: app).json()
        #expect(json.arrayValue?.map { $0["instance"] } == ["main", "i1", "i2", "i3"])
        #expect(json[0]?["current"] == true)
        #expect(json[1]?["label"] == "checkout")

        let closed = try slamctl("instances", "close", "i1", app: app)
        #expect(closed.status == 0, "\(closed)")
        #expect(closed.lines == ["closed i1 (1 connection used it)"])
        #expect(try openHandles(app) == ["main", "i2", "i3"])
        let again = try slamctl("instances", "close", "i1", app: app)
        #expect(again.status == 1)
        #expect(again.errorLines == ["slamctl: instances close i1: the slamd at \(app.socketPath) has no open instance 'i1'; "
                                     + "the open instances are main, i2, i3 (slamctl instances lists them)"])
        let main = try slamctl("instances", "close", "main", app: app)
        #expect(main.status == 1, "main is never closed")
    }

    @Test(arguments: [
        (["instances", "close"], "instances close needs the HANDLE to end (slamctl instances lists them)"),
        (["instances", "list", "--label", "x"], "--label goes with instances create"),
        (["instances", "create", "i3"], "only instances close takes a HANDLE"),
        (["instances", "open"], "ACTION must be list, create or close, not 'open'"),
        (["instances", "create", "--app", "demo", "--storyboard", "x.json"], "give --app or --storyboard, not both"),
    ])
    func instancesRefusesWhatItCannotDo(_ arguments: [String], _ message: String) throws {
        let result = try SlamctlProcess(arguments + ["--socket", "/nonexistent/slamd.sock"]).finish()
        #expect(result.status == 2, "\(result)")
        #expect(result.errorLines.first == "slamctl: " + message)
    }

    @Test func instanceNewIsMadeForTheCommandAndClosedAfterIt() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let pressed = try slamctl("--instance", "new", "press", "increment", "--json", app: app)
        #expect(pressed.status == 0, "\(pressed)")
        #expect(try openHandles(app) == ["main"], "closed when the command ended")
        #expect(try app.connection.find("count").text == "Count: 0")
    }

    @Test func mcpServesTheInstanceItIsGivenOrOneOfItsOwn() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let handle = try app.connection.send(InstanceCreateRequest()).instance
        // One stateless (2026-07-28) call: nothing to wait for before it.
        let session = try TemporaryFile(named: "session.jsonl", contents: """
            {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slam_press","arguments":{"target":"increment"},\
            "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}

            """)
        defer { session.remove() }
        func serve(_ instance: String) throws -> SlamctlResult {
            try SlamctlProcess(["--instance", instance, "mcp"], app: app, standardInputPath: session.path).finish()
        }
        let given = try serve(handle)
        #expect(given.status == 0, "\(given)")
        #expect(given.standardOutput.contains(#"\"Count: 1\""#), "\(given.standardOutput)")
        #expect(try connection(to: handle, of: app).find("count").text == "Count: 1")
        #expect(try app.connection.find("count").text == "Count: 0")

        // Its own: a fresh app (Count: 1 again, not 2), closed when the session ends.
        let own = try serve("new")
        #expect(own.status == 0, "\(own)")
        #expect(own.standardOutput.contains(#"\"Count: 1\""#), "\(own.standardOutput)")
        #expect(try openHandles(app) == ["main", handle])
        #expect(try connection(to: handle, of: app).find("count").text == "Count: 1")
        #expect(try app.connection.find("count").text == "Count: 0")

        let bad = try serve("i9")
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("--instance i9: the slamd at \(app.socketPath) has no open instance 'i9'"), "\(bad)")
    }

    @Test func serveTaskGivesItsCommandTheInstanceItServes() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let handle = try app.connection.send(InstanceCreateRequest()).instance
        let slamctlPath = try DaemonProcess.siblingExecutable(named: "slamctl", overriddenBy: "SLAMCTL")
        // The command calls back without --instance: SLAM_INSTANCE takes it to the instance the task ran in.
        let script = #""\#(slamctlPath)" state servedIn "$SLAM_INSTANCE" >/dev/null"#
        let server = try SlamctlProcess(["--instance", handle, "serve-task", "remember", "--timeout", "60s", "--", "sh", "-c", script], app: app)
        #expect(server.waitUntil { server.standardError.contains("serving task 'remember'") }, "\(server.standardError)")
        let client = try connection(to: handle, of: app)
        _ = try client.send(RunTaskRequest(name: "remember"))
        #expect(try client.stateGet("servedIn") == .string(handle))
        #expect(throws: ClientError.self, "main has no such key") { try app.connection.stateGet("servedIn") }
        #expect(server.stop(signal: SIGINT) != nil)
    }
}
