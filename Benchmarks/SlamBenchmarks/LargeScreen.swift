import SlamStoryboard
import SlamUI

/// A generated storyboard screen, loaded and shown by its own ``SlamUI/Application``,
/// with data sources attached the way an app attaches them in `viewDidLoad`:
/// by walking the elements after instantiation.
final class LargeScreen {
    /// What the data sources read: one shared model, as in a real app.
    final class Model {
        var count = 42
        var isEnabled = true
        var isOn = true
        var showsSections = true
    }

    let application: Application
    let controller: ViewController
    let model = Model()

    /// Reads `storyboard`, instantiates its controller and pushes it on a new
    /// application (which loads and resets it): what a client pays to open a screen.
    init(storyboard bytes: [UInt8]) throws {
        let storyboard = try Storyboard(bytes: bytes)
        controller = try storyboard.instantiateController(identifier: StoryboardGenerator.controllerIdentifier)
        application = Application()
        application.push(controller)
    }

    /// Gives every Label a text data source, every Button an enable data source,
    /// every Switch a switch data source and every section a visible data source.
    /// Returns how many elements got one.
    @discardableResult
    func attachDataSources() -> Int {
        let model = model
        var attached = 0
        for element in controller.allElements {
            switch element {
            case let label as Label:
                let prefix = label.text
                label.textDataSource = { [unowned model] in "\(prefix) (\(model.count))" }
            case let button as Button:
                button.enableDataSource = { [unowned model] in model.isEnabled }
            case let toggle as Switch:
                toggle.switchDataSource = { [unowned model] in model.isOn }
            case _ where element.superview === controller.view:
                element.visibleDataSource = { [unowned model] in model.showsSections }
            default:
                continue
            }
            attached += 1
        }
        return attached
    }

    /// References of every element, in tree order (for look-ups).
    var references: [String] { controller.allElements.map(\.reference) }
}
