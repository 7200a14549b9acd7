import Foundation
import Testing
import SlamHarness

/// `slamd --check FILE [--strict]` and the warnings `slamd --storyboard` logs, run as the built executable.
@Suite struct StoryboardCheckCommandTests {
    /// What one `slamd` run that exits by itself printed.
    struct Run {
        let status: Int32?
        let standardOutput: String
        let standardError: String
        let runtimeDirectory: String
    }

    /// Runs `slamd arguments…` with a fresh, empty `XDG_RUNTIME_DIR` (left for the caller to look at, then removed).
    func slamd(_ arguments: String...) throws -> Run {
        let directory = try DaemonProcess.makeTemporaryDirectory()
        defer { _ = try? runShell("rm -rf '\(directory)'") }
        let child = try ChildProcess(executable: try DaemonProcess.slamdPath(), arguments: arguments,
                                     environment: ["XDG_RUNTIME_DIR": directory, "PATH": "/usr/bin:/bin"],
                                     standardOutputPath: directory + "/out", standardErrorPath: directory + "/err")
        let status = child.waitForExit(timeoutSeconds: 30)
        if status == nil { child.signal(SIGKILL) }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Run(status: status, standardOutput: DaemonProcess.read(directory + "/out"), standardError: DaemonProcess.read(directory + "/err"),
                   runtimeDirectory: entries.sorted().joined(separator: " "))
    }

    let clean = #"{"initial": "Home", "state": {"count": 0}, "controllers": [{"id": "Home", "view": {"type": "Button", "ref": "plus", "text": "+1", "task": "increment", "param": "count"}}]}"#
    let withWarning = #"{"initial": "Home", "controllers": [{"id": "Home", "view": {"type": "Button", "ref": "plus", "text": "+1", "task": "incremnt", "param": "count"}}]}"#
    let withError = #"{"initial": "Home", "controllers": [{"id": "Home", "title": "Home", "view": {"type": "Button", "ref": "open", "text": "Open", "task": "push", "param": "Hme"}}]}"#

    @Test func aCleanStoryboardExitsZeroWithoutServing() throws {
        let path = try writeTemporaryFile(named: "clean.json", clean)
        defer { removeTemporaryFile(path) }
        let run = try slamd("--check", path)
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(path): no problems\n")
        #expect(run.runtimeDirectory == "err out", "no socket and no socket directory")
    }

    @Test func warningsExitZeroAndErrorsOne() throws {
        let path = try writeTemporaryFile(named: "warning.json", withWarning)
        defer { removeTemporaryFile(path) }
        let run = try slamd("--check", path)
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            \(path):$.controllers[0].view.task: warning: unknown task 'incremnt' (a press fails unless a client runs it: tasks.register, slamctl serve-task); did you mean 'increment'?
            \(path): 1 warning

            """)
        let strict = try slamd("--check", path, "--strict")
        #expect(strict.status == 1)
        #expect(strict.standardOutput.hasPrefix("\(path):$.controllers[0].view.task: error: unknown task 'incremnt'"))
        #expect(strict.standardOutput.hasSuffix("\(path): 1 error\n"))
        let strictFirst = try slamd("--check", "--strict", path)
        #expect(strictFirst.status == 1, "--check --strict FILE, as the docs write it: \(strictFirst.standardError)")
        #expect(strictFirst.standardOutput == strict.standardOutput)
    }

    @Test func anErrorExitsOneWithItsPathAndSuggestion() throws {
        let path = try writeTemporaryFile(named: "error.json", withError)
        defer { removeTemporaryFile(path) }
        let run = try slamd("--check", path)
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            \(path):$.controllers[0].view.param: error: 'push' opens 'Hme', which is not a declared controller; declared: Home; did you mean 'Home'?
            \(path): 1 error

            """)
    }

    @Test func anUnreadableFileExitsOne() throws {
        let run = try slamd("--check", "/nonexistent/app.json")
        #expect(run.status == 1)
        #expect(run.standardOutput == "/nonexistent/app.json: error: cannot read the file: No such file or directory\n/nonexistent/app.json: 1 error\n")
    }

    @Test func checkWithoutAFileOrWithStoryboardIsAUsageError() throws {
        let missing = try slamd("--check")
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("Missing value for '--check <FILE>'"))
        let both = try slamd("--check", "a.json", "--storyboard", "b.json")
        #expect(both.status == 2)
        #expect(both.standardError.contains("leave out --storyboard"))
    }

    @Test func theExamplesCheckClean() throws {
        for file in ["Examples/counter-and-todos.storyboard.json", "clients/flows/order.storyboard.json", "Examples/todo/todo.storyboard.json",
                     "Examples/shop/shop.storyboard.json", "Examples/tip/tip.storyboard.json"] {
            let run = try slamd("--check", repositoryRoot + "/" + file, "--strict")
            #expect(run.status == 0, "\(run.standardOutput)")
        }
    }

    @Test func aStoryboardWithAWarningIsServedAndTheWarningLogged() throws {
        let path = try writeTemporaryFile(named: "warning.json", withWarning)
        defer { removeTemporaryFile(path) }
        let daemon = try DaemonProcess.launch(storyboard: path)
        #expect(try daemon.connect().call("ping") == "pong")
        #expect(daemon.standardErrorEventually(contains: "\(path):$.controllers[0].view.task: warning: unknown task 'incremnt'"))
    }

    @Test func aStoryboardWithAnErrorIsRefused() throws {
        let path = try writeTemporaryFile(named: "error.json", withError)
        defer { removeTemporaryFile(path) }
        let daemon = try DaemonProcess.launch(storyboard: path, waitUntilListening: false)
        #expect(daemon.waitForExit() == 1)
        #expect(daemon.standardError.contains("\(path):$.controllers[0].view.param: error: 'push' opens 'Hme'"))
        let warningPath = try writeTemporaryFile(named: "warning.json", withWarning)
        defer { removeTemporaryFile(warningPath) }
        let strict = try DaemonProcess.launch(storyboard: warningPath, arguments: ["--strict"], waitUntilListening: false)
        #expect(strict.waitForExit() == 1)
        #expect(strict.standardError.contains("error: unknown task 'incremnt'"))
    }
}
