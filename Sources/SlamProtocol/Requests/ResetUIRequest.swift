/// `resetUI {ref?, controller?}` → which elements changed: reloads data-heavy elements, then fills.
public struct ResetUIRequest: RefreshRequest {
    public static let method = "resetUI"
    public static let summary = "Reloads tables and text views, fills every element of the controller (or of the subtree at `ref`), and reports which changed."

    public var ref: ElementLocator?
    public var controller: String?

    public init(ref: ElementLocator? = nil, controller: String? = nil) {
        self.ref = ref
        self.controller = controller
    }
}
