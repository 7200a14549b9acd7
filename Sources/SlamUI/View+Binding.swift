/// Elements fed by bindings: a data source reads a bindable value, and every
/// change to it asks the element's controller for one coalesced update.
///
/// ```swift
/// let count = BindableValue(0)
/// label.bind(count.transform { "Count: \($0)" }, to: \.textDataSource)
/// count.value += 1   // the controller showing the label updates once, soon
/// ```
public protocol DataSourceBindable: View {}

extension View: DataSourceBindable {}

extension DataSourceBindable {
    /// Makes `dataSource` read `value`, and updates the element's controller
    /// whenever `value` changes.
    public func bind<Value>(_ value: ObservableValue<Value>, to dataSource: ReferenceWritableKeyPath<Self, (() -> Value)?>) {
        self[keyPath: dataSource] = { value.value }
        updateWhenChanged([value])
    }
}

extension View {
    /// Asks this element's controller for a coalesced update whenever any of
    /// `updateables` changes (for data sources that read them). The element is
    /// held weakly: a removed element stops listening.
    public func updateWhenChanged(_ updateables: [any Updateable]) {
        for updateable in updateables {
            updateable.addAnyUpdateListener(self) { [weak self] in self?.controller?.setNeedsUpdate() }
        }
    }
}
