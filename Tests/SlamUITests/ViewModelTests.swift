import Testing
@testable import SlamUI

struct ProfileCardModel: ViewModel, Equatable {
    var name: String
    var age: Int
    var isAdult: Bool { age >= 18 }
}

/// A profile view that records every update with the view model it replaced.
final class ProfileCard: LifecycleElement, ManagedView {
    var events: [String] = []
    var oldViewModels: [ProfileCardModel?] = []
    let name = Label(reference: "name")
    let badge = Label(reference: "badge")

    override func configure() {
        events.append("configure")
        embed(name, badge)
    }
    override func style() { events.append("style") }
    override func layout() { events.append("layout") }
    override func update() { events.append("update") }

    // Only this method names the view model type: `Model` is inferred from it.
    func update(oldViewModel: ProfileCardModel?) {
        events.append("update(oldViewModel:)")
        oldViewModels.append(oldViewModel)
        name.text = viewModel?.name ?? ""
        badge.text = viewModel?.isAdult == true ? "adult" : "minor"
        navigationTitle = viewModel.map { "Profile of \($0.name)" } ?? "Profile"
    }
}

/// Records when it loads relative to its view's updates.
final class ProfileCardController: ManagedViewController<ProfileCard>, Routable {
    static let screenName = "Profile"
    override func viewDidLoad() {
        managedView.events.append("viewDidLoad")
    }
}

@Suite struct ViewModelTests {
    @Test func settingTheViewModelCallsUpdateWithThePreviousOne() {
        let view = ProfileCard(reference: "profile")
        let ada = ProfileCardModel(name: "Ada", age: 36)
        let tim = ProfileCardModel(name: "Tim", age: 12)
        view.viewModel = ada
        view.viewModel = tim
        view.viewModel = nil
        #expect(view.oldViewModels == [nil, ada, tim])
        #expect(view.name.text == "")
        #expect(view.viewModel == nil)
    }

    @Test func theViewShowsItsViewModel() {
        let view = ProfileCard(reference: "profile")
        view.viewModel = ProfileCardModel(name: "Tim", age: 12)
        #expect(view.name.text == "Tim" && view.badge.text == "minor")
        #expect(view.viewModel?.name == "Tim")
    }

    @Test func aViewModelSetBeforeDisplayStandsForTheFirstUpdate() {
        let view = ProfileCard(reference: "profile")
        view.viewModel = ProfileCardModel(name: "Ada", age: 36)
        view.updateUI()
        #expect(!view.events.contains("update"), "the plain update() does not run on top of it")
    }

    @Test func managedViewGetsItsViewModelBeforeFirstDisplay() throws {
        let application = Application()
        application.registerController(identifier: "Profile") { () throws(SlamError) -> ViewController in
            try ProfileCardController(identifier: "Profile", viewModel: ProfileCardModel(name: "Ada", age: 36))
        }
        try application.start(with: "Profile")
        let controller = try #require(application.topController as? ProfileCardController)
        #expect(controller.managedView.events ==
                ["configure", "style", "layout", "update(oldViewModel:)", "viewDidLoad"])
        #expect(controller.findLabel(with: "name")?.text == "Ada")
        #expect(controller.viewModel?.name == "Ada")
    }

    @Test func managedViewReachesItsControllerTitleAndApplication() throws {
        let application = Application()
        let controller = try ProfileCardController(identifier: "Profile", title: "Profile",
                                               viewModel: ProfileCardModel(name: "Ada", age: 36))
        let view = controller.managedView
        #expect(view.managingController === controller)
        #expect(controller.title == "Profile of Ada", "the view set its controller's title in its first update")
        #expect(view.application == nil, "not shown yet")
        application.push(controller)
        #expect(view.application === application)
        controller.viewModel = ProfileCardModel(name: "Tim", age: 12)
        #expect(view.navigationTitle == "Profile of Tim")
        #expect(controller.findLabel(with: "badge")?.text == "minor")
    }

    @Test func assigningAViewModelOfAnotherTypeChangesNothing() throws {
        struct Other: ViewModel {}
        let controller = try ProfileCardController(identifier: "Profile", viewModel: ProfileCardModel(name: "Ada", age: 36))
        #expect(!controller.assign(viewModel: Other()))
        #expect(controller.assign(viewModel: ProfileCardModel(name: "Tim", age: 12)))
        #expect(controller.managedView.oldViewModels.map { $0?.name } == [nil, "Ada"])
    }
}
