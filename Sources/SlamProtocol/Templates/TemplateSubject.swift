import SlamJSON

/// An element tree a ``TreeTemplate`` can be matched against without writing it
/// out as JSON first: the daemon reads only the members a template names, from the
/// elements themselves, on every UI change while a template wait is pending.
///
/// A `JSONValue` tree (as `tree` answers) is one; ``TreeTemplate/matches(_:strict:)``
/// on any subject agrees with ``TreeTemplate/match(_:strict:)`` on the JSON of it.
public protocol TemplateSubject {
    /// The snapshot member `name` (`type`, `ref`, a property), nil when the element has none.
    func templateValue(_ name: String) -> JSONValue?
    /// The element's children, in order.
    var templateChildren: [Self] { get }
}

extension JSONValue: TemplateSubject {
    public func templateValue(_ name: String) -> JSONValue? {
        name == "children" ? nil : self[name]
    }

    public var templateChildren: [JSONValue] { self["children"]?.arrayValue ?? [] }
}
