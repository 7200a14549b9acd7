/// An element whose numbers may all be whole (a stepper's, a slider's): it then shows and
/// writes them as integers, so that `find` says `2` where the state it writes says `2`.
protocol WholeNumberCounting: View {
    /// Whether its value, bounds and step are whole numbers now.
    var countsWholeNumbers: Bool { get }
}

extension PropertyDescriptor {
    /// A number property that snapshots show as an integer while its element counts whole numbers.
    static func counted<Element: WholeNumberCounting>(_ name: String, _ path: ReferenceWritableKeyPath<Element, Double> & Sendable,
                                                      _ get: @escaping @Sendable (Element) -> Double) -> PropertyDescriptor {
        PropertyDescriptor(name, kind: .double, read: { view in
            let element = unsafeDowncast(view, to: Element.self)
            let number = get(element)
            return element.countsWholeNumbers ? .integer(Int(number)) : .double(number)
        }, write: { ($0 as! Element)[keyPath: path] = $1.doubleValue })
    }
}
