/// What a button does, as renderers show it: a plain action, the cancel action
/// (Escape presses it on an alert), or one that destroys something.
public enum ButtonStyle: String, CaseIterable, Hashable, Sendable {
    case normal
    case cancel
    case destructive
}
