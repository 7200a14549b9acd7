/// The keyboard: each controller's focus, keys as a person presses them, and
/// which screens a person can reach at all.
extension Application {
    /// Gives `element` its controller's focus, as a click or a tap would.
    ///
    /// - Throws: ``SlamError/notFocusable(reference:type:)`` for an element that cannot
    ///   hold the focus; ``SlamError/elementHidden(reference:)``,
    ///   ``SlamError/elementCovered(reference:controller:coveredBy:)`` or
    ///   ``SlamError/elementDisabled(reference:)`` when a person could not reach it.
    public func focus(_ element: View) throws(SlamError) {
        guard element is FocusableView else {
            throw .notFocusable(reference: element.reference, type: type(of: element).typeName)
        }
        guard let controller = element.controller, controller.application === self else { throw .noController }
        try element.requireActionable()
        setFocus(element, in: controller)
    }

    /// Takes the focus away from whatever holds it in `controller`.
    public func clearFocus(in controller: ViewController) {
        setFocus(nil, in: controller)
    }

    /// Presses `key` on the top controller, as a person at the keyboard would.
    ///
    /// Tab and Shift+Tab move the focus in tree order (wrapping); Escape cancels
    /// an alert that has a cancel button, or else pops; other keys go to the
    /// focused element; Enter on an alert with nothing focused presses its first
    /// plain button.
    ///
    /// - Returns: whether anything used the key.
    /// - Throws: what acting on it throws (a task that failed, popping the root is never tried).
    @discardableResult
    public func pressKey(_ key: Key) throws(SlamError) -> Bool {
        guard let top = topController else { throw .noController }
        switch key {
        case .tab, .shiftTab:
            return moveFocus(in: top, forward: key == .tab)
        case .escape:
            if let alert = top as? AlertController {
                guard let cancel = alert.cancelButton else { return false }
                try cancel.press(nil)
                return true
            }
            guard stack.count > 1 else { return false }
            try pop()
            return true
        default:
            if let focused = top.focusedElement as? FocusableView, focused.controller === top, focused.canTakeFocus,
               try focused.handleKey(key) {
                return true
            }
            if key == .enter, let alert = top as? AlertController, let button = alert.defaultButton {
                try button.press(nil)
                return true
            }
            return false
        }
    }

    /// The modal screen or alert nearest above `controller` on the stack, nil when
    /// nothing covers it. A screen merely pushed over another leaves it reachable:
    /// it is still on the way back.
    public func controllerCovering(_ controller: ViewController) -> ViewController? {
        guard let index = stack.firstIndex(where: { $0.controller === controller }) else { return nil }
        return stack[(index + 1)...].first { $0.isModal }?.controller
    }

    /// Moves the focus to the next (or previous) element that can take it, wrapping around.
    private func moveFocus(in controller: ViewController, forward: Bool) -> Bool {
        let candidates = controller.focusableElements
        guard !candidates.isEmpty else { return false }
        let current = controller.focusedElement.flatMap { focused in candidates.firstIndex { $0 === focused } }
        let next = switch (current, forward) {
        case (let index?, true): (index + 1) % candidates.count
        case (let index?, false): (index + candidates.count - 1) % candidates.count
        case (nil, true): 0
        case (nil, false): candidates.count - 1
        }
        setFocus(candidates[next], in: controller)
        return true
    }

    /// Moves `controller`'s focus, with the editing events of text fields and a `focusChanged` event.
    func setFocus(_ element: View?, in controller: ViewController) {
        let previous = controller.focusedElement
        guard previous !== element else { return }
        controller.focusedElement = element
        previous?.markChanged()
        element?.markChanged()
        (previous as? FocusableView)?.focusDidEnd()
        (element as? FocusableView)?.focusDidBegin()
        emit(.focusChanged(controller: controller.identifier, reference: element?.referenceOrPath, previous: previous?.referenceOrPath))
    }
}

extension View {
    /// How reports name the element (focus events, `updateUI`'s changes): its reference, or its path when it has none.
    public var referenceOrPath: String { reference.isEmpty ? path : reference }
}
