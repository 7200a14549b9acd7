/// Anything that announces "I changed" without saying to what: values and
/// arrays alike, so one listener can watch a heterogeneous collection of them
/// (the source's `PUpdateable`).
public protocol Updateable: AnyObject {
    /// Calls `listener` after every update, until `owner` is gone or removes it.
    /// - Parameter alertNow: also call it once now.
    func addAnyUpdateListener(_ owner: AnyObject, alertNow: Bool, listener: @escaping () -> Void)
    func removeAnyUpdateListener(_ owner: AnyObject)
    /// What this value is calculated from (empty for a plain value): how cycles are found.
    var dependencies: [any Updateable] { get }
}

extension Updateable {
    /// Calls `listener` after every update, until `owner` is gone or removes it (without calling it now).
    public func addAnyUpdateListener(_ owner: AnyObject, listener: @escaping () -> Void) {
        addAnyUpdateListener(owner, alertNow: false, listener: listener)
    }

    /// Nothing: by default a value is calculated from no other.
    public var dependencies: [any Updateable] { [] }

    /// Whether `target` is this value or one it is (transitively) calculated from.
    func dependsOn(_ target: any Updateable) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var pending: [any Updateable] = [self]
        while let next = pending.popLast() {
            if next === target { return true }
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            pending.append(contentsOf: next.dependencies)
        }
        return false
    }
}

/// A binding that cannot be made.
public enum BindingError: Error, Equatable, CustomStringConvertible {
    /// Depending on this value would make it depend on itself.
    case cycle

    /// What went wrong, for an error message.
    public var description: String {
        switch self {
        case .cycle: "a calculated value cannot depend on itself, directly or through others"
        }
    }
}
