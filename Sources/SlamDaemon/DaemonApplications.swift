import SlamUI

/// What a daemon's clients may make instances of (`instance.create`) besides the application it serves.
public struct DaemonApplications: Sendable {
    /// Applications by name (`instance.create {app}`), such as slamd's `demo`.
    public var named: [String: SlamDaemon.ApplicationFactory]
    /// Makes the application of a storyboard file (`instance.create {storyboard}`); nil: none.
    public var storyboard: (@Sendable (String) throws -> Application)?

    public init(named: [String: SlamDaemon.ApplicationFactory] = [:], storyboard: (@Sendable (String) throws -> Application)? = nil) {
        self.named = named
        self.storyboard = storyboard
    }
}
