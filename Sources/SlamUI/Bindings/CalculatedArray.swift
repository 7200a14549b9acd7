/// An array kept up to date from a ``BindableArray``: a `map` (element by
/// element) or a `filter`. It cannot be written; it notifies like the source.
///
/// A map turns the source's index changes into index changes of its own
/// (only that element is recalculated, and an append is an append); a structural
/// change, or any change to a filter's source, recalculates it whole and
/// notifies *changed* once.
public final class CalculatedArray<Element>: Updateable {
    private let mirror: BindableArray<Element>
    private let source: any Updateable

    private init(source: any Updateable, elements: [Element]) {
        self.source = source
        mirror = BindableArray(elements)
    }

    /// `transform` applied to every element of `source`, kept up to date.
    public static func map<Source>(_ source: BindableArray<Source>,
                                   _ transform: @escaping (Source) -> Element) -> CalculatedArray {
        let calculated = CalculatedArray(source: source, elements: source.elements.map(transform))
        // The source runs these closures, so it is alive then; capturing it strongly would be a cycle.
        source.addIndexChangedListener(calculated) { [unowned calculated, unowned source] index in
            let value = transform(source[index])
            if index == calculated.mirror.count {
                calculated.mirror.append(value)
            } else {
                calculated.mirror[index] = value
            }
        }
        source.addChangedListener(calculated) { [unowned calculated, unowned source] in
            calculated.mirror.replaceAll(with: source.elements.map(transform))
        }
        return calculated
    }

    /// The elements of `source` that satisfy `isIncluded`, kept up to date.
    public static func filter(_ source: BindableArray<Element>,
                              _ isIncluded: @escaping (Element) -> Bool) -> CalculatedArray {
        let calculated = CalculatedArray(source: source, elements: source.elements.filter(isIncluded))
        source.addAnyUpdateListener(calculated) { [unowned calculated, unowned source] in
            calculated.mirror.replaceAll(with: source.elements.filter(isIncluded))
        }
        return calculated
    }

    /// The current calculated elements.
    public var elements: [Element] { mirror.elements }
    /// How many calculated elements there are.
    public var count: Int { mirror.count }
    /// The calculated element at `index`.
    public subscript(index: Int) -> Element { mirror[index] }

    /// The source array this one is calculated from.
    public var dependencies: [any Updateable] { [source] }

    /// Calls `listener` with the index after one element is recalculated or appended (a map only), until `owner` is gone or removes it.
    public func addIndexChangedListener(_ owner: AnyObject, listener: @escaping (Int) -> Void) {
        mirror.addIndexChangedListener(owner, listener: listener)
    }

    /// Stops every index changed listener `owner` added.
    public func removeIndexChangedListener(_ owner: AnyObject) { mirror.removeIndexChangedListener(owner) }

    /// Calls `listener` after each whole recalculation; `alertNow` also calls it once now.
    public func addChangedListener(_ owner: AnyObject, alertNow: Bool = false, listener: @escaping () -> Void) {
        mirror.addChangedListener(owner, alertNow: alertNow, listener: listener)
    }

    /// Stops every changed listener `owner` added.
    public func removeChangedListener(_ owner: AnyObject) { mirror.removeChangedListener(owner) }

    /// Calls `listener` after every change to the calculated elements; `alertNow` also calls it once now.
    public func addAnyUpdateListener(_ owner: AnyObject, alertNow: Bool, listener: @escaping () -> Void) {
        mirror.addAnyUpdateListener(owner, alertNow: alertNow, listener: listener)
    }

    /// Stops every any-update listener `owner` added.
    public func removeAnyUpdateListener(_ owner: AnyObject) { mirror.removeAnyUpdateListener(owner) }
}
