/// What follows a user's new selection in an element that selects several things (rows, items).
extension View {
    /// After a user changed the selection from `before` to `after`: the state written back,
    /// `event` for each one deselected, then each one selected, then the whole controller
    /// updated when `updatesController` (the element's `selectUI`). Nothing when nothing changed.
    func userChangedSelection<Item: Equatable>(from before: [Item], to after: [Item], event: ((Item, Bool) -> Void)?,
                                               updatesController: Bool) {
        guard after != before else { return }
        if !stateBindings.isEmpty { writeBackStateBindings() }
        userChangedValue()
        if let event {
            for item in before where !after.contains(item) { event(item, false) }
            for item in after where !before.contains(item) { event(item, true) }
        }
        if updatesController { controller?.updateUI() }
    }
}
