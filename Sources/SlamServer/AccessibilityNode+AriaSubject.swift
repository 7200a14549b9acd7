import SlamProtocol
import SlamUI

/// The daemon's accessibility nodes, as `waitFor {aria}` templates read them.
extension AccessibilityNode: AriaSubject {
    public var ariaRole: String { role.rawValue }
    public var ariaName: String { name }
    public var ariaValue: String? { value }
    public var ariaChildren: [AccessibilityNode] { children }
    public var ariaLine: String { line }

    public func ariaAttribute(_ attribute: String) -> AriaAttributeValue? {
        switch attribute {
        case "checked": states.checked.map(AriaAttributeValue.bool)
        case "disabled": .bool(states.disabled)
        case "expanded": states.expanded.map(AriaAttributeValue.bool)
        case "selected": states.selected.map(AriaAttributeValue.bool)
        case "focused": .bool(states.focused)
        case "level": states.level.map { .number(Double($0)) }
        case "value": states.valueText.map(AriaAttributeValue.text) ?? states.valueNow.map(AriaAttributeValue.number)
        case "min": states.valueMin.map(AriaAttributeValue.number)
        case "max": states.valueMax.map(AriaAttributeValue.number)
        case "description": description.map(AriaAttributeValue.text)
        case "ref": reference.isEmpty ? nil : .text(reference)
        default: nil
        }
    }
}
