/// A node of an accessibility snapshot that an ``AriaTemplate`` can be matched against: the daemon's
/// nodes, read where they are while a `waitFor {aria}` is pending.
public protocol AriaSubject {
    /// The node's WAI-ARIA role (`button`).
    var ariaRole: String { get }
    /// Its accessible name; "" for none.
    var ariaName: String { get }
    /// The text written after its line's `:` (a text box's text); nil for none.
    var ariaValue: String? { get }
    /// The state or attribute `name` (`checked`, `level`, `value`, `ref` … as the snapshot writes them),
    /// nil where it does not apply.
    func ariaAttribute(_ name: String) -> AriaAttributeValue?
    /// The nodes below it, in order.
    var ariaChildren: [Self] { get }
    /// Its line in the snapshot text, without indentation or the `:` that introduces children.
    var ariaLine: String { get }
}

/// What a state or attribute of a snapshot node holds.
public enum AriaAttributeValue: Hashable, Sendable {
    /// `checked`, `disabled`, `expanded`, `selected`, `focused`.
    case bool(Bool)
    /// `level`, `min`, `max`, and `value` when the node has no value text.
    case number(Double)
    /// `value` when the node has value text, `description`, `ref`.
    case text(String)
}
