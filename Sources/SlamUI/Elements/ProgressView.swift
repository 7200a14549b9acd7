/// A progress bar (the seed's `SlamProgressView`): progress from
/// ``progressDataSource`` or set directly, always clamped to 0…1.
public final class ProgressView: View {
    /// How far along, from 0 to 1; values outside are clamped and NaN is 0.
    public var progress = 0.0 {
        didSet {
            let clamped = progress.isNaN ? 0 : min(max(progress, 0), 1)
            if clamped != progress { progress = clamped }
            if !oldValue.isExactly(progress) { markChanged() }
        }
    }
    /// Computes ``progress`` on each update; nil leaves it as set.
    public var progressDataSource: (() -> Double)?

    public override class var typeName: String { "ProgressView" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.progressbar] }
    public override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        states.valueNow = progress
        states.valueMin = 0
        states.valueMax = 1
        states.valueText = "\(Int((progress * 100).rounded()))%"
        return states
    }
    public override class var summary: String { "A progress bar, from 0 to 1." }
    public override class var primaryProperty: String { "progress" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = viewProperties + [.double("progress", \ProgressView.progress) { $0.progress }]

    public override func fillUI() {
        super.fillUI()
        if let progressDataSource { progress = progressDataSource() }
    }
}
