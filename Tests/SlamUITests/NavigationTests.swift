import Testing
@testable import SlamUI

final class CountingController: ViewController {
    var loads = 0
    override func viewDidLoad() { loads += 1 }
}

@Suite struct NavigationTests {
    func makeApplication(events: @escaping (ApplicationEvent) -> Void = { _ in }) -> Application {
        let application = Application()
        application.eventHandler = events
        for identifier in ["Home", "Detail", "Modal"] {
            application.registerController(identifier: identifier) { () throws(SlamError) -> ViewController in
                try CountingController(identifier: identifier, title: identifier + " title",
                                       view: View(reference: "root", subviews: [Label(reference: "title")]))
            }
        }
        return application
    }

    @Test func pushLoadsOnceAndPopRevealsAndUpdates() throws {
        var refreshes = 0
        let application = makeApplication()
        try application.start(with: "Home")
        let home = try #require(application.topController as? CountingController)
        home.findLabel(with: "title")!.textDataSource = { refreshes += 1; return "Home \(refreshes)" }
        #expect(home.loads == 1)
        try application.runTask(name: "push", param: "Detail")
        let detail = try #require(application.topController as? CountingController)
        #expect(detail.identifier == "Detail" && detail.loads == 1)
        try application.runTask(name: "pop")
        #expect(application.topController === home)
        #expect(home.loads == 1, "viewDidLoad runs once")
        #expect(home.findLabel(with: "title")!.text == "Home 1", "the revealed controller is updated")
    }

    @Test func pushCreatesANewInstanceEachTime() throws {
        let application = makeApplication()
        try application.start(with: "Home")
        try application.push(identifier: "Detail")
        let first = application.topController
        try application.push(identifier: "Detail")
        #expect(application.topController !== first)
        #expect(application.stack.map(\.controller.identifier) == ["Home", "Detail", "Detail"])
    }

    @Test func poppingTheRootIsAnError() throws {
        let application = makeApplication()
        try application.start(with: "Home")
        #expect(throws: SlamError.cannotPopRoot(identifier: "Home")) { try application.pop() }
        #expect(throws: SlamError.cannotPopRoot(identifier: "Home")) { try application.runTask(name: "pop") }
        #expect(application.stack.count == 1)
    }

    @Test func modalPresentationIsMarkedAndPoppedLikeAnyOther() throws {
        let application = makeApplication()
        try application.start(with: "Home")
        application.present(try application.makeController(identifier: "Modal"))
        #expect(application.stack.map(\.isModal) == [false, true])
        try application.pop()
        #expect(application.stack.map(\.isModal) == [false])
    }

    @Test func pushingAnUnknownControllerIsAnError() throws {
        let application = makeApplication()
        try application.start(with: "Home")
        #expect(throws: SlamError.unknownController(identifier: "Nowhere")) {
            try application.runTask(name: "push", param: "Nowhere")
        }
        #expect(throws: SlamError.self) { try application.runTask(name: "push") }
    }

    @Test func navigationAndTasksAreReportedAsEvents() throws {
        var events: [ApplicationEvent] = []
        let application = makeApplication { events.append($0) }
        try application.start(with: "Home")
        try application.runTask(name: "push", param: "Detail")
        try application.runTask(name: "pop")
        #expect(events == [
            .navigated(stack: ["Home"]),
            .navigated(stack: ["Home", "Detail"]), .taskRan(name: "push", param: "Detail"),
            .navigated(stack: ["Home"]), .taskRan(name: "pop", param: nil),
        ])
    }
}

@Suite struct TaskTests {
    @Test func registeredTasksRunWithTheirParam() throws {
        let application = Application()
        var received: [String?] = []
        application.addTask(name: "greet") { received.append($0) }
        try application.runTask(name: "greet", param: "Ada")
        try application.runTask(name: "greet")
        #expect(received == ["Ada", nil])
        #expect(application.tasks.names == ["alert", "append", "greet", "increment", "pop", "push", "remove", "set", "toggle", "url"])
    }

    @Test func unknownTaskIsAnError() {
        #expect(throws: SlamError.unknownTask(name: "fly")) { try Application().runTask(name: "fly") }
    }

    @Test func aFailingTaskReportsItsError() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk full" } }
        let application = Application()
        application.addTask(name: "save") { _ in throw Broken() }
        #expect(throws: SlamError.taskFailed(name: "save", reason: "disk full")) { try application.runTask(name: "save") }
    }

    @Test func urlIsRecordedAndReportedNotOpened() throws {
        var events: [ApplicationEvent] = []
        var handled: [String] = []
        let application = Application()
        application.eventHandler = { events.append($0) }
        application.openURLHandler = { handled.append($0) }
        try application.runTask(name: "url", param: "https://swift.org")
        #expect(application.openedURLs == ["https://swift.org"])
        #expect(handled == ["https://swift.org"])
        #expect(events.contains(.openURL(address: "https://swift.org")))
    }

    @Test func pressingAButtonWithATaskRunsIt() throws {
        let application = Application()
        application.registerController(identifier: "Home") { () throws(SlamError) -> ViewController in
            let next = Button(reference: "next")
            next.task = "push"
            next.param = "Detail"
            return try ViewController(identifier: "Home", view: View(reference: "root", subviews: [next]))
        }
        application.registerController(identifier: "Detail") { () throws(SlamError) -> ViewController in
            try ViewController(identifier: "Detail", view: View(reference: "root"))
        }
        try application.start(with: "Home")
        try application.topController!.findButton(with: "next")!.press(nil)
        #expect(application.topController?.identifier == "Detail")
    }
}
