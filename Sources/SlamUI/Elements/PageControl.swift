/// A row of page dots (the seed's `SlamPageControl`): the current page (zero-based)
/// from ``currentPageDataSource``, the page count from ``maxPageDataSource``;
/// either may be nil and the value set directly.
///
/// The current page always lies in `0..<numberOfPages` (0 when there are no pages).
/// A press with `.index(n)` moves to page `n`; a press without value moves to the
/// next page, wrapping around.
public final class PageControl: InteractiveControl, FocusableView {
    /// The page shown (zero-based), kept inside `0..<numberOfPages`; set by code, ``currentPageDataSource`` or a user.
    public var currentPage = 0 {
        didSet {
            let clamped = Self.clamp(currentPage, count: numberOfPages)
            if clamped != currentPage { currentPage = clamped }
            if oldValue != currentPage { markChanged() }
        }
    }
    /// How many pages there are (never negative); set statically or by ``maxPageDataSource``.
    public var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            if oldValue != numberOfPages { markChanged() }
            currentPage = Self.clamp(currentPage, count: numberOfPages)
        }
    }
    /// Computes ``currentPage`` on each update; nil leaves it as set.
    public var currentPageDataSource: (() -> Int)?
    /// Computes ``numberOfPages`` on each update (read before the current page); nil leaves it as set.
    public var maxPageDataSource: (() -> Int)?

    public override class var typeName: String { "PageControl" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.slider] }
    public override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        guard numberOfPages > 0 else { return states }
        states.valueNow = Double(currentPage + 1)
        states.valueMin = 1
        states.valueMax = Double(numberOfPages)
        states.valueText = "Page \(currentPage + 1) of \(numberOfPages)"
        return states
    }
    public override class var summary: String { "A row of page dots: the current page of a number of pages." }
    public override class var pressValues: [PressValueKind] { [.none, .index] }
    public override class var handledKeys: [Key] { [.arrowLeft, .arrowRight] }
    public override class var primaryProperty: String { "currentPage" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["currentPage"] }
    // numberOfPages before currentPage, so a storyboard's page is clamped to its own count.
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [
        .integer("numberOfPages", \PageControl.numberOfPages) { $0.numberOfPages },
        .integer("currentPage", \PageControl.currentPage) { $0.currentPage },
    ]

    public override func fillUI() {
        super.fillUI()
        if let maxPageDataSource { numberOfPages = maxPageDataSource() }
        if let currentPageDataSource { currentPage = currentPageDataSource() }
    }

    /// Left and Right show the previous and next page (stopping at the ends).
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard key == .arrowLeft || key == .arrowRight, numberOfPages > 0 else { return false }
        let target = currentPage + (key == .arrowRight ? 1 : -1)
        if (0..<numberOfPages).contains(target) { try press(.index(target)) }
        return true
    }

    public override func applyPress(_ value: PressValue?) throws(SlamError) {
        switch value {
        case nil:
            if numberOfPages > 0 { currentPage = (currentPage + 1) % numberOfPages }
        case .index(let page)? where (0..<numberOfPages).contains(page):
            currentPage = page
        case .index(let page)?:
            throw .invalidPress(reference: referenceOrPath, reason: "page \(page) is outside 0..<\(numberOfPages)")
        case let other?:
            throw .invalidPress(reference: referenceOrPath, reason: "a PageControl takes a page index, got \(other)")
        }
    }

    private static func clamp(_ page: Int, count: Int) -> Int {
        count == 0 ? 0 : min(max(page, 0), count - 1)
    }
}
