import SlamClient
import SlamConsole
import SlamJSON
import SlamRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Slamctl {
    /// `run FLOW…`: flow files in turn, or `--jobs N` at a time on instances of their own; `--shard`, `--junit`.
    static let runCommand = SlamctlCommand(
        "run", "Run flow files: steps run in order, each waiting for its element as a user would.",
        discussion: """
            Steps: press, text, task, wait, expect (property equals), expectAbsent, expectTree (a tree template), expectAria (an aria snapshot); see docs/testing.md.
            Flows run in turn on the connection's instance (main, or --instance), each stopping at its first
            failing step. With --jobs N, N run at once, each on an instance of its own that it makes and closes
            (of the application slamd was started with): flows cannot see each other. Each flow's report is
            printed whole, in the order the files were given. --shard I/N runs the I-th of N shares of the files
            given (sorted by path, dealt round-robin; counted from 1), for CI machines that each run one.
            --junit FILE writes a JUnit XML report (a testcase per flow) for CI systems.
            Exit status 0 when every flow passed, 1 when a step failed or a flow file cannot be read or is not a
            flow (then nothing runs), 3 when slamd cannot be reached or went away.
            With --json, each flow's report is one object a line: {flow, file, passed, steps: [{step, passed, error?}]}.
              slamctl run --jobs 4 --junit report.xml flows/*.json
              slamctl run --shard 2/4 --jobs 2 flows/*.json
            """,
        arguments: [.init("file", help: "The flow files (JSON).", isRepeated: true)],
        options: [
            .init("jobs", valueName: "N", help: "Run N flows at once, each on a new instance of its own (closed after)."),
            .init("shard", valueName: "I/N", help: "Run only the I-th of N shares of the flows (sorted by path, round-robin; from 1)."),
            .init("junit", valueName: "FILE", help: "Write a JUnit XML report of the flows to FILE (for CI)."),
        ]
    ) { invocation in
        try runFlows(invocation)
    }

    /// The most flows `--jobs` runs at once (each is a connection and an instance).
    static let maximumJobs = 256

    private static func runFlows(_ invocation: Invocation) throws {
        let line = invocation.line
        let given = line.repeatedArgument("file")
        guard !given.isEmpty else { throw UsageError("give at least one flow FILE", command: line.command) }
        let jobs = try line.integerOption("jobs")
        if let jobs, !(1...maximumJobs).contains(jobs) {
            throw UsageError("--jobs must be between 1 and \(maximumJobs), not \(jobs)", command: line.command)
        }
        if jobs != nil, line.option("instance") != nil {
            throw UsageError("--jobs runs each flow on an instance of its own: leave out --instance", command: line.command)
        }
        var shard: FlowShard?
        if let text = line.option("shard") {
            do throws(FlowShard.ShardError) {
                shard = try FlowShard(parsing: text)
            } catch {
                throw UsageError(error.description, command: line.command)
            }
        }
        let paths = shard?.select(given) ?? given
        // Every file is read before anything runs: a broken one is found before minutes of others.
        let entries = try paths.map { path in FlowSuiteRunner.Entry(path: path, flow: try readFlow(path)) }
        let separate = paths.count != 1 || shard != nil
        let style = invocation.style
        if let shard, !invocation.json {
            Output.line(style.bold("shard \(shard.description): \(paths.count) of \(given.count) flow\(given.count == 1 ? "" : "s")"))
        }
        let startedAt = Int(time(nil))
        let start = ContinuousClock.now
        let runner = FlowSuiteRunner(jobs: jobs ?? 1, freshInstances: jobs != nil, style: style) { try invocation.connect() }
        let outcomes = runner.run(entries) { outcome in
            printOutcome(outcome, separate: separate, invocation: invocation)
        }
        let seconds = secondsSince(start)
        if separate && !invocation.json { printSummary(outcomes, seconds: seconds, style: style) }
        if let path = line.option("junit") {
            let report = JUnitReport(name: "slamctl run" + (shard.map { " shard \($0.description)" } ?? ""),
                                     tests: outcomes.map(junitCase), seconds: seconds, startedAt: startedAt)
            if let failure = writeFile(report.xml, to: path) {
                throw CommandFailed(description: "cannot write the JUnit report \(path): \(Output.systemMessage(failure))")
            }
        }
        // A daemon that cannot be reached or went away is exit status 3, whatever else happened.
        for outcome in outcomes {
            if case .failure(let error) = outcome.result, isConnectionFailure(error) { throw error }
        }
        for outcome in outcomes {
            if case .failure(let error) = outcome.result, !separate { throw error }
        }
        if outcomes.contains(where: { !$0.passed }) { throw FlowFailed() }
    }

    /// A flow file, or ``CommandFailed`` (exit status 1) naming it and what is wrong.
    private static func readFlow(_ path: String) throws -> Flow {
        // The command line was right; the file is what failed (exit status 1, as for any file).
        guard let bytes = readFile(path) else {
            throw CommandFailed(description: "cannot read the flow file \(path): \(Output.systemMessage(errno))")
        }
        do {
            return try Flow(json: JSONParser().parse(bytes))
        } catch let error as Flow.FormatError {
            throw CommandFailed(description: "\(path): \(error)")
        } catch {
            throw CommandFailed(description: "\(path) is not JSON: \(error)")
        }
    }

    /// One flow's report, whole. With several flows each is headed by its file (and instance and time).
    private static func printOutcome(_ outcome: FlowSuiteRunner.Outcome, separate: Bool, invocation: Invocation) {
        switch outcome.result {
        case .success(let report):
            if invocation.json {
                guard case .object(var object) = report.json else { return }
                object["file"] = .string(outcome.path)
                if let instance = outcome.instance { object["instance"] = .string(instance) }
                if separate { object["seconds"] = .double(outcome.seconds) }
                Output.line(JSONValue.object(object).description)
                return
            }
            if separate { Output.line(invocation.style.dim(heading(outcome))) }
            for line in report.lines { Output.line(line) }
        case .failure(let error):
            // A single flow's error is the command's: Slamctl.main reports it as for any verb.
            guard separate else { return }
            if invocation.json {
                Output.line(JSONValue.object(["flow": .string(outcome.flowName), "file": .string(outcome.path), "passed": false,
                                              "error": .string(describe(error))]).description)
                return
            }
            Output.line(invocation.style.dim(heading(outcome)))
            Output.line("\(invocation.style.red("ERROR")) flow \(outcome.flowName) could not run: \(describe(error))")
        }
    }

    /// `== flows/a.json (instance i3, 0.42 s)`.
    private static func heading(_ outcome: FlowSuiteRunner.Outcome) -> String {
        "== \(outcome.path) (" + (outcome.instance.map { "instance \($0), " } ?? "") + "\(JUnitReport.secondsText(outcome.seconds)) s)"
    }

    /// `3 flows: 2 passed, 1 failed (1.204 s)`, then the file of each that did not pass.
    private static func printSummary(_ outcomes: [FlowSuiteRunner.Outcome], seconds: Double, style: ConsoleStyle) {
        let passed = outcomes.count { $0.passed }
        let errors = outcomes.count { if case .failure = $0.result { true } else { false } }
        let failed = outcomes.count - passed - errors
        var counts = ["\(passed) passed"]
        if failed > 0 { counts.append("\(failed) failed") }
        if errors > 0 { counts.append("\(errors) could not run") }
        let text = "\(outcomes.count) flow\(outcomes.count == 1 ? "" : "s"): \(counts.joined(separator: ", ")) (\(JUnitReport.secondsText(seconds)) s)"
        Output.line(passed == outcomes.count ? style.green(text) : style.red(text))
        for outcome in outcomes where !outcome.passed {
            switch outcome.result {
            case .success(let report): Output.line("  failed: \(outcome.path): \(report.failure?.message.split(separator: "\n").first ?? "")")
            case .failure(let error): Output.line("  could not run: \(outcome.path): \(describe(error))")
            }
        }
    }

    /// A flow as a JUnit test case: its name, its file as the class, its failing step as the failure.
    private static func junitCase(_ outcome: FlowSuiteRunner.Outcome) -> JUnitReport.TestCase {
        switch outcome.result {
        case .success(let report):
            let result: JUnitReport.TestCase.Outcome = report.failure.map { failure in
                .failure(message: failure.message.split(separator: "\n").first.map(String.init) ?? failure.message,
                         type: "step \(failure.step) failed",
                         text: (["step \(failure.step) of \(failure.steps): \(failure.summary)"] + failure.details).joined(separator: "\n"))
            } ?? .passed
            // A failure's whole report (the steps that passed before it too) as its output; a pass needs none.
            return JUnitReport.TestCase(name: outcome.flowName, className: outcome.path, seconds: outcome.seconds, outcome: result,
                                        output: report.passed ? "" : report.lines.joined(separator: "\n"))
        case .failure(let error):
            let message = describe(error)
            return JUnitReport.TestCase(name: outcome.flowName, className: outcome.path, seconds: outcome.seconds,
                                        outcome: .error(message: message, type: "could not run", text: message))
        }
    }

    /// Whether `error` means slamd cannot be reached or went away (exit status 3).
    private static func isConnectionFailure(_ error: any Error) -> Bool {
        if error is CannotConnect { return true }
        guard let error = error as? ClientError else { return false }
        switch error {
        case .server, .protocolViolation: return false
        case .connectionClosed, .timedOut, .system, .cannotConnect: return true
        }
    }

    /// Why a flow could not run, on one line.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? CannotConnect { return "cannot connect to slamd at \(error.path): \(error.reason.reasonText)" }
        if case .server(let response)? = error as? ClientError { return "error \(response.code.rawValue): \(response.message)" }
        return isConnectionFailure(error) ? "lost slamd: \(error)" : "\(error)"
    }

    private static func secondsSince(_ start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
