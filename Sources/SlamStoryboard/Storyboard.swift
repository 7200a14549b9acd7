import SlamJSON
import SlamUI

/// A JSON document declaring controllers and their element trees: the
/// headless equivalent of an Interface Builder storyboard.
///
/// ```json
/// {"initial": "Home",
///  "controllers": [{"id": "Home", "title": "Home",
///    "view": {"type": "View", "ref": "root", "children": [
///      {"type": "Label", "ref": "greeting", "text": "Hello"},
///      {"type": "Button", "ref": "next", "text": "Next", "task": "push", "param": "Detail", "autoUI": true}]}}]}
/// ```
///
/// Every element takes `type`, `ref` (required, unique within its controller),
/// `visible` and `children`; controls take `enabled`; each type takes its own
/// static properties under the names its snapshots use. A document with any
/// mistake is refused as a whole with a ``StoryboardError`` naming the JSON path.
/// The JSON Schema is `Protocol/storyboard.schema.json`.
public struct Storyboard {
    /// One declared controller.
    public struct ControllerDeclaration {
        public let identifier: String
        public let title: String
        public let view: ElementDeclaration
    }

    /// One declared element: its type, reference, static properties and children.
    public struct ElementDeclaration {
        public let type: ElementType
        public let reference: String
        /// Static values, in the type's declared property order.
        public let properties: [(descriptor: PropertyDescriptor, value: PropertyValue)]
        /// Properties that follow the shared state (`bind`), by property name.
        public let bindings: [(property: String, binding: StateBinding)]
        /// What runs when a person changes the element's value (`changeTask`, `changeParam`, `changeDebounceMs`).
        public let changeTask: ChangeTask?
        /// What assistive technology reads (`label`, `description`, `heading`, `region`).
        public let accessibility: AccessibilityDeclaration
        public let children: [ElementDeclaration]
    }

    /// An element's declared accessibility: an explicit name and description, a label's heading
    /// level, a container's landmark (see `Protocol/elements.md`, "Roles and names").
    public struct AccessibilityDeclaration: Sendable {
        /// `label`: the accessible name, winning over the element's own text.
        public var label: String?
        /// `description`: read after the name.
        public var description: String?
        /// `heading` (a Label only): the heading level, 1 to 6.
        public var headingLevel: Int?
        /// `region` (a View only): the landmark's name.
        public var region: String?

        /// Gives `element` what is declared.
        public func apply(to element: View) {
            if let region {
                element.isRegion = true
                element.accessibilityLabel = region
            }
            if let label { element.accessibilityLabel = label }
            if let description { element.accessibilityDescription = description }
            if let headingLevel, let label = element as? Label { label.headingLevel = headingLevel }
        }
    }

    /// The accessibility members every element declaration may have.
    public static let accessibilityMembers = ["label", "description"]

    /// The members that declare an element's ``ElementDeclaration/changeTask``, taken by every type with a value a person changes.
    public static let changeTaskMembers = ["changeTask", "changeParam", "changeDebounceMs"]

    /// The alerts the `alert` task can present (`alerts`), in document order.
    public let alerts: [Alert]
    /// The controller shown first.
    public let initialController: String
    /// Tasks a client supplies at run time (`tasks.register`): its buttons may name them.
    public let clientTasks: [String]
    /// The shared state's starting values (`state`), installed with the controllers.
    public let initialState: [String: StateValue]
    /// The controllers, in document order.
    public let controllers: [ControllerDeclaration]
    private let controllerIndex: [String: Int]

    /// Reads a storyboard from JSON bytes.
    public init(bytes: some Collection<UInt8>, elementTypes: [String: ElementType] = ElementType.builtIn) throws(StoryboardError) {
        let json: JSONValue
        do {
            json = try JSONParser().parse(bytes)
        } catch {
            throw StoryboardError(path: "$", reason: .invalidJSON(error.description))
        }
        try self.init(json: json, elementTypes: elementTypes)
    }

    /// Reads a storyboard from a parsed JSON document.
    public init(json: JSONValue, elementTypes: [String: ElementType] = ElementType.builtIn) throws(StoryboardError) {
        var reader = StoryboardReader(elementTypes: elementTypes)
        let (initial, controllers, state, alerts, clientTasks) = try reader.read(json)
        self.alerts = alerts
        self.clientTasks = clientTasks
        self.initialController = initial
        self.initialState = state
        self.controllers = controllers
        self.controllerIndex = Dictionary(uniqueKeysWithValues: controllers.enumerated().map { ($1.identifier, $0) })
    }

    /// The declaration of controller `identifier`, or nil.
    public func controller(identifier: String) -> ControllerDeclaration? {
        controllerIndex[identifier].map { controllers[$0] }
    }

    /// Builds a new instance of the controller `identifier`, its static values
    /// applied and its `bind` entries bound to `state` (left unbound without one).
    ///
    /// - Throws: ``SlamUI/SlamError/unknownController(identifier:)``.
    public func instantiateController(identifier: String, state: StateStore? = nil) throws(SlamError) -> ViewController {
        guard let declaration = controller(identifier: identifier) else {
            throw .unknownController(identifier: identifier)
        }
        return try ViewController(identifier: declaration.identifier, title: declaration.title,
                                  view: Self.build(declaration.view, state: state))
    }

    /// Registers a factory for every controller with `application`, its elements
    /// bound to the application's state, and sets the ``initialState`` keys the
    /// state does not hold yet; `configure` runs on each new instance (attach
    /// closures in its `viewDidLoadHandler`).
    public func install(in application: Application, configure: ((ViewController) -> Void)? = nil) {
        for (key, value) in initialState.sorted(by: { $0.key < $1.key }) where !application.state.contains(key) {
            application.state.set(key, value)
        }
        for alert in alerts { application.registerAlert(alert) }
        let state = application.state
        for declaration in controllers {
            let identifier = declaration.identifier
            application.registerController(identifier: identifier) { [unowned state] () throws(SlamError) -> ViewController in
                let controller = try instantiateController(identifier: identifier, state: state)
                configure?(controller)
                return controller
            }
        }
    }

    private static func build(_ declaration: ElementDeclaration, state: StateStore?) -> View {
        let element = declaration.type.make(declaration.reference)
        for (descriptor, value) in declaration.properties {
            descriptor.write?(element, value)
        }
        element.changeTask = declaration.changeTask
        declaration.accessibility.apply(to: element)
        if let state {
            for (property, binding) in declaration.bindings {
                // The reader checked every binding against the element type.
                try? element.bind(property: property, to: binding, in: state)
            }
        }
        for child in declaration.children {
            // A detached subtree has no controller yet, so adding cannot collide.
            try? element.addSubview(build(child, state: state))
        }
        return element
    }
}
