import Dispatch
import Testing
import SlamClient
import SlamHarness
import SlamJSON
import SlamProtocol

/// The harness as tests use it day to day: a shared daemon with a fresh instance per test, elements
/// named by what a person sees, and presses that wait until a person could press.
@Suite(.serialized) struct LocatorHarnessTests {
    @Test func eachTestBeginsFromAFreshInstanceOnADaemonThatIsReused() throws {
        var firstProcess: Int32?
        var firstInstance = ""
        try SlamApp.withApp(label: "first") { (app: SlamApp) throws in
            firstProcess = app.processIdentifier
            firstInstance = app.instance
            try app.button(text: "+1").press()
            try app.button(text: "Settings").press()
            #expect(try app.topController() == "Settings")
        }
        try SlamApp.withApp { (app: SlamApp) throws in
            #expect(app.processIdentifier == firstProcess, "the same daemon, not a new one")
            #expect(app.instance != "main" && app.instance != firstInstance)
            #expect(try app.topController() == "Home", "a fresh instance, at its launch state")
            #expect(try app.label("count").text() == "Count: 0")
            #expect(try app.connection.instances().map(\.instance).contains(firstInstance) == false, "the first test's instance was closed")
        }
    }

    @Test func testsRunningAtOnceShareOneDaemonAndSeeNothingOfEachOther() async throws {
        // Eight tests at once, as swift-testing runs them: each presses its own count up to its own number.
        let outcomes = try await withThrowingTaskGroup(of: (Int, Int32?, String, String).self) { group in
            for number in 1...8 {
                group.addTask {
                    try SlamApp.withApp(label: "parallel \(number)") { (app: SlamApp) throws in
                        let second = try app.connect()
                        defer { second.close() }
                        for _ in 0..<number { try app.button(text: "+1").press() }
                        // A second connection of the test sees its instance, not main.
                        let seen = try second.find("count").text ?? ""
                        return (number, app.processIdentifier, app.instance, seen)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(outcomes.map { $0.1 }).count == 1, "one daemon for all of them")
        #expect(Set(outcomes.map { $0.2 }).count == 8, "an instance each")
        for (number, _, _, seen) in outcomes { #expect(seen == "Count: \(number)") }
    }

    @Test func slamTimeoutSetsTheDefaultActionTimeout() throws {
        #expect(try SlamApp.defaultActionTimeout(environment: nil) == .seconds(5))
        #expect(try SlamApp.defaultActionTimeout(environment: "") == .seconds(5))
        #expect(try SlamApp.defaultActionTimeout(environment: "30") == .seconds(30))
        #expect(try SlamApp.defaultActionTimeout(environment: "1.5") == .milliseconds(1500))
        #expect(try SlamApp.defaultActionTimeout(environment: "500ms") == .milliseconds(500))
        #expect(try SlamApp.defaultActionTimeout(environment: "2s") == .seconds(2))
        for bad in ["soon", "-1", "nan", "601", "1e3", " 5"] {
            #expect(throws: HarnessError.self, "\(bad)") { try SlamApp.defaultActionTimeout(environment: bad) }
        }
        do {
            _ = try SlamApp.defaultActionTimeout(environment: "soon")
        } catch {
            #expect(error.description == "SLAM_TIMEOUT must be seconds (1.5) or look like 500ms or 2s, not 'soon'")
        }
    }

    @Test func elementsAreNamedByTypeTextPatternAndContainer() throws {
        try SlamApp.withApp { (app: SlamApp) throws in
            try app.element(type: "Button", within: "counterButtons", nth: 0).press()
            #expect(try app.element(textMatches: "^Count: ").text() == "Count: 1")
            #expect(try app.element("menu").element(type: "Button", nth: -1).text() == "Website")
            do {
                _ = try app.element(type: "Button").snapshot()
                Issue.record("several buttons match: the harness must not pick one")
            } catch ClientError.server(let error) {
                #expect(error.code == .ambiguousLocator)
            }
        }
    }

    @Test func elementsAreNamedByRoleAndAccessibleName() throws {
        try SlamApp.withApp { (app: SlamApp) throws in
            try app.element(role: "button", name: "+1").press()
            #expect(try app.label("count").text() == "Count: 1")
            #expect(try app.element(role: "button", within: ElementLocator(role: "region", name: "Menu"), nth: -1).snapshot().reference
                    == "website")
            #expect(try app.element(role: "group", name: "Counter").element(role: "button", name: "/^res/i").snapshot().reference == "reset")
            try app.element(role: "button", name: "Settings").press()
            try app.element(role: "switch", name: "Wi-Fi").press(false)
            #expect(try app.label("wifiStatus").text() == "Wi-Fi is off")
            do {
                _ = try app.element(role: "buton").snapshot()
                Issue.record("no element has the role 'buton'")
            } catch ClientError.server(let error) {
                #expect(error.code == .invalidParams)
                #expect(error.message.contains("did you mean 'button'?"))
            }
        }
    }

    @Test func aTypedHandleWaitsForAnElementOfItsType() throws {
        try SlamApp.withApp { (app: SlamApp) throws in
            // Another connection to the test's instance (a bare socket connection would drive main).
            nonisolated(unsafe) let navigator = try app.connect(timeoutMilliseconds: 5_000)
            let pressed = DispatchQueue(label: "navigator")
            pressed.asyncAfter(deadline: .now() + .milliseconds(300)) {
                _ = try? navigator.runTask("push", param: "Settings")
                navigator.close()
            }
            try app.switch("wifi").press(false)       // not on Home: the daemon waits until Settings shows it
            #expect(try app.switch("wifi").property("isOn") == false)
            do {
                app.actionTimeout = .milliseconds(100)
                try app.switch("name").press()
                Issue.record("name is a TextField")
            } catch HarnessError.wrongType(_, let expected, let actual) {
                #expect(expected == "Switch" && actual == "TextField")
            }
            pressed.sync {}
        }
    }

    @Test func aPressWaitsForTheElementAndATimeoutSaysWhy() throws {
        try SlamApp.withApp { (app: SlamApp) throws in
            let other = try app.connect()
            app.actionTimeout = .milliseconds(300)
            do {
                try app.button("decrement").press()
                Issue.record("-1 is disabled at 0")
            } catch ClientError.server(let error) {
                #expect(error.code == .elementDisabled)
                #expect(error.message.hasSuffix("(waited 300 ms for Button 'decrement' to be enabled)"))
            }
            try other.press("increment")
            app.actionTimeout = .seconds(5)
            try app.button("decrement").press()
            #expect(try app.label("count").text() == "Count: 0")
        }
    }
}
