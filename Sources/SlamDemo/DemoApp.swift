import SlamStoryboard
import SlamUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The built-in demo: a storyboard of four controllers using every element
/// type, and Swift wiring that finds elements by reference in `viewDidLoad`
/// and attaches data sources and actions, as the seed prescribes.
///
/// - Home: a counter (`increment` / `decrement` with autoUI, `reset` through a
///   registered task), a progress bar towards a goal, a menu of `push` and `url` tasks.
/// - Settings: a switch, a stepper, a segmented control, a text field and a
///   page control, each with a label showing its state.
/// - List: a table of items with selection, adding and removing, and a text
///   view showing a file.
/// - About: a web view showing a local HTML file, its title in a label; its
///   "Display settings" button pushes Display.
/// - Display: two sliders, a continuous brightness and a text size in steps of 2,
///   each with a label showing its value.
/// - Order (`push Pickers`): a picker, a date picker, a sectioned table with multiple
///   selection and a collection view, with labels showing what is chosen; a secure PIN
///   field whose Enter, like "Place order", presents the `confirmOrder` alert.
/// - Todos (`push Todos`): a state view of keyed rows over the shared state key
///   `todos` — add, toggle, remove; see ``TodoListView``.
public enum DemoApp {
    /// The directory holding the storyboard, `about.html` and `notes.txt`: the installed copy
    /// (`PREFIX/share/slam/demo`) for an installed `slamd`, else the source tree's (a `slamd` run from its build).
    /// Looked up once: every `reset` builds the application again.
    ///
    /// The source tree is found from this file's path at compile time rather than through a SwiftPM resource
    /// bundle: the accessor SwiftPM generates for one imports Foundation, which would triple slamd's size.
    public static let resourceDirectory: String = InstalledResources.directory(named: "demo") ?? sourceDirectory

    /// `Sources/SlamDemo/Resources` of the tree this module was built from.
    static var sourceDirectory: String {
        let file = #filePath
        let slash = file.lastIndex(of: "/") ?? file.startIndex
        return String(file[..<slash]) + "/Resources"
    }

    /// The demo storyboard's path, for users who want to start a storyboard of their own from it.
    /// On its own (`slamd --storyboard`) it is refused: `push Todos` names a screen only the Swift
    /// here registers (`slamd --check` lists that and the `resetCounter` task).
    public static var storyboardPath: String {
        resourceDirectory + "/demo.storyboard.json"
    }

    /// Builds a ready application showing Home, with a fresh model.
    public static func makeApplication(model: DemoModel = DemoModel()) throws -> Application {
        guard let bytes = FileContents.readBytes(atPath: storyboardPath) else {
            throw Storyboard.LoadError.unreadable(path: storyboardPath, reason: String(cString: strerror(errno)))
        }
        let storyboard = try Storyboard(bytes: bytes)
        let application = Application()
        application.resourceDirectory = resourceDirectory
        application.addTask(name: "resetCounter") { _ in model.count = 0 }
        storyboard.install(in: application) { controller in
            controller.viewDidLoadHandler = { controller in wire(controller, model: model) }
        }
        application.state.set("todos", [
            ["id": "t1", "title": "Buy milk", "done": false],
            ["id": "t2", "title": "Walk the dog", "done": true],
        ])
        application.registerController(identifier: "Todos") { [unowned application] () throws(SlamError) -> ViewController in
            try TodoListView.makeController(state: application.state)
        }
        try application.start(with: storyboard.initialController)
        return application
    }

    static func wire(_ controller: ViewController, model: DemoModel) {
        switch controller.identifier {
        case "Home": wireHome(controller, model: model)
        case "Settings": wireSettings(controller, model: model)
        case "List": wireList(controller, model: model)
        case "About": wireAbout(controller)
        case "Pickers": wirePickers(controller)
        case "Display": wireDisplay(controller, model: model)
        default: break
        }
    }

    static func wireHome(_ controller: ViewController, model: DemoModel) {
        controller.findLabel(with: "count")?.textDataSource = { "Count: \(model.count)" }
        controller.findProgressView(with: "progress")?.progressDataSource = { Double(model.count) / Double(model.goal) }
        controller.findLabel(with: "goal")?.visibleDataSource = { model.count >= model.goal }
        controller.findButton(with: "increment")?.pressActionBlock = { model.count += 1 }
        let decrement = controller.findButton(with: "decrement")
        decrement?.pressActionBlock = { model.count = max(model.count - 1, 0) }
        decrement?.enableDataSource = { model.count > 0 }
        controller.findButton(with: "reset")?.enableDataSource = { model.count > 0 }
    }

    static func wireSettings(_ controller: ViewController, model: DemoModel) {
        let wifi = controller.findSwitch(with: "wifi")
        wifi?.switchDataSource = { model.wifiOn }
        wifi?.pressActionBlock = { [weak wifi] in model.wifiOn = wifi?.isOn ?? model.wifiOn }
        controller.findLabel(with: "wifiStatus")?.textDataSource = { model.wifiOn ? "Wi-Fi is on" : "Wi-Fi is off" }

        let volume = controller.findStepper(with: "volume")
        volume?.valueDataSource = { model.volume }
        volume?.pressActionBlock = { [weak volume] in model.volume = volume?.value ?? model.volume }
        controller.findLabel(with: "volumeLabel")?.textDataSource = { "Volume: \(Int(model.volume))" }

        let theme = controller.findSegmentedControl(with: "theme")
        theme?.currentSegmentDataSource = { model.theme }
        theme?.pressActionBlock = { [weak theme] in model.theme = theme?.selectedSegment ?? model.theme }
        controller.findLabel(with: "themeLabel")?.textDataSource = { "Theme: \(DemoModel.themes[model.theme])" }

        let name = controller.findTextField(with: "name")
        name?.textDataSource = { model.name }
        // The greeting follows each change, as a person types (editing ends only when the focus leaves).
        name?.editingChangedBlock = { [weak controller] in
            model.name = $0
            controller?.updateUI()
        }
        controller.findLabel(with: "greeting")?.textDataSource = {
            model.name.isEmpty ? "Hello, stranger" : "Hello, \(model.name)"
        }

        let pages = controller.findPageControl(with: "pages")
        pages?.currentPageDataSource = { model.page }
        pages?.pressActionBlock = { [weak pages] in model.page = pages?.currentPage ?? model.page }
        controller.findLabel(with: "pageLabel")?.textDataSource = { "Page \(model.page + 1) of 3" }
    }

    static func wireList(_ controller: ViewController, model: DemoModel) {
        guard let table = controller.findSingleItemTableView(with: "items") else { return }
        table.selectedDataSource = { model.items }
        table.selectEventBlock = { model.selectedItem = $0 }
        controller.findLabel(with: "selection")?.textDataSource = {
            // Another List screen on the stack may have removed rows this one still shows.
            guard let row = model.selectedItem, model.items.indices.contains(row) else { return "Nothing selected" }
            return "Selected: \(model.items[row])"
        }
        controller.findActivityIndicator(with: "waiting")?.animatingDataSource = { model.items.isEmpty }

        let newItem = controller.findTextField(with: "newItem")
        newItem?.textDataSource = { model.newItem }
        newItem?.editingChangedBlock = { [weak controller] in
            model.newItem = $0
            controller?.updateUI()
        }

        let add = controller.findButton(with: "add")
        add?.enableDataSource = { !model.newItem.trimmingWhitespace.isEmpty }
        add?.pressActionBlock = { [weak controller] in
            model.items.append(model.newItem.trimmingWhitespace)
            model.newItem = ""
            controller?.resetUI()
        }
        let remove = controller.findButton(with: "remove")
        remove?.enableDataSource = { model.selectedItem != nil }
        // An element's closures hold other elements weakly: the tree owns them, and a
        // closure that held its own element would keep the whole screen alive.
        remove?.pressActionBlock = { [weak controller, weak table] in
            guard let row = model.selectedItem, model.items.indices.contains(row) else { return }
            model.items.remove(at: row)
            model.selectedItem = nil
            table?.deselectAll(animated: false)
            controller?.resetUI()
        }
    }

    static func wirePickers(_ controller: ViewController) {
        let size = controller.findPickerView(with: "size")
        let delivery = controller.findDatePicker(with: "delivery")
        controller.findLabel(with: "order")?.textDataSource = { [weak size, weak delivery] in
            guard let size, let delivery else { return "" }
            let choice = size.components.indices.compactMap { size.title(component: $0, row: size.selectedRows[$0]) }
            return choice.joined(separator: ", ") + ", delivered on " + delivery.value
        }
        let account = controller.findSectionedTableView(with: "account")
        let colours = controller.findCollectionView(with: "colours")
        controller.findLabel(with: "choice")?.textDataSource = { [weak account, weak colours] in
            let rows = (account?.selectedRows ?? []).compactMap { account?.row(at: $0)?.text }
            let row = rows.isEmpty ? "no row" : rows.joined(separator: ", ")
            let keys = colours?.selectedKeys ?? []
            return "\(row); colours: " + (keys.isEmpty ? "none" : keys.joined(separator: ", "))
        }
    }

    static func wireDisplay(_ controller: ViewController, model: DemoModel) {
        let brightness = controller.findSlider(with: "brightness")
        brightness?.valueDataSource = { model.brightness }
        brightness?.valueChangedBlock = { model.brightness = $0 }
        controller.findLabel(with: "brightnessLabel")?.textDataSource = { "Brightness: \(Int((model.brightness * 100).rounded()))%" }

        let textSize = controller.findSlider(with: "textSize")
        textSize?.valueDataSource = { model.textSize }
        textSize?.valueChangedBlock = { model.textSize = $0 }
        controller.findLabel(with: "textSizeLabel")?.textDataSource = { "Text size: \(Int(model.textSize)) pt" }
    }

    static func wireAbout(_ controller: ViewController) {
        let page = controller.findWebView(with: "page")
        page?.showFile(path: "about", suffix: "html")
        controller.findLabel(with: "pageTitle")?.textDataSource = { [weak page] in page?.currentTitle ?? "" }
    }
}
