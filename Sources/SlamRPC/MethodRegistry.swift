/// The methods a server answers, in registration order, found by name in O(1).
public struct MethodRegistry<Context> {
    public private(set) var methods: [MethodDescriptor<Context>] = []
    private var indexByName: [String: Int] = [:]
    /// Each method's handler, by index: what dispatch needs of a method, without copying its descriptor.
    @usableFromInline private(set) var handlers: [MethodDescriptor<Context>.Handler] = []
    /// Each method's name, by index.
    public private(set) var names: [String] = []
    /// The same names, found by their bytes.
    @usableFromInline private(set) var table = MethodNameTable()

    public init(_ methods: [MethodDescriptor<Context>] = []) {
        for method in methods { register(method) }
    }

    /// Adds a method; registering a name twice replaces the earlier method in place.
    public mutating func register(_ method: MethodDescriptor<Context>) {
        if let index = indexByName[method.name] {
            methods[index] = method
            handlers[index] = method.handler
        } else {
            indexByName[method.name] = methods.count
            methods.append(method)
            handlers.append(method.handler)
            names.append(method.name)
            table.append(method.name)
        }
    }

    public subscript(name: String) -> MethodDescriptor<Context>? {
        indexByName[name].map { methods[$0] }
    }

}
