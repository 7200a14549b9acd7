/// A spinner (the seed's `SlamActivityIndicatorView`) whose animation comes from
/// ``animatingDataSource``.
public final class ActivityIndicator: View {
    /// Whether it spins now; set statically or by ``animatingDataSource``.
    public var isAnimating = false {
        didSet { if oldValue != isAnimating { markChanged() } }
    }
    /// Decides on each update whether it spins; nil leaves ``isAnimating`` as set.
    public var animatingDataSource: (() -> Bool)?

    public override class var typeName: String { "ActivityIndicator" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.progressbar] }
    public override class var summary: String { "A spinner that shows work in progress." }
    public override class var primaryProperty: String { "animating" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = viewProperties + [.bool("animating", \ActivityIndicator.isAnimating) { $0.isAnimating }]

    public override func fillUI() {
        super.fillUI()
        if let animatingDataSource { isAnimating = animatingDataSource() }
    }
}
