/// How a routed screen is shown.
public enum NavigationStyle: Hashable, Sendable {
    /// Pushed on the navigation stack.
    case push
    /// Presented modally (``Application/Presentation/isModal``).
    case modal
}
