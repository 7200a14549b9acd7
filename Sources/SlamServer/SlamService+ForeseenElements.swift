import SlamProtocol
import SlamRPC
import SlamUI

/// Whether waiting can help: an acting request whose element nothing in the app could ever show
/// fails at once, with the "did you mean" it would give after its timeout, instead of waiting it out.
///
/// What the app could show (Protocol/README.md, "Actionability", writes the same rule for users):
/// - the screens on the stack, where text can change: text fields and views, web views, elements
///   with a text data source or a bound text, and elements a state view placed match any text; and
///   a state view there can place any reference under its own (`list/…`; any reference at all under
///   a state view without one), of any built-in type or type the app shows, and any text, as its
///   state changes;
/// - a new instance of every screen the app declares (what `screens` lists) and of every alert the
///   `alert` task can present, judged as a push would show it now (its state views' rows from the
///   current state, its texts as they would read).
///
/// Clients add elements only through those (a push, an alert, a state change, typing), so a
/// registered client task changes nothing here.
extension SlamService {
    /// Whether some change could make `locator` match an element (of the controller `identifier`, when named).
    func couldAppear(_ locator: ElementLocator, in identifier: String?) -> Bool {
        if let within = locator.within, !couldAppear(within, in: identifier) { return false }
        let patterns = compiledPatterns(of: locator)
        let shown = application.stack.map(\.controller).filter { identifier == nil || $0.identifier == identifier }
        // Made at most once (each is a whole screen, built with its bindings), and only when needed.
        var madeInstances: [View]?
        func instances() -> [View] {
            if let madeInstances { return madeInstances }
            let made = newInstances(in: identifier)
            madeInstances = made
            return made
        }
        // A state view places elements of the app's types only: a type no element has and no built-in
        // type has is a typo however the state changes.
        if let type = locator.type, !QueryRequest.knownTypes.contains(type),
           !shown.contains(where: { Self.has(type, under: $0.view) }), !instances().contains(where: { Self.has(type, under: $0) }) {
            return false
        }
        if shown.contains(where: { Self.couldMatch(locator, under: $0.view, generating: true, patterns: patterns) }) { return true }
        return instances().contains { Self.couldMatch(locator, under: $0, generating: false, patterns: patterns) }
    }

    /// The trees of a new instance of every declared screen and alert (only the one named `identifier`, when
    /// given), as a push would show them now: made only for a miss, never for a hit on the screens shown.
    func newInstances(in identifier: String?) -> [View] {
        var roots: [View] = []
        for screen in application.controllerIdentifiers + application.alertIdentifiers where identifier == nil || screen == identifier {
            let controller: ViewController?
            do throws(SlamError) {
                controller = try application.makeController(identifier: screen)
            } catch {
                // An alert's identifier (its buttons), or a factory that fails (nothing a push could show).
                controller = application.makeAlertController(identifier: screen)
            }
            guard let controller else { continue }
            // What a push would show now: state views render their rows from the current state.
            controller.resetUI()
            roots.append(controller.view)
        }
        return roots
    }

    private static func has(_ type: String, under root: View) -> Bool {
        var found = false
        root.forEachInTree { if !found, Swift.type(of: $0).typeName == type { found = true } }
        return found
    }

    /// Whether an element of the tree at `root` matches `locator` (its `within` aside); when `generating`
    /// (a screen on the stack), on what cannot change only, or a state view in it could place one that does.
    private static func couldMatch(_ locator: ElementLocator, under root: View, generating: Bool,
                                   patterns: [LocatorPattern: BoundedPattern]) -> Bool {
        var found = false
        root.forEachInTree { element in
            guard !found else { return }
            if generating, let stateView = element as? StateView {
                let prefix = stateView.reference.isEmpty ? "" : stateView.reference + "/"
                if locator.ref.map({ prefix.isEmpty || $0.hasPrefix(prefix) }) ?? true {
                    found = true
                    return
                }
            }
            if let reference = locator.ref, element.reference != reference { return }
            if let type = locator.type, Swift.type(of: element).typeName != type { return }
            if let role = locator.role, element.accessibilityRole.rawValue != role { return }
            let textCanChange = generating && element.textCanChange
            if locator.text != nil || locator.textMatches != nil, !textCanChange {
                guard let text = element.locatorText else { return }
                if let expected = locator.text, text != expected { return }
                if let pattern = locator.textMatches.flatMap({ patterns[LocatorPattern(pattern: $0)] }), !pattern.isFound(in: text) { return }
            }
            if let name = locator.name, !(generating && element.nameCanChange) {
                if let pattern = locator.namePattern {
                    if let compiled = patterns[pattern], !compiled.isFound(in: element.accessibleName) { return }
                } else if element.accessibleName != name {
                    return
                }
            }
            found = true
        }
        return found
    }
}

extension View {
    /// Whether the element's accessible name can differ later: placed by a state view (which may give
    /// it new props), bound, or read from a text that can change (``textCanChange``); a `label` and a
    /// field's placeholder stay whatever is typed.
    var nameCanChange: Bool {
        var ancestor = superview
        while let current = ancestor {
            if current is StateView { return true }
            ancestor = current.superview
        }
        let bound = boundProperties
        if bound["label"] != nil || bound["placeholder"] != nil { return true }
        if accessibilityLabel != nil || self is TextField || self is TextView { return false }
        return textCanChange
    }

    /// Whether what a person reads on the element can differ later: typed, loaded, bound to the
    /// state, drawn by a data source, or placed by a state view (which may give it new props).
    var textCanChange: Bool {
        if self is TextField || self is TextView || self is WebView { return true }
        let bound = boundProperties
        if bound["text"] != nil || bound["title"] != nil { return true }
        if let label = self as? Label, label.textDataSource != nil { return true }
        if let button = self as? Button, button.textDataSource != nil { return true }
        var ancestor = superview
        while let current = ancestor {
            if current is StateView { return true }
            ancestor = current.superview
        }
        return false
    }
}
