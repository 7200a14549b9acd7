import Testing
@testable import SlamUI

/// A container showing one of its tabs, as a tab bar controller would.
final class TabsController: ViewController, InspectableHierarchy {
    var tabs: [ViewController] = []
    var selectedIndex = 0
    var hierarchy: [ViewController] { tabs.isEmpty ? [] : [tabs[selectedIndex]] }
}

@Suite struct HierarchyTests {
    func makeController(_ identifier: String) throws -> ViewController {
        try ViewController(identifier: identifier, view: View(reference: "root"))
    }

    @Test func presentingAndPresentedControllersFollowTheStack() throws {
        let application = Application()
        let home = try makeController("Home"), detail = try makeController("Detail"), sheet = try makeController("Sheet")
        application.push(home)
        application.push(detail)
        application.present(sheet)
        #expect(home.presentingController == nil)
        #expect(home.presentedController === detail)
        #expect(detail.presentingController === home && detail.presentedController === sheet)
        #expect(sheet.presentingController === detail && sheet.presentedController == nil)
        #expect(detail.presentation?.isModal == false)
        #expect(sheet.presentation?.isModal == true)
        try application.pop()
        #expect(detail.presentedController == nil)
        #expect(sheet.presentation == nil && sheet.presentingController == nil, "a popped controller is not shown")
    }

    @Test func controllersNotShownHaveNoPresentation() throws {
        let lonely = try makeController("Lonely")
        #expect(lonely.presentation == nil)
        #expect(lonely.presentingController == nil && lonely.presentedController == nil)
    }

    @Test func containersDeclareTheChildrenTheyShow() throws {
        let application = Application()
        let tabs = try TabsController(identifier: "Tabs", view: View(reference: "root"))
        let feed = try makeController("Feed"), inbox = try makeController("Inbox")
        tabs.tabs = [feed, inbox]
        application.push(tabs)
        #expect(application.hierarchy.map(\.identifier) == ["Tabs", "Feed"])
        #expect(application.visibleController === feed)
        tabs.selectedIndex = 1
        #expect(application.visibleController === inbox)
        application.present(try makeController("Sheet"))
        #expect(application.hierarchy.map(\.identifier) == ["Tabs", "Inbox", "Sheet"])
        #expect(application.visibleController === application.topController)
    }

    @Test func aContainerDeclaringItselfDoesNotLoop() throws {
        let application = Application()
        let tabs = try TabsController(identifier: "Tabs", view: View(reference: "root"))
        tabs.tabs = [tabs]
        application.push(tabs)
        #expect(application.hierarchy.map(\.identifier) == ["Tabs"])
        tabs.tabs = []  // breaks the cycle the test made, for LeakSanitizer
    }
}
