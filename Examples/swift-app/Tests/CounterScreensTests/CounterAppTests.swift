import CounterScreens
import Glibc
import SlamHarness
import SlamHarnessInProcess
import SlamUI
import Testing

/// The counter driven as a client drives it: in this process (fast, no binary), and as the built
/// `counter-app` on a socket (its real command line); plus the check `counter-app --check` makes.
@Suite struct CounterAppTests {
    /// Presses +1 twice, Clear, then pushes About and reads what its bindings show.
    func drive(_ app: SlamApp) throws {
        #expect(try app.topController() == "Counter")
        _ = try app.button("plus").press()
        _ = try app.button("plus").press()
        _ = try app.label("count").wait(text: "Count: 2")
        _ = try app.button("clear").press()
        _ = try app.label("count").wait(text: "Count: 0")
        #expect(try app.button("clear").isEnabled() == false, "nothing to clear at 0")
        _ = try app.runTask("set", param: "count=7")
        _ = try app.label("count").wait(text: "Count: 7")
        _ = try app.button("openAbout").press()
        #expect(try app.controllerStack() == ["Counter", "About"])
        _ = try app.label("summary").wait(text: "Counted to 7, cleared 1 times")
        _ = try app.button("back").press()
        #expect(try app.topController() == "Counter")
    }

    @Test func inProcess() throws {
        let app = try SlamApp.inProcess { try CounterApplication.make() }
        defer { _ = app.stop() }
        try drive(app)
    }

    /// The built `counter-app` (next to this test binary, or `$COUNTER_APP`), launched as the harness launches slamd.
    @Test func launched() throws {
        let executable = try DaemonProcess.siblingExecutable(named: "counter-app", overriddenBy: "COUNTER_APP")
        setenv("SLAMD", executable, 1)
        let app = try SlamApp.launch()
        defer { #expect(app.stop() == 0) }
        try drive(app)
    }

    @Test func checkFindsNoProblem() throws {
        let check = ApplicationCheck(application: try CounterApplication.make(), strict: true)
        #expect(check.findings.isEmpty, "\(check.lines(name: "counter-app"))")
    }
}
