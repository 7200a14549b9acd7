/// The methods a server answers, in registration order, found by name in O(1).
public struct MethodRegistry<Context> {
    public private(set) var methods: [MethodDescriptor<Context>] = []
    private var indexByName: [String: Int] = [:]

    public init(_ methods: [MethodDescriptor<Context>] = []) {
        for method in methods { register(method) }
    }

    /// Adds a method; registering a name twice replaces the earlier method in place.
    public mutating func register(_ method: MethodDescriptor<Context>) {
        if let index = indexByName[method.name] {
            methods[index] = method
        } else {
            indexByName[method.name] = methods.count
            methods.append(method)
        }
    }

    public subscript(name: String) -> MethodDescriptor<Context>? {
        indexByName[name].map { methods[$0] }
    }

    public var names: [String] { methods.map(\.name) }
}
