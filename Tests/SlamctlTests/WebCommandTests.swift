import Testing
import SlamHarness
import SlamJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `slamctl open`: the URL `slamd --web` wrote beside its socket, and `--browser`.
@Suite(.timeLimit(.minutes(10))) struct WebCommandTests {
    @Test func openPrintsTheURLSlamdWroteBesideItsSocket() throws {
        let app = try SlamApp.launch(arguments: ["--web", "127.0.0.1:0"])
        defer { app.stop() }
        let written = DaemonProcess.read(app.socketPath + ".web")
        #expect(written.hasPrefix("http://127.0.0.1:") && written.contains("/#token=") && written.hasSuffix("\n"))
        let human = try slamctl("open", app: app)
        #expect(human.status == 0, "\(human)")
        #expect(human.standardOutput == written)
        let json = try slamctl("open", "--json", app: app)
        #expect(try json.json() == .string(String(written.dropLast())))
    }

    @Test func openWithAnInstanceNamesItInTheURL() throws {
        let app = try SlamApp.launch(arguments: ["--web", "127.0.0.1:0"])
        defer { app.stop() }
        let written = DaemonProcess.read(app.socketPath + ".web")
        let handle = try app.connection.createInstance(label: "shown").instance
        let opened = try slamctl("--instance", handle, "open", app: app)
        #expect(opened.status == 0, "\(opened)")
        #expect(opened.standardOutput == written.replacingOccurrences(of: "/#token=", with: "/?instance=\(handle)#token="))
        #expect(try slamctl("--instance", "main", "open", app: app).standardOutput == written)
        #expect(try slamctl("--instance", "i99", "open", app: app).status == 1)
        #expect(try slamctl("--instance", "new", "open", app: app).status == 2)
    }

    @Test func openWithoutAWebUIFailsAndSaysHowToStartOne() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try slamctl("open", app: app)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.errorLines.first?.contains("serves no web UI") == true)
        #expect(result.errorLines.first?.contains("--web [HOST:]PORT") == true)
    }

    @Test func openWithoutADaemonCannotConnect() throws {
        let result = try slamctl("--socket", "/nonexistent/slamd.sock", "open")
        #expect(result.status == 3)
    }

    @Test func openBrowserRunsXdgOpenWithTheURL() throws {
        let app = try SlamApp.launch(arguments: ["--web", "0"])
        defer { app.stop() }
        let directory = try DaemonProcess.makeTemporaryDirectory()
        defer {
            unlink(directory + "/xdg-open")
            unlink(directory + "/opened")
            rmdir(directory)
        }
        try DaemonProcess.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > \"\(directory)/opened\"\n", to: directory + "/xdg-open")
        chmod(directory + "/xdg-open", 0o700)
        let result = try slamctl("open", "--browser", app: app, environment: environment(with: ["PATH": directory + ":/bin:/usr/bin"]))
        #expect(result.status == 0, "\(result)")
        #expect(DaemonProcess.read(directory + "/opened") == result.standardOutput, "xdg-open got the URL, and only it")
    }

    @Test func openBrowserWithoutXdgOpenPrintsTheURLAndSaysSo() throws {
        let app = try SlamApp.launch(arguments: ["--web", "0"])
        defer { app.stop() }
        let result = try slamctl("open", "--browser", app: app, environment: environment(with: ["PATH": "/nonexistent"]))
        #expect(result.status == 1)
        #expect(result.standardOutput == DaemonProcess.read(app.socketPath + ".web"))
        #expect(result.errorLines == ["slamctl: xdg-open is not installed; open the URL above in a browser"])
    }
}
