import Testing
@testable import SlamUI
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SingleItemTableViewTests {
    @Test func theThreeRowSourcesAreExclusive() {
        let table = SingleItemTableView(reference: "list")
        table.staticListLabels = ["a"]
        table.selectedDataSource = { ["b", "c"] }
        #expect(table.staticListLabels == nil, "setting one source replaces the other")
        table.reloadUI()
        #expect(table.rows == ["b", "c"])
        table.fillItems(count: { 3 }, label: { "row \($0)" })
        #expect(table.selectedDataSource == nil && table.staticListLabels == nil)
        table.reloadUI()
        #expect(table.rows == ["row 0", "row 1", "row 2"])
        table.staticListLabels = ["z"]
        table.reloadUI()
        #expect(table.rows == ["z"])
    }

    @Test func rowsChangeOnResetNotOnUpdate() throws {
        var todos = ["milk"]
        let table = SingleItemTableView(reference: "todos")
        table.selectedDataSource = { todos }
        let controller = try makeController(table)
        controller.resetUI()
        #expect(table.rows == ["milk"])
        todos.append("eggs")
        controller.updateUI()
        #expect(table.rows == ["milk"], "updateUI leaves a table's rows alone")
        controller.resetUI()
        #expect(table.rows == ["milk", "eggs"])
        #expect(table.fetchLabel(position: 1) == "eggs")
        #expect(table.fetchLabel(position: 2) == nil)
    }

    @Test func userSelectionFiresTheEventAndSelectUIUpdatesTheController() throws {
        var selected: [Int?] = []
        var chosen = "none"
        let table = SingleItemTableView(reference: "list")
        table.staticListLabels = ["a", "b", "c"]
        table.selectEventBlock = { [unowned table] in selected.append($0); chosen = $0.flatMap { table.fetchLabel(position: $0) } ?? "none" }
        let label = Label(reference: "choice")
        label.textDataSource = { chosen }
        let controller = try makeController(table, label)
        controller.resetUI()
        try table.press(.index(1))
        #expect(selected == [1] && table.currentSelection == 1)
        #expect(label.text == "none", "without selectUI the controller is not updated")
        table.selectUI = true
        try table.press(.index(2))
        #expect(label.text == "c")
        try table.press(.index(2))
        #expect(selected == [1, 2], "selecting the selected row again is no change")
        #expect(throws: SlamError.invalidPress(reference: "list", reason: "row 3 is outside 0..<3")) { try table.press(.index(3)) }
    }

    @Test func programmaticSelectionIsValidatedAndSilent() {
        var events = 0
        let table = SingleItemTableView(reference: "list")
        table.selectEventBlock = { _ in events += 1 }
        table.staticListLabels = ["a", "b"]
        table.reloadUI()
        table.currentSelection = 1
        #expect(table.currentSelection == 1)
        table.currentSelection = 5
        #expect(table.currentSelection == nil)
        table.currentSelection = 0
        table.deselectAll(animated: true)
        #expect(table.currentSelection == nil)
        #expect(events == 0)
    }

    @Test func aSelectionPastTheNewEndIsCleared() {
        var labels = ["a", "b", "c"]
        let table = SingleItemTableView(reference: "list")
        table.selectedDataSource = { labels }
        table.reloadUI()
        table.currentSelection = 2
        labels = ["a"]
        table.reloadUI()
        #expect(table.currentSelection == nil)
    }
}

/// Writes `contents` to a new file in a new temporary directory; returns (directory, file name).
func temporaryFile(named name: String, contents: String) throws -> (String, String) {
    var template = Array("/tmp/slam-test-XXXXXX".utf8CString)
    let directory = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
    let path = directory + "/" + name
    let file = try #require(fopen(path, "w"))
    fputs(contents, file)
    fclose(file)
    return (directory, name)
}

/// Removes what ``temporaryFile(named:contents:)`` made.
func removeTemporary(_ directory: String, _ name: String) {
    unlink(directory + "/" + name)
    rmdir(directory)
}

@Suite struct TextViewTests {
    @Test func textAndFileSourcesAreExclusive() {
        let view = TextView(reference: "notes")
        view.textDataSource = { "typed" }
        view.textFileDataSource = { "notes.txt" }
        #expect(view.textDataSource == nil)
        view.textDataSource = { "typed" }
        #expect(view.textFileDataSource == nil)
    }

    @Test func textIsReadOnResetOnly() throws {
        var body = "first"
        let view = TextView(reference: "notes")
        view.textDataSource = { body }
        let controller = try makeController(view)
        controller.resetUI()
        #expect(view.text == "first")
        body = "second"
        controller.updateUI()
        #expect(view.text == "first")
        controller.resetUI()
        #expect(view.text == "second")
    }

    @Test func fileIsLoadedFromTheResourceDirectory() throws {
        let (directory, name) = try temporaryFile(named: "terms.txt", contents: "Be kind.\n")
        defer { removeTemporary(directory, name) }
        let application = Application()
        application.resourceDirectory = directory
        let view = TextView(reference: "terms")
        view.textFileDataSource = { name }
        let controller = try makeController(view)
        application.push(controller)
        #expect(view.text == "Be kind.\n")
        #expect(view.textFile == name)
        view.textFileDataSource = { "missing.txt" }
        controller.resetUI()
        #expect(view.text == "", "a file that does not exist shows no text")
    }
}

@Suite struct WebViewTests {
    @Test func showSiteRecordsTheAddressWithoutFetching() {
        var urls: [String?] = []
        let web = WebView(reference: "web")
        web.urlEventBlock = { urls.append($0) }
        web.showSite(address: "https://example.org/")
        #expect(web.currentURL == "https://example.org/" && web.currentTitle == nil)
        web.showSite(address: "https://example.org/")
        #expect(urls == ["https://example.org/"], "the event fires on change only")
    }

    @Test func fragmentTitleComesFromTheHTMLTitle() {
        var titles: [String?] = []
        let web = WebView(reference: "web")
        web.titleEventBlock = { titles.append($0) }
        web.showFragment(html: "<html><HEAD><Title lang=en>\n Fish &amp; Chips\n</TITLE></head><body>x</body></html>")
        #expect(web.currentTitle == "Fish & Chips")
        #expect(web.currentURL == "about:blank")
        web.showFragment(html: "<p>no title</p>")
        #expect(web.currentTitle == nil)
        #expect(titles == ["Fish & Chips", nil])
    }

    @Test func showFileLoadsALocalPageWithItsSuffix() throws {
        let (directory, _) = try temporaryFile(named: "about.html", contents: "<title>About Slam</title><h1>Hi</h1>")
        defer { removeTemporary(directory, "about.html") }
        let web = WebView(reference: "web")
        #expect(web.showFile(path: directory + "/about", suffix: "html"))
        #expect(web.currentTitle == "About Slam")
        #expect(web.currentURL == "file://\(directory)/about.html")
        #expect(!web.showFile(path: directory + "/missing", suffix: "html"))
        #expect(web.currentTitle == "About Slam", "a failed load leaves the page as it was")
    }

    @Test func clearSiteShowsABlankPage() {
        let web = WebView(reference: "web")
        web.showFragment(html: "<title>T</title>")
        web.clearSite()
        #expect(web.currentURL == "about:blank" && web.currentTitle == nil && web.html.isEmpty)
    }
}
