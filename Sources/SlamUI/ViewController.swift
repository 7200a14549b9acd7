/// A screen: an identifier, a title, a root view and an index of its elements
/// by reference.
///
/// Finding an element is one dictionary look-up, however large the tree:
/// references are registered when the tree is attached (and when subviews are
/// added later) and must be unique within the controller.
///
/// Attach behaviour in ``viewDidLoad()`` (subclass) or ``viewDidLoadHandler``
/// (storyboard controllers), which run once, before the controller first appears.
///
/// ```swift
/// let controller = try ViewController(identifier: "Home", title: "Home", view: root)
/// controller.viewDidLoadHandler = { controller in
///     controller.findButton(with: "plus")?.pressActionBlock = { count += 1 }
/// }
/// ```
open class ViewController {
    /// Names the screen: its routing name, and how clients and the stack refer to it.
    public let identifier: String
    /// The title shown in navigation; read by clients as part of the navigation state.
    public var title: String
    /// The root of the element tree.
    public let view: View
    /// The application showing this controller, once pushed or presented.
    public internal(set) weak var application: Application?

    /// Runs once, just after ``viewDidLoad()``, for controllers built from storyboards.
    public var viewDidLoadHandler: ((ViewController) -> Void)?
    /// Whether ``viewDidLoad()`` has run.
    public private(set) var isViewLoaded = false

    private var elementsByReference: [String: View] = [:]
    /// Elements whose user-visible state changed since the last ``takeChangedElements()``.
    /// (Read after every request, on the host's thread only: unchecked, as the run-time exclusivity check costs more than the read.)
    @exclusivity(unchecked) var changedElements: [View] = []
    /// Numbers each update or reset, so an element changed twice is listed once per pass.
    var pass = 0
    /// Elements changed during the current pass.
    var passChanges: [View] = []
    /// State views whose state changed since the last update, in the order they asked.
    var stateViewsNeedingRender: [StateView] = []
    /// The element holding this controller's keyboard focus (see ``Application/focus(_:)``).
    public internal(set) var focusedElement: View?

    /// Creates a controller over `view`, indexing every reference in its tree.
    ///
    /// - Throws: ``SlamError/duplicateReference(reference:firstPath:secondPath:)`` naming both element paths.
    public init(identifier: String, title: String = "", view: View) throws(SlamError) {
        self.identifier = identifier
        self.title = title
        self.view = view
        try register(view, under: nil)
    }

    /// Called once before the controller first appears. Find elements and attach closures here.
    open func viewDidLoad() {}

    /// Runs ``viewDidLoad()`` and the handler the first time only.
    func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
        viewDidLoadHandler?(self)
    }

    /// The element with `reference`, or nil. O(1).
    public func find(_ reference: String) -> View? {
        elementsByReference[reference]
    }

    /// The element with `reference` as type `Element`.
    ///
    /// - Throws: ``SlamError/elementNotFound(reference:controller:)`` or ``SlamError/wrongElementType(reference:expected:actual:)``.
    public func find<Element: View>(_ reference: String, as type: Element.Type) throws(SlamError) -> Element {
        guard let element = elementsByReference[reference] else {
            throw .elementNotFound(reference: reference, controller: identifier)
        }
        guard let typed = element as? Element else {
            throw .wrongElementType(reference: reference, expected: Element.typeName, actual: Swift.type(of: element).typeName)
        }
        return typed
    }

    /// The number of elements that can be found by reference.
    public var referenceCount: Int { elementsByReference.count }

    /// Pulls every data source of the tree into what it shows.
    ///
    /// - Returns: the elements this update changed (not yet reported), in change order.
    ///   They stay in the list ``takeChangedElements()`` returns.
    @discardableResult
    public func updateUI() -> [View] {
        beginPass()
        renderPendingStateViews()
        view.updateUI()
        return endPass()
    }

    /// Reloads and fills the whole tree.
    ///
    /// - Returns: the elements this reset changed (not yet reported), in change order.
    @discardableResult
    public func resetUI() -> [View] {
        beginPass()
        renderPendingStateViews()
        view.resetUI()
        return endPass()
    }

    /// Starts recording the elements one update or reset changes.
    private func beginPass() {
        pass += 1
        passChanges.removeAll(keepingCapacity: true)
    }

    private func endPass() -> [View] {
        let changed = passChanges
        passChanges.removeAll(keepingCapacity: true)
        pass += 1
        return changed
    }

    /// The elements changed since the last call (by updates, presses or code), each once.
    public func takeChangedElements() -> [View] {
        let changed = changedElements
        changedElements.removeAll(keepingCapacity: true)
        for element in changed { element.isMarkedChanged = false }
        return changed.filter { $0.controller === self }
    }

    /// Every element of the tree, depth first, in order.
    public var allElements: [View] {
        var elements: [View] = []
        elements.reserveCapacity(elementsByReference.count)
        view.forEachInTree { elements.append($0) }
        return elements
    }

    /// Indexes the references of `subtree` (about to be placed under `parent`), all or nothing.
    func register(_ subtree: View, under parent: View?) throws(SlamError) {
        var added: [String: View] = [:]
        var duplicate: (first: View, second: View)?
        subtree.forEachInTree { element in
            guard duplicate == nil, !element.reference.isEmpty else { return }
            if let first = added[element.reference] ?? elementsByReference[element.reference] {
                duplicate = (first, element)
            } else {
                added[element.reference] = element
            }
        }
        if let (first, second) = duplicate {
            // Paths are built only for the error: registering 100k elements builds none.
            let prefix = parent.map { $0.path + "/" } ?? ""
            let firstPath = added[first.reference] === first ? prefix + first.path : first.path
            throw .duplicateReference(reference: second.reference, firstPath: firstPath, secondPath: prefix + second.path)
        }
        if elementsByReference.isEmpty {
            elementsByReference = added  // a new controller: no second round of hashing
        } else {
            elementsByReference.merge(added) { _, new in new }
        }
        subtree.forEachInTree { element in
            element.controller = self
            // A state view attached before its first render renders at the next update.
            if let stateView = element as? StateView, stateView.needsRender { stateViewsNeedingRender.append(stateView) }
        }
    }

    /// Removes the references of `subtree` from the index; a focused element in it loses the focus.
    func unregister(_ subtree: View) {
        var removedFocus: String?
        subtree.forEachInTree { element in
            if !element.reference.isEmpty, elementsByReference[element.reference] === element {
                elementsByReference[element.reference] = nil
            }
            if element === focusedElement { removedFocus = element.referenceOrPath }
            element.controller = nil
        }
        if let removedFocus {
            // An element that leaves the screen while focused loses the focus (a text field ends editing).
            (focusedElement as? FocusableView)?.focusDidEnd()
            focusedElement = nil
            application?.emit(.focusChanged(controller: identifier, reference: nil, previous: removedFocus))
        }
    }

    /// The elements that can take the focus now, in tree order (the order Tab follows).
    public var focusableElements: [View] {
        var elements: [View] = []
        view.forEachInTree { if $0.canTakeFocus { elements.append($0) } }
        return elements
    }
}
