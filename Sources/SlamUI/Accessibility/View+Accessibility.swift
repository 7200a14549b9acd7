/// What assistive technology, role locators and snapshots learn about an element beyond its role
/// and states (``View/accessibilityRole``, ``View/accessibilityStates``).
extension View {
    /// The element's accessible name, computed as WAI-ARIA does: an explicit ``accessibilityLabel``
    /// wins; else the element's own text (``accessibleContentName``); else "".
    public var accessibleName: String {
        accessibilityLabel ?? accessibleContentName ?? ""
    }

    /// The element's accessible description: an explicit ``accessibilityDescription``, else what its
    /// content says beyond its name (an alert's message); nil for none.
    public var accessibleDescription: String? {
        accessibilityDescription ?? accessibleContentDescription
    }
}
