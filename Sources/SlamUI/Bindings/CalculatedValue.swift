/// A value calculated from others, recalculated whenever any of them updates.
/// It cannot be written (``value`` is read-only), and it cannot be made to
/// depend on itself: ``addDependency(_:)`` refuses a cycle.
///
/// ```swift
/// let count = BindableValue(0)
/// let label = CalculatedValue([count]) { "Count: \(count.value)" }   // "Count: 0"
/// count.value = 3                                                    // label.value == "Count: 3"
/// ```
public final class CalculatedValue<Value>: ObservableValue<Value> {
    private let calculate: () -> Value
    private var sources: [any Updateable] = []

    /// Calculates now, then after every update of any of `dependencies`.
    public init(_ dependencies: [any Updateable], calculate: @escaping () -> Value) {
        self.calculate = calculate
        super.init(calculate())
        for dependency in dependencies { listen(to: dependency) }
    }

    public override var dependencies: [any Updateable] { sources }

    /// Also recalculates after `dependency` updates.
    /// - Throws: ``BindingError/cycle`` when `dependency` is (or depends on) this value.
    public func addDependency(_ dependency: any Updateable) throws(BindingError) {
        guard !dependency.dependsOn(self) else { throw .cycle }
        listen(to: dependency)
        recalculate()
    }

    /// Calculates again and notifies.
    public func recalculate() {
        publish(calculate())
    }

    private func listen(to dependency: any Updateable) {
        sources.append(dependency)
        dependency.addAnyUpdateListener(self) { [unowned self] in recalculate() }
    }
}

extension ObservableValue {
    /// A calculated value made from this one: `count.transform { "Count: \($0)" }`.
    public func transform<Result>(_ transform: @escaping (Value) -> Result) -> CalculatedValue<Result> {
        CalculatedValue([self]) { transform(self.value) }
    }

    /// A calculated value made from this one and `other`.
    public func combine<Other, Result>(_ other: ObservableValue<Other>,
                                       _ combine: @escaping (Value, Other) -> Result) -> CalculatedValue<Result> {
        CalculatedValue([self, other]) { combine(self.value, other.value) }
    }

    /// A calculated value made from this one and any number of others; `calculate`
    /// reads them itself (they may be of any types).
    public func combine<Result>(_ others: [any Updateable], calculate: @escaping () -> Result) -> CalculatedValue<Result> {
        CalculatedValue([self] + others, calculate: calculate)
    }
}
