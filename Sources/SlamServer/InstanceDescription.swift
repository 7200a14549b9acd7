/// Which instance of the daemon a ``SlamService`` is, and what it hosts.
public struct InstanceDescription: Sendable, Equatable {
    /// `main` for the instance the daemon started with, `i1`, `i2` … for those `instance.create` made.
    public var handle: String
    /// `launched`, `demo`, or `storyboard` (see ``SlamInstances/Applications``).
    public var app: String
    /// The storyboard file it was made from, when `app` is `storyboard`.
    public var storyboard: String?
    /// What its creator called it.
    public var label: String?
    /// The connection that made it; nil for `main`.
    public var createdBy: Int?

    public init(handle: String, app: String, storyboard: String? = nil, label: String? = nil, createdBy: Int? = nil) {
        self.handle = handle
        self.app = app
        self.storyboard = storyboard
        self.label = label
        self.createdBy = createdBy
    }

    /// The instance a daemon starts with, hosting what it was launched with.
    public static let main = InstanceDescription(handle: SlamInstances.mainHandle, app: SlamInstances.launchedApp)
}
