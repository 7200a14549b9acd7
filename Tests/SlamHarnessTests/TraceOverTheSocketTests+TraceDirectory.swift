import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC
#if canImport(Glibc)
import Glibc
#endif

/// A client (a token holder, an `--allow-uid` peer) cannot make slamd write anywhere but a new
/// file in its trace directory: not outside it, not over a file, not through a link, not into a
/// FIFO; the file and the directory are the user's alone; a secure field's text stays out.
extension TraceOverTheSocketTests {
    /// A slamd started by hand (an environment, a umask of its own), stopped when released.
    final class HandStartedDaemon {
        struct NotListening: Error, CustomStringConvertible { let description: String }

        let directory: String
        let socketPath: String
        let process: ChildProcess

        /// Runs `slamd --socket DIR/slamd.sock ARGUMENTS` through `sh -c "umask U; exec …"` with `environment`.
        init(arguments: [String], environment: [String: String]? = nil, umask: String = "022") throws {
            directory = try DaemonProcess.makeTemporaryDirectory()
            socketPath = directory + "/slamd.sock"
            process = try ChildProcess(executable: "/bin/sh",
                                       arguments: ["-c", "umask \(umask); exec \"$0\" \"$@\"", try DaemonProcess.slamdPath(),
                                                   "--socket", socketPath] + arguments,
                                       environment: environment, standardOutputPath: directory + "/stdout.log",
                                       standardErrorPath: directory + "/stderr.log")
            var waited = 0
            while !DaemonProcess.read(directory + "/stdout.log").contains("slamd listening on") {
                guard process.isRunning, waited < 20_000 else {
                    throw NotListening(description: "slamd did not listen: " + DaemonProcess.read(directory + "/stderr.log"))
                }
                usleep(5_000)
                waited += 5
            }
        }

        func connect() throws -> SlamConnection { try SlamConnection(socketPath: socketPath, timeoutMilliseconds: 10_000) }

        deinit {
            process.signal(SIGTERM)
            if process.waitForExit(timeoutSeconds: 10) == nil { process.signal(SIGKILL) }
            _ = try? runShell("rm -rf '\(directory)'")
        }
    }

    /// The permission bits of `path` (not following a link), nil when it does not exist.
    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    @Test func namesThatLeaveTheDirectoryOrHideAFileAreRefusedNamingTheParameter() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let escape = "slam-escape-\(getpid())-\(UInt32.random(in: 0 ... .max)).jsonl"
        let refusals: [(name: String, reason: String)] = [
            ("../" + escape, "it contains '/': it must be a file name, not a path"),
            ("/tmp/" + escape, "it contains '/': it must be a file name, not a path"),
            ("sub/t.jsonl", "it contains '/': it must be a file name, not a path"),
            ("..", "it starts with '.'"),
            (".", "it starts with '.'"),
            (".hidden.jsonl", "it starts with '.'"),
            ("t\u{0}.jsonl", "it contains a NUL character"),
            ("", "it is empty"),
            (String(repeating: "n", count: 201), "it is 201 bytes long, more than 200"),
        ]
        for (name, reason) in refusals {
            let error = try #require(try Self.error(app.connection, "trace.start", ["name": .string(name)]), "\(name)")
            #expect(error.code == .invalidParams, "\(name)")
            #expect(error.message == "Invalid params: 'name' must be a plain file name in the trace directory: \(reason)")
            #expect(error.data == ["parameter": "name", "name": .string(name), "reason": .string(reason)])
        }
        #expect(access("/tmp/" + escape, F_OK) != 0, "nothing was created outside the trace directory")
        #expect(try Self.directoryEntries(scratch.directory).isEmpty, "nor in it")
        #expect(try app.connection.traceStart(name: String(repeating: "n", count: 200)) == scratch.path(String(repeating: "n", count: 200)))
        try app.connection.traceStop()
    }

    @Test func anExistingFileALinkAFIFOOrADirectoryIsRefusedUntouchedAndTheLoopGoesOn() throws {
        let scratch = try Scratch()
        let outside = try Scratch()
        let app = try Self.launch(scratch)
        try DaemonProcess.write("the user's own file\n", to: scratch.path("existing.jsonl"))
        try DaemonProcess.write("outside the trace directory\n", to: outside.path("target"))
        #expect(symlink(outside.path("target"), scratch.path("link.jsonl")) == 0)
        #expect(symlink(outside.path("not-yet"), scratch.path("dangling.jsonl")) == 0)
        #expect(symlink("/dev/null", scratch.path("null.jsonl")) == 0)
        #expect(mkfifo(scratch.path("fifo.jsonl"), 0o600) == 0)
        #expect(mkdir(scratch.path("directory.jsonl"), 0o700) == 0)

        let cases = [("existing.jsonl", "a regular file"), ("link.jsonl", "a symbolic link"), ("dangling.jsonl", "a symbolic link"),
                     ("null.jsonl", "a symbolic link"), ("fifo.jsonl", "a FIFO"), ("directory.jsonl", "a directory")]
        for (name, kind) in cases {
            // A FIFO with no reader used to hold the event loop in open(): every client froze.
            let client = try app.connect()
            client.timeoutMilliseconds = 10_000
            let error = try #require(try Self.error(client, "trace.start", ["name": .string(name)]), "\(name)")
            let reason = "it exists (\(kind)); trace.start only creates new files"
            #expect(error.code == .invalidParams)
            #expect(error.message == "Invalid params: cannot write the trace to '\(scratch.path(name))': \(reason)")
            #expect(error.data == ["parameter": "name", "name": .string(name), "path": .string(scratch.path(name)), "reason": .string(reason)])
            #expect(try app.connect().ping() == "pong", "the daemon answers right after \(name)")
        }
        #expect(DaemonProcess.read(scratch.path("existing.jsonl")) == "the user's own file\n", "not truncated")
        #expect(DaemonProcess.read(outside.path("target")) == "outside the trace directory\n", "the link's target is untouched")
        #expect(access(outside.path("not-yet"), F_OK) != 0, "a dangling link's target is not created")
        #expect(try Self.directoryEntries(outside.directory) == ["target"])
    }

    @Test func theFileIs0600AndTheDirectory0700WhateverTheUmask() throws {
        let scratch = try Scratch()
        let traces = scratch.path("traces")
        #expect(mkdir(traces, 0o700) == 0 && chmod(traces, 0o777) == 0)
        let daemon = try HandStartedDaemon(arguments: ["--trace-dir", traces], umask: "000")
        #expect(Self.mode(traces) == 0o700, "slamd narrows its trace directory to its user")
        let connection = try daemon.connect()
        let path = try connection.traceStart(name: "open.jsonl")
        #expect(path == traces + "/open.jsonl")
        #expect(Self.mode(path) == 0o600)
        try connection.traceStop()
        #expect(Self.mode(path) == 0o600)
    }

    @Test func slamdRefusesATraceDirectoryThatIsNotADirectory() throws {
        let scratch = try Scratch()
        try DaemonProcess.write("", to: scratch.path("file"))
        #expect(symlink(scratch.directory, scratch.path("link")) == 0)
        for (name, reason) in [("file", "it is not a directory"), ("link", "it is not a directory")] {
            let daemon = try DaemonProcess.launch(arguments: ["--trace-dir", scratch.path(name)], waitUntilListening: false)
            #expect(daemon.waitForExit(timeoutSeconds: 20) == 1, "\(name)")
            #expect(daemon.standardError.contains("cannot use the trace directory \(scratch.path(name)) (--trace-dir): \(reason)"),
                    "\(daemon.standardError)")
        }
    }

    @Test func theDefaultDirectoryIsInTheUsersStateDirectoryMade0700() throws {
        let scratch = try Scratch()
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        let state = scratch.path("state")
        let withState = try HandStartedDaemon(arguments: [], environment: ["PATH": path, "XDG_STATE_HOME": state, "HOME": scratch.path("home")],
                                              umask: "000")
        let traced = try withState.connect().traceStart()
        #expect(traced.hasPrefix(state + "/slam/traces/slamd-trace-"), "\(traced)")
        #expect(Self.mode(state + "/slam") == 0o700 && Self.mode(state + "/slam/traces") == 0o700)
        #expect(Self.mode(state) == 0o700, "a state directory slamd had to make is private too")
        #expect(Self.mode(traced) == 0o600)

        let home = scratch.path("home2")
        #expect(mkdir(home, 0o755) == 0)
        let withHome = try HandStartedDaemon(arguments: [], environment: ["PATH": path, "HOME": home])
        let traced2 = try withHome.connect().traceStart()
        #expect(traced2.hasPrefix(home + "/.local/state/slam/traces/"), "\(traced2)")
        #expect(Self.mode(home + "/.local/state/slam/traces") == 0o700)
    }

    @Test func aSecureFieldsTextIsMaskedInTheTraceAndInActionEventsAndAnOrdinaryFieldsIsNot() throws {
        let scratch = try Scratch()
        let app = try Self.launch(scratch)
        let recorder = try app.connect()
        _ = try recorder.subscribe([.action])
        let name = "secure.jsonl", path = scratch.path(name)
        try app.connection.traceStart(name: name)
        let client = app.connection
        _ = try client.runTask("push", param: "Pickers")
        _ = try client.setText("pin", "qzxj")
        #expect(try client.find("pin").text == "••••", "snapshots show one • per character already")
        _ = try client.setText("pin", "")
        _ = try client.typeText("pin", "wy")
        _ = try client.focus("pin")
        _ = try client.key("k")
        _ = try client.key("f", on: "pin")
        _ = try client.batch([("setText", ["ref": "pin", "text": "pqrs"])])
        _ = try client.request("setText", params: .byPosition(["pin", "zzqq"]))
        _ = try client.runTask("pop")
        _ = try client.runTask("push", param: "Settings")
        _ = try client.setText("name", "Ada")
        _ = try client.typeText("name", "Lo")
        _ = try client.focus("name")
        _ = try client.key("v")
        try client.traceStop()

        let text = DaemonProcess.read(path)
        for secret in ["qzxj", "wy", "wykf", "\"k\"", "\"f\"", "pqrs", "zzqq"] {
            #expect(!text.contains(secret), "\(secret) is not in the trace")
        }
        let sent = try Self.records(path).filter { $0["type"] == "request" }.compactMap { $0["message"] }
        let typed = sent.flatMap { $0.arrayValue ?? [$0] }.compactMap { message -> String? in
            guard let method = message["method"]?.stringValue, ["setText", "typeText", "key"].contains(method) else { return nil }
            let params = message["params"]
            return "\(method) " + (params?["text"]?.stringValue ?? params?["key"]?.stringValue ?? params?[1]?.stringValue ?? "?")
        }
        #expect(typed == ["setText •••", "setText •••", "typeText •••", "key •••", "key •••", "setText •••", "setText •••",
                          "setText Ada", "typeText Lo", "key v"])

        var actions: [String] = []
        while actions.count < 10 {
            let event = try recorder.nextNotification(timeoutMilliseconds: 10_000)
            guard event.method == "action", let params = event.params?.jsonValue["params"] else { continue }
            if let typed = params["text"]?.stringValue ?? params["key"]?.stringValue { actions.append(typed) }
        }
        #expect(actions == ["•••", "•••", "•••", "•••", "•••", "•••", "•••", "Ada", "Lo", "v"])
    }

    /// The names in `directory`, sorted.
    static func directoryEntries(_ directory: String) throws -> [String] {
        guard let entries = opendir(directory) else { return [] }
        defer { closedir(entries) }
        var names: [String] = []
        while let entry = readdir(entries) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
