import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamUI

/// Bound elements seen from another process: a request that changes a bound
/// value many times gives subscribers one `changed` notification, after its reply.
@Suite struct BoundElementsOverTheSocketTests {
    static func counterApp() throws -> SlamApp {
        try SlamApp.inProcess {
            let count = BindableValue(0)
            let label = Label(reference: "count")
            label.bind(count.transform { "Count: \($0)" }, to: \.textDataSource)
            let application = Application()
            application.addTask(name: "bumpThrice") { _ in
                for _ in 0..<3 { count.value += 1 }
            }
            application.push(try ViewController(identifier: "Counter", view: View(reference: "root", subviews: [label])))
            return application
        }
    }

    @Test func manyChangesInOneRequestAreOneChangedNotification() throws {
        let app = try Self.counterApp()
        let watcher = try app.connect(timeoutMilliseconds: 30_000)
        try watcher.subscribe([.changed])
        try app.runTask("bumpThrice")
        #expect(try app.label("count").text() == "Count: 3", "the update ran before the reply")

        let changed = try watcher.nextNotification()
        #expect(changed.method == "changed")
        let changes = changed.params?.jsonValue["changes"]?.arrayValue ?? []
        #expect(changes.map { $0["ref"] } == ["count"])
        #expect(changes.first?["text"] == "Count: 3")
        #expect(throws: ClientError.timedOut(milliseconds: 200), "no second notification for the same request") {
            try watcher.nextNotification(timeoutMilliseconds: 200)
        }
    }

    @Test func aWaitResolvesOnABoundChange() throws {
        let app = try Self.counterApp()
        let socketPath = app.socketPath
        let waiter = try SlamConnection(socketPath: socketPath)
        try waiter.send(["jsonrpc": "2.0", "id": 1, "method": "waitFor",
                         "params": ["ref": "count", "property": "text", "equals": "Count: 3", "timeoutMs": 30_000]])
        try app.runTask("bumpThrice")
        let answer = try waiter.nextMessage(timeoutMilliseconds: 30_000)
        #expect(answer["result"]?["text"] == "Count: 3")
    }
}
