/// An array that tells its listeners what changed: *index changed* listeners
/// hear about one element (assignment through the subscript, `append`),
/// *changed* listeners about the structure (insert, remove, bulk changes).
///
/// ```swift
/// let items = BindableArray(["Milk"])
/// items.addIndexChangedListener(self) { index in print("row \(index)") }
/// items.append("Eggs")                         // row 1
/// items.modify { $0.removeAll(); $0 += ["Tea", "Jam"] }   // one changed notification
/// ```
public final class BindableArray<Element>: Updateable {
    /// The current elements; change them through the array's methods so listeners hear of it.
    public private(set) var elements: [Element]
    private var indexChangedListeners = ListenerList<Int>()
    private var changedListeners = ListenerList<Void>()
    private let broadcaster = UpdateBroadcaster()

    /// An array starting with `elements`, with no listeners yet.
    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// How many elements the array holds.
    public var count: Int { elements.count }
    /// Whether the array holds no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Reading is plain; assigning notifies the index changed listeners with `index`.
    public subscript(index: Int) -> Element {
        get { elements[index] }
        set {
            elements[index] = newValue
            notifyIndexChanged(index)
        }
    }

    /// Appends: an index change at the new last index.
    public func append(_ element: Element) {
        elements.append(element)
        notifyIndexChanged(elements.count - 1)
    }

    /// Inserts: a structural change.
    public func insert(_ element: Element, at index: Int) {
        elements.insert(element, at: index)
        notifyChanged()
    }

    /// Removes: a structural change.
    @discardableResult
    public func remove(at index: Int) -> Element {
        defer { notifyChanged() }
        return elements.remove(at: index)
    }

    /// Removes every element: one structural change.
    public func removeAll() {
        elements.removeAll()
        notifyChanged()
    }

    /// Replaces every element: one structural change.
    public func replaceAll(with elements: [Element]) {
        self.elements = elements
        notifyChanged()
    }

    /// Changes the elements in bulk (any array operations) with a single
    /// changed notification at the end, however many elements changed.
    public func modify(_ change: (inout [Element]) -> Void) {
        change(&elements)
        notifyChanged()
    }

    // MARK: - Listeners

    /// Calls `listener` with the index after each element assigned or appended, until `owner` is gone or removes it.
    public func addIndexChangedListener(_ owner: AnyObject, listener: @escaping (Int) -> Void) {
        indexChangedListeners.add(owner: owner, listener)
    }

    /// Stops every index changed listener `owner` added.
    public func removeIndexChangedListener(_ owner: AnyObject) {
        indexChangedListeners.remove(owner: owner)
    }

    /// Calls `listener` after every structural change.
    /// - Parameter alertNow: also call it once now.
    public func addChangedListener(_ owner: AnyObject, alertNow: Bool = false, listener: @escaping () -> Void) {
        changedListeners.add(owner: owner) { listener() }
        if alertNow { listener() }
    }

    /// Stops every changed listener `owner` added.
    public func removeChangedListener(_ owner: AnyObject) {
        changedListeners.remove(owner: owner)
    }

    /// Calls `listener` after every change, of one element or of the structure; `alertNow` also calls it once now.
    public func addAnyUpdateListener(_ owner: AnyObject, alertNow: Bool, listener: @escaping () -> Void) {
        broadcaster.addAnyUpdateListener(owner, alertNow: alertNow, listener: listener)
    }

    /// Stops every any-update listener `owner` added.
    public func removeAnyUpdateListener(_ owner: AnyObject) {
        broadcaster.removeAnyUpdateListener(owner)
    }

    /// Tells the index changed listeners (then the any-update ones) that `index` changed.
    public func notifyIndexChanged(_ index: Int) {
        broadcaster.notify { for listener in indexChangedListeners.live() { listener(index) } }
    }

    /// Tells the changed listeners (then the any-update ones) that the structure changed.
    public func notifyChanged() {
        broadcaster.notify { for listener in changedListeners.live() { listener(()) } }
    }
}
