/// A container controller that shows other controllers inside itself (tabs,
/// a wizard with its own steps…) and declares which, so hierarchy inspection
/// sees past it (the seed's `InspectableHierarchy`).
///
/// The application's navigation stack already says what is pushed and
/// presented; a container adopts this only for the controllers it shows
/// without the application knowing. ``Application/hierarchy`` lists them
/// right after the container.
///
/// ```swift
/// final class TabsController: ViewController, InspectableHierarchy {
///     var tabs: [ViewController] = []
///     var selectedIndex = 0
///     var hierarchy: [ViewController] { [tabs[selectedIndex]] }
/// }
/// ```
public protocol InspectableHierarchy: ViewController {
    /// The child controllers visible now, outermost first.
    var hierarchy: [ViewController] { get }
}
