import Testing
@testable import SlamUI

/// The routes an app's dependency assembly would provide.
struct ProfileAppRoutes: RoutingConfigurationProvider {
    var destinations: [ScreenDestination] {
        [
            ScreenDestination(screenName: "Home") { () throws(SlamError) -> ViewController in
                try ViewController(identifier: "Home", view: View(reference: "root", subviews: [Label(reference: "title")]))
            },
            ScreenDestination(ProfileCardController.self) { () throws(SlamError) -> ProfileCardController in
                try ProfileCardController(identifier: ProfileCardController.screenName,
                                          viewModel: ProfileCardModel(name: "Guest", age: 0))
            },
        ]
    }
}

@Suite struct RoutingTests {
    func makeApplication() throws -> Application {
        let application = Application()
        application.install(ProfileAppRoutes())
        try application.start(with: "Home")
        return application
    }

    @Test func pushTaskShowsAScreenOfTheInstalledConfiguration() throws {
        let application = try makeApplication()
        try application.runTask(name: "push", param: "Profile")
        let profile = try #require(application.topController as? ProfileCardController)
        #expect(profile.findLabel(with: "name")?.text == "Guest")
        #expect(application.stack.map(\.controller.identifier) == ["Home", "Profile"])
        #expect(application.stack.map(\.isModal) == [false, false])
    }

    @Test func installedScreensAndRegisteredControllersShareOneTable() throws {
        let application = try makeApplication()
        application.registerController(identifier: "Settings") { () throws(SlamError) -> ViewController in
            try ViewController(identifier: "Settings", view: View(reference: "root"))
        }
        #expect(application.controllerIdentifiers == ["Home", "Profile", "Settings"])
        try application.route(to: "Settings")
        try application.runTask(name: "push", param: "Profile")
        #expect(application.stack.map(\.controller.identifier) == ["Home", "Settings", "Profile"])
    }

    @Test func unknownScreenIsAnErrorAndShowsNothing() throws {
        let application = try makeApplication()
        #expect(throws: SlamError.unknownController(identifier: "Nowhere")) {
            try application.runTask(name: "push", param: "Nowhere")
        }
        #expect(throws: SlamError.unknownController(identifier: "Nowhere")) {
            try application.route(to: "Nowhere", viewModel: ProfileCardModel(name: "Ada", age: 36))
        }
        #expect(application.stack.count == 1)
    }

    @Test func viewModelIsPassedThroughARoute() throws {
        let application = try makeApplication()
        let route = RoutableObject(screenName: ProfileCardController.screenName,
                                   viewModel: ProfileCardModel(name: "Ada", age: 36))
        let shown = try application.route(to: route)
        let profile = try #require(shown as? ProfileCardController)
        #expect(application.topController === profile)
        #expect(profile.managedView.oldViewModels.map { $0?.name } == [nil, "Guest"],
                "the routed view model replaced the factory's before display")
        #expect(profile.managedView.events.last == "viewDidLoad")
        #expect(profile.findLabel(with: "name")?.text == "Ada")
        #expect(profile.title == "Profile of Ada")
    }

    @Test func modalRouteIsPresentedModally() throws {
        let application = try makeApplication()
        let routes: [any AnyRoutableObject] = [
            RoutableObject(screenName: "Profile", viewModel: ProfileCardModel(name: "Ada", age: 36), navigationStyle: .modal),
        ]
        for route in routes { try application.route(to: route) }
        #expect(application.stack.map(\.isModal) == [false, true])
        try application.route(to: "Profile", style: .push)
        #expect(application.stack.map(\.isModal) == [false, true, false])
    }

    @Test func viewModelTheScreenDoesNotTakeIsRefusedAndNothingIsShown() throws {
        struct Unrelated: ViewModel {}
        let application = try makeApplication()
        #expect(throws: SlamError.self) { try application.route(to: "Profile", viewModel: Unrelated()) }
        #expect(throws: SlamError.self) {
            try application.route(to: "Home", viewModel: ProfileCardModel(name: "Ada", age: 36))
        }
        #expect(application.stack.map(\.controller.identifier) == ["Home"])
    }
}
