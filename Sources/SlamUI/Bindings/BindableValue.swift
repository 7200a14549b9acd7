/// A value to bind to: setting ``value`` calls every change listener, then
/// every any-update listener.
///
/// ```swift
/// let name = BindableValue("stranger")
/// name.addChangeListener(self, alertNow: true) { print("Hello, \($0)") }   // Hello, stranger
/// name.value = "Ada"                                                      // Hello, Ada
/// name.removeChangeListener(self)
/// ```
public final class BindableValue<Value>: ObservableValue<Value> {
    public override init(_ value: Value) {
        super.init(value)
    }

    /// The current value; setting it notifies every listener (even when equal: the source's semantics).
    public override var value: Value {
        get { storage }
        set { publish(newValue) }
    }
}
