import SlamClient
import SlamProtocol
import SlamJSON
import SlamRPC

/// One element of a ``SlamApp``, by reference or locator: read it, act on it, wait for it.
///
/// A handle is only a locator; every call asks the daemon afresh, so a handle
/// stays valid across navigation and updates. Acting waits, in the daemon, until
/// a person could act (the element exists, is visible, enabled and not covered;
/// at most ``SlamApp/actionTimeout``). Waits happen in the daemon too (re-checked
/// at every UI change, never by polling).
public struct ElementHandle {
    /// The app the element belongs to; every call goes through its connection.
    public let app: SlamApp
    /// Which element: a reference, or a description (`{type: Button, text: "Save"}`).
    public let locator: ElementLocator
    /// The type the test expects (`Button`), checked on every read; nil accepts any.
    public let expectedType: String?
    /// The controller to look in (its id); nil looks in the one on top when each call runs.
    public let controller: String?

    /// The locator as messages name it: the reference, or the locator described.
    public var reference: String { locator.plainReference ?? locator.description }

    /// The element inside this one that `locator` picks (`list.element(type: "Button", nth: 0)`).
    public func element(_ inner: ElementLocator, expectedType: String? = nil) -> ElementHandle {
        ElementHandle(app: app, locator: Self.scoped(inner, within: locator), expectedType: expectedType, controller: controller)
    }

    /// `inner` looked for inside `container`: inside its own `within`, when it has one.
    private static func scoped(_ inner: ElementLocator, within container: ElementLocator) -> ElementLocator {
        var result = inner
        result.within = inner.within.map { scoped($0, within: container) } ?? container
        return result
    }

    /// The element inside this one described by what a person sees.
    public func element(type: String? = nil, text: String? = nil, textMatches: String? = nil, nth: Int? = nil) -> ElementHandle {
        element(ElementLocator(type: type, text: text, textMatches: textMatches, nth: nth), expectedType: type)
    }

    /// The element inside this one with WAI-ARIA `role` and accessible `name` (exactly, or `/pattern/`).
    public func element(role: String, name: String? = nil, nth: Int? = nil) -> ElementHandle {
        element(ElementLocator(role: role, name: name, nth: nth))
    }

    /// What a user sees of the element now.
    ///
    /// - Throws: `ClientError.server` (-32001) when there is no such element,
    ///   ``HarnessError/wrongType(reference:expected:actual:)``.
    public func snapshot() throws -> Snapshot {
        try checked(app.connection.find(locator, controller: controller))
    }

    /// Whether the element is on the controller now.
    public func exists() throws -> Bool {
        do {
            _ = try snapshot()
            return true
        } catch ClientError.server(let error) where error.code == .elementNotFound {
            return false
        }
    }

    /// The `text` property (labels, buttons, text fields, text views).
    public func text() throws -> String? {
        try snapshot().text
    }

    /// Any snapshot property by its protocol name (`isOn`, `value`, `selectedRow`).
    public func property(_ name: String) throws -> JSONValue? {
        try snapshot()[name]
    }

    /// Whether the element is visible now (`visible` in its snapshot).
    public func isVisible() throws -> Bool { try snapshot().isVisible }
    /// Whether the element is enabled now, so a person could act on it.
    public func isEnabled() throws -> Bool { try snapshot().isEnabled }

    /// Whether the element holds its controller's keyboard focus.
    public func isFocused() throws -> Bool { try snapshot()["focused"] == true }

    /// Presses as a user would (a row, segment or page index; a slider's number, `0.25`; `.increment`; `true`; a position
    /// `.position(section, row)`; a text such as a date picker's `"2026-11-23"` or a collection item's key);
    /// returns the snapshot afterwards.
    @discardableResult
    public func press(_ value: PressInput? = nil) throws -> Snapshot {
        try acting { try app.connection.press($0, value: value, controller: controller, timeoutMilliseconds: app.actionTimeoutMilliseconds) }
    }

    /// Selects the row `row` of section `section` of a sectioned table (toggles it with multiple selection).
    @discardableResult
    public func press(section: Int, row: Int) throws -> Snapshot { try press(.position(section, row)) }

    /// Selects the item `item` of section `section` of a collection view (toggles it with multiple selection).
    @discardableResult
    public func press(section: Int, item: Int) throws -> Snapshot { try press(.position(section, item)) }

    /// Selects the row `row` of the picker's component `component`.
    @discardableResult
    public func press(component: Int, row: Int) throws -> Snapshot { try press(.position(component, row)) }

    /// Gives the element its controller's keyboard focus, as a click would; the snapshot afterwards.
    @discardableResult
    public func focus() throws -> Snapshot {
        try acting { try app.connection.focus($0, controller: controller, timeoutMilliseconds: app.actionTimeoutMilliseconds) }
    }

    /// Types `text` into a text field key by key, as a person would: it takes the focus,
    /// then each character is a key (an editing-changed event each; `"\n"` is Enter and runs the
    /// return action). The text goes on where the field's text ends; ``setText(_:)`` replaces it.
    @discardableResult
    public func type(_ text: String) throws -> Snapshot {
        try acting { try app.connection.typeText($0, text, controller: controller, timeoutMilliseconds: app.actionTimeoutMilliseconds) }
    }

    /// Replaces a text field's or text view's text at once (`setText`: editing changed, then editing ended).
    @discardableResult
    public func setText(_ text: String) throws -> Snapshot {
        try acting { try app.connection.setText($0, text, controller: controller, timeoutMilliseconds: app.actionTimeoutMilliseconds) }
    }

    /// Waits until the element shows `text`.
    @discardableResult
    public func wait(text: String, timeout: Duration = .seconds(5)) throws -> Snapshot {
        try wait(property: "text", equals: .string(text), timeout: timeout)
    }

    /// Waits until `property` equals `value` (numbers compare by value).
    ///
    /// - Throws: `ClientError.server` with -32008 and the last snapshot seen when it times out.
    @discardableResult
    public func wait(property: String, equals value: JSONValue, timeout: Duration = .seconds(5)) throws -> Snapshot {
        try checked(app.connection.waitFor(locator, property: property, equals: value,
                                           timeoutMilliseconds: Self.milliseconds(timeout), controller: controller))
    }

    /// Waits until the element is in `state`; returns nil for ``ElementState/absent``.
    @discardableResult
    public func wait(until state: ElementState, timeout: Duration = .seconds(5)) throws -> Snapshot? {
        try app.connection.waitFor(locator, state: state, timeoutMilliseconds: Self.milliseconds(timeout),
                                   controller: controller).map(checked)
    }

    /// Waits until the element's tree matches `template`, a partial tree (see ``TreeTemplate``); returns the tree.
    ///
    /// - Throws: ``HarnessError/treeMismatch(template:diff:)`` with where the tree last differed;
    ///   `ClientError.server` (-32008) when the element was not on screen.
    @discardableResult
    public func expectTree(_ template: JSONValue, strict: Bool = false, timeout: Duration = .seconds(5)) throws -> Snapshot {
        try checked(app.expectTree(TreeTemplate(json: template), named: "the template", reference: locator, strict: strict,
                                   timeout: timeout, controller: controller))
    }

    /// The element and what is below it as an accessibility snapshot, text (see ``SlamApp/snapshot(controller:)``).
    public func accessibilitySnapshot() throws -> String {
        try app.connection.snapshot(locator, controller: controller).snapshot
    }

    /// Waits until the element's accessibility snapshot contains `template` (see ``SlamApp/expectAria(_:timeout:controller:)``);
    /// returns the element's snapshot.
    ///
    /// - Throws: ``HarnessError/ariaMismatch(diff:)`` with the diff; `ClientError.server` (-32008) when the
    ///   element was not on screen.
    @discardableResult
    public func expectAria(_ template: String, timeout: Duration = .seconds(5)) throws -> Snapshot {
        try checked(app.expectAria(AriaTemplate(template), reference: locator, timeout: timeout, controller: controller))
    }

    /// Acts through the locator that names the expected type too, so the daemon waits for an
    /// element of that type; an element of another type under the same name is reported as such.
    private func acting(_ act: (ElementLocator) throws -> Snapshot) throws -> Snapshot {
        guard let expectedType, locator.type == nil else { return try checked(act(locator)) }
        var typed = locator
        typed.type = expectedType
        do {
            return try checked(act(typed))
        } catch ClientError.server(let error) where error.code == .elementNotFound {
            if let found = try? app.connection.find(locator, controller: controller), found.type != expectedType {
                throw HarnessError.wrongType(reference: reference, expected: expectedType, actual: found.type)
            }
            throw ClientError.server(error)
        }
    }

    private func checked(_ snapshot: Snapshot) throws -> Snapshot {
        if let expectedType, snapshot.type != expectedType {
            throw HarnessError.wrongType(reference: reference, expected: expectedType, actual: snapshot.type)
        }
        return snapshot
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

/// The states `waitFor` understands (the protocol's own list).
public typealias ElementState = WaitState
