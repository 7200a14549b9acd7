import SlamJSON
import SlamUI

extension View {
    /// The snapshot with every level of `children`, as a value: what `tree` answers, for a
    /// template to be matched against (replies write trees straight into jansson, ``treeNode(depth:)``).
    func treeValue() -> JSONValue {
        guard case .object(var object) = snapshot().jsonValue else { return .null }
        object["children"] = .array(subviews.map { $0.treeValue() })
        return .object(object)
    }
}
