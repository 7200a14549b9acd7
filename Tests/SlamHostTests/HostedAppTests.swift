import Foundation
import Testing
import SlamClient
import SlamHarness

/// An application hosted with `SlamHost.main` (Tests/Fixtures/SlamHostFixture, written as a developer
/// writes one), run as the built executable: slamd's command line under the app's own name.
@Suite struct HostedAppTests {
    /// What one run printed, and where its runtime directory was.
    struct Run {
        let status: Int32?
        let standardOutput: String
        let standardError: String
    }

    /// A fresh, empty directory for `XDG_RUNTIME_DIR`, the outputs and the socket (removed by the caller).
    func runtimeDirectory() throws -> String { try DaemonProcess.makeTemporaryDirectory() }

    func launch(_ arguments: [String], in directory: String) throws -> ChildProcess {
        try ChildProcess(executable: try DaemonProcess.siblingExecutable(named: "SlamHostFixture", overriddenBy: "SLAM_HOST_FIXTURE"),
                         arguments: arguments, environment: ["XDG_RUNTIME_DIR": directory, "PATH": "/usr/bin:/bin"],
                         standardOutputPath: directory + "/out", standardErrorPath: directory + "/err")
    }

    /// Runs the app with `arguments` until it exits by itself.
    func run(_ arguments: String...) throws -> Run {
        let directory = try runtimeDirectory()
        defer { _ = try? runShell("rm -rf '\(directory)'") }
        let child = try launch(arguments, in: directory)
        let status = child.waitForExit(timeoutSeconds: 30)
        if status == nil { child.signal(SIGKILL) }
        return Run(status: status, standardOutput: DaemonProcess.read(directory + "/out"), standardError: DaemonProcess.read(directory + "/err"))
    }

    /// Waits (polling, with a generous deadline) until the app's output holds `text`; false when it exits or the time is up.
    func waitForOutput(_ text: String, of child: ChildProcess, in directory: String) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !DaemonProcess.read(directory + "/out").contains(text) {
            guard child.isRunning, ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    @Test func versionNamesTheAppAndSlam() throws {
        let version = try run("--version")
        #expect(version.status == 0)
        #expect(version.standardOutput.wholeMatch(of: /hosted-app 2\.3\.4 \(Slam \d+\.\d+\.\d+, protocol \d+\.\d+\)\n/) != nil,
                "\(version.standardOutput)")
    }

    @Test func helpIsTheAppsWithSlamdsOptions() throws {
        let help = try run("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: A counter and its settings, scriptable."))
        #expect(help.standardOutput.contains("USAGE: hosted-app <options>"))
        for option in ["--socket", "--check", "--strict", "--web", "--log-level", "--max-message-bytes", "--allow-uid", "--trace-dir",
                       "--web-token-file", "--max-held-request-bytes", "--version"] {
            #expect(help.standardOutput.contains(option), "\(option) in --help")
        }
        #expect(help.standardOutput.contains("$XDG_RUNTIME_DIR/slam/hosted-app.sock"), "its own default socket")
        #expect(!help.standardOutput.contains("--storyboard"), "storyboards are slamd's")
    }

    @Test func usageErrorsExitTwoAsSlamdsDo() throws {
        let unknown = try run("--no-such-option")
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("Error: Unknown option '--no-such-option'\nUsage: hosted-app <options>"))
        let limit = try run("--max-message-bytes", "10")
        #expect(limit.status == 2)
        #expect(limit.standardError.hasPrefix("Error: --max-message-bytes must be at least 1024"))
        #expect(try run("--strict").standardError.hasPrefix("Error: --strict goes with --check"))
    }

    @Test func manualPageAndCompletionsAreTheApps() throws {
        let page = try run("--generate-manual", "November 26, 2026")
        #expect(page.status == 0)
        #expect(page.standardOutput.contains(".Nm hosted-app"))
        #expect(page.standardOutput.contains("$XDG_RUNTIME_DIR/slam/hosted-app.sock"))
        let bash = try run("--generate-completion-script", "bash")
        #expect(bash.status == 0 && bash.standardOutput.contains("hosted-app") && bash.standardOutput.contains("--web-token-file"))
    }

    @Test func checkReportsTheMisspeltTaskWithDidYouMean() throws {
        let check = try run("--check")
        #expect(check.status == 0, "an unknown task is a warning, as in storyboards: \(check.standardError)")
        #expect(check.standardOutput == """
            hosted-app:Settings/root/notify.changeTask: warning: unknown task 'remeber' (a press fails unless a client runs it: tasks.register, slamctl serve-task); did you mean 'remember'?
            hosted-app: 1 warning

            """)
        let strict = try run("--check", "--strict")
        #expect(strict.status == 1)
        #expect(strict.standardOutput.hasSuffix("hosted-app:Settings/root/notify.changeTask: error: unknown task 'remeber' "
                                                + "(a press fails unless a client runs it: tasks.register, slamctl serve-task); "
                                                + "did you mean 'remember'?\nhosted-app: 1 error\n"))
    }

    @Test func servesOnItsOwnDefaultSocketAndAnswersClients() throws {
        let directory = try runtimeDirectory()
        defer { _ = try? runShell("rm -rf '\(directory)'") }
        let child = try launch(["--trace-dir", directory + "/traces"], in: directory)
        defer { child.signal(SIGKILL); _ = child.waitForExit(timeoutSeconds: 10) }
        let socket = directory + "/slam/hosted-app.sock"
        #expect(waitForOutput("slamd listening on \(socket)\n", of: child, in: directory), "\(DaemonProcess.read(directory + "/err"))")
        let connection = try SlamConnection(socketPath: socket, timeoutMilliseconds: 30_000)
        #expect(try connection.ping() == "pong")
        #expect(try connection.find("count").text == "Count: 0")
        try connection.press("plus")
        #expect(try connection.find("count").text == "Count: 1")
        try connection.press("openSettings")
        #expect(try connection.find("notify", controller: "Settings").reference == "notify")
        connection.close()
        child.signal(SIGTERM)
        #expect(child.waitForExit(timeoutSeconds: 20) == 0, "SIGTERM is a clean stop")
        #expect(access(socket, F_OK) != 0, "the socket is removed")
    }

    @Test func webPrintsTheURL() throws {
        let directory = try runtimeDirectory()
        defer { _ = try? runShell("rm -rf '\(directory)'") }
        let child = try launch(["--socket", directory + "/app.sock", "--trace-dir", directory + "/traces", "--web", "0"], in: directory)
        defer { child.signal(SIGKILL); _ = child.waitForExit(timeoutSeconds: 10) }
        #expect(waitForOutput("slamd web UI at http://127.0.0.1:", of: child, in: directory), "\(DaemonProcess.read(directory + "/err"))")
        let output = DaemonProcess.read(directory + "/out")
        #expect(output.contains(/slamd web UI at http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}\n/))
        child.signal(SIGINT)
        #expect(child.waitForExit(timeoutSeconds: 20) == 130, "Ctrl-C: interrupted")
    }

    /// An app shipped without the page's folder beside it refuses `--web` with what to ship, and does not crash.
    @Test func webWithoutThePagesFilesSaysWhatToShip() throws {
        let directory = try runtimeDirectory()
        defer { _ = try? runShell("rm -rf '\(directory)'") }
        let built = try DaemonProcess.siblingExecutable(named: "SlamHostFixture", overriddenBy: "SLAM_HOST_FIXTURE")
        let shipped = directory + "/bin/hosted-app"
        _ = try runShell("mkdir -p '\(directory)/bin' && cp '\(built)' '\(shipped)'")
        let child = try ChildProcess(executable: shipped, arguments: ["--socket", directory + "/app.sock", "--web", "0"],
                                     environment: ["XDG_RUNTIME_DIR": directory, "PATH": "/usr/bin:/bin"],
                                     standardOutputPath: directory + "/out", standardErrorPath: directory + "/err")
        #expect(child.waitForExit(timeoutSeconds: 30) == 1)
        #expect(DaemonProcess.read(directory + "/err").contains("ship the folder Slam_SlamWebPage.resources beside the executable"))
    }
}
