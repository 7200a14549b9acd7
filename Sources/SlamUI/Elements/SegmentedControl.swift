/// A segmented control (the seed's `SlamSegmentedControl`): labels from
/// ``labelArrayDataSource`` (their count is the number of segments), the
/// selected segment (zero-based) from ``currentSegmentDataSource``.
///
/// The selection is nil (none) or an index into ``segments``; one outside is
/// treated as none. A press with `.index(n)` selects segment `n`.
public final class SegmentedControl: InteractiveControl, FocusableView {
    /// The segments' labels, in order; set statically or by ``labelArrayDataSource``.
    public var segments: [String] = [] {
        didSet {
            if !oldValue.isExactly(segments) { markChanged() }
            if let selectedSegment, !segments.indices.contains(selectedSegment) { self.selectedSegment = nil }
        }
    }
    /// The selected segment (zero-based), nil for none; an index outside ``segments`` becomes nil.
    public var selectedSegment: Int? {
        didSet {
            if let selectedSegment, !segments.indices.contains(selectedSegment) { self.selectedSegment = nil }
            if oldValue != selectedSegment { markChanged() }
        }
    }
    /// Computes ``selectedSegment`` on each update (nil for none); a nil closure leaves it as set.
    public var currentSegmentDataSource: (() -> Int?)?
    /// Computes ``segments`` on each update (read before the selection); nil leaves them as set.
    public var labelArrayDataSource: (() -> [String])?

    public override class var typeName: String { "SegmentedControl" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.radiogroup] }
    /// A `radio` per segment, the selected one checked.
    public override var accessibilityParts: [AccessibilityNode] {
        segments.enumerated().map { index, segment in
            var states = AccessibilityStates()
            states.checked = index == selectedSegment
            return AccessibilityNode(role: .radio, name: segment, states: states)
        }
    }
    public override class var summary: String { "A row of segments, one of them selected." }
    public override class var pressValues: [PressValueKind] { [.index] }
    public override class var handledKeys: [Key] { [.arrowLeft, .arrowRight] }
    public override class var primaryProperty: String { "selectedSegment" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["selectedSegment"] }
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [
        .strings("segments", \SegmentedControl.segments) { $0.segments },
        .optionalInteger("selectedSegment", \SegmentedControl.selectedSegment) { $0.selectedSegment },
    ]

    public override func fillUI() {
        super.fillUI()
        if let labelArrayDataSource { segments = labelArrayDataSource() }
        if let currentSegmentDataSource { selectedSegment = currentSegmentDataSource() }
    }

    /// Left and Right select the previous and next segment (stopping at the ends).
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard key == .arrowLeft || key == .arrowRight, !segments.isEmpty else { return false }
        let target = selectedSegment.map { $0 + (key == .arrowRight ? 1 : -1) } ?? 0
        if segments.indices.contains(target), target != selectedSegment { try press(.index(target)) }
        return true
    }

    public override func applyPress(_ value: PressValue?) throws(SlamError) {
        guard case .index(let segment)? = value else {
            throw .invalidPress(reference: referenceOrPath, reason: "a SegmentedControl takes a segment index")
        }
        guard segments.indices.contains(segment) else {
            throw .invalidPress(reference: referenceOrPath, reason: "segment \(segment) is outside 0..<\(segments.count)")
        }
        selectedSegment = segment
    }
}
