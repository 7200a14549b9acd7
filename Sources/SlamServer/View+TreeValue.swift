import SlamJSON
import SlamProtocol
import SlamUI

extension View {
    /// The snapshot with every level of `children`, as a value: what `tree` answers, for a
    /// template's diff (replies copy the elements' kept snapshot texts, ``ElementTreeOutput``).
    func treeValue() -> JSONValue {
        guard case .object(var object) = snapshot().jsonValue else { return .null }
        object["children"] = .array(subviews.map { $0.treeValue() })
        return .object(object)
    }
}

/// An element as a template reads it while a wait is pending: only the members the
/// template names, straight from the element, never the whole tree as JSON.
struct ElementTemplateSubject: TemplateSubject {
    let element: View

    func templateValue(_ name: String) -> JSONValue? {
        let type = Swift.type(of: element)
        switch name {
        case "type": return .string(type.typeName)
        case "ref": return .string(element.reference)
        default: return element.snapshotMember(named: name)?.jsonValue
        }
    }

    var templateChildren: [ElementTemplateSubject] { element.subviews.map(ElementTemplateSubject.init) }
}
