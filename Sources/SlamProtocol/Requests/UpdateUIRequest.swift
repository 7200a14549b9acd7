/// `updateUI {ref?, controller?}` → which elements changed what users see.
public struct UpdateUIRequest: RefreshRequest {
    public static let method = "updateUI"
    public static let summary = "Pulls every data source of the controller (or of the subtree at `ref`) and reports which elements changed."

    public var ref: ElementLocator?
    public var controller: String?

    public init(ref: ElementLocator? = nil, controller: String? = nil) {
        self.ref = ref
        self.controller = controller
    }
}
