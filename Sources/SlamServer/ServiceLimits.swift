import SlamProtocol

/// The bounds a ``SlamService`` keeps on what clients make it hold, per connection and in all.
///
/// A request that would pass one is refused with -32017 *Limit reached* (``check(_:holding:adding:)``),
/// naming the limit, its bound and the `slamd` option that sets it; what was already held is kept, and
/// a slot is free again as soon as a wait is answered, times out or its connection goes, a task
/// name is unregistered, or a held request runs. The defaults are far above what a test suite or a person uses (a wait or an
/// action costs about 1.5 KiB, a template wait about 4 KiB, a task name about 0.5 KiB, and every UI
/// change judges every pending wait), and low enough that one client cannot make the daemon slow or
/// large for the others.
public struct ServiceLimits: Sendable, Equatable {
    /// Pending `waitFor`s and acting requests waiting for their element (`timeoutMs`), per connection.
    public var pendingWaitsPerConnection: Int
    /// Pending `waitFor`s and waiting actions of all connections together.
    public var pendingWaits: Int
    /// Task names one connection runs (`tasks.register`).
    public var registeredTasksPerConnection: Int
    /// Task names all connections run together.
    public var registeredTasks: Int
    /// Characters of the regular expressions (`textMatches`, a template's `/…/` strings) one connection's
    /// pending waits hold compiled: a compiled pattern weighs about half a kilobyte a character.
    public var pendingPatternCharactersPerConnection: Int
    /// The same for all connections together.
    public var pendingPatternCharacters: Int
    /// The steps one connection's pending waits' patterns may take, in the worst case, on one element's text
    /// (``SlamProtocol/BoundedPattern/worstCaseSteps``, added up): every change judges every pending wait.
    public var pendingPatternStepsPerConnection: Int
    /// The same for all connections together: what bounds the time patterns may take after each change.
    public var pendingPatternSteps: Int
    /// Requests one connection sent behind its own pending ones, held until those are answered.
    public var heldRequestsPerConnection: Int
    /// The bytes of the requests held for all connections together.
    public var heldRequestBytes: Int
    /// Instances open besides `main` (`instance.create`): each is a whole application, some hundreds of kilobytes.
    public var instances: Int

    public static let defaultPendingWaitsPerConnection = 1_000
    public static let defaultPendingWaits = 4_000
    public static let defaultRegisteredTasksPerConnection = 1_000
    public static let defaultRegisteredTasks = 10_000
    public static let defaultPendingPatternCharactersPerConnection = 20_000
    public static let defaultPendingPatternCharacters = 200_000
    public static let defaultPendingPatternStepsPerConnection = 1_000_000
    public static let defaultPendingPatternSteps = 4_000_000
    public static let defaultHeldRequestsPerConnection = 1_000
    public static let defaultHeldRequestBytes = 64 << 20
    public static let defaultInstances = 256

    public init(pendingWaitsPerConnection: Int = defaultPendingWaitsPerConnection, pendingWaits: Int = defaultPendingWaits,
                registeredTasksPerConnection: Int = defaultRegisteredTasksPerConnection, registeredTasks: Int = defaultRegisteredTasks,
                pendingPatternCharactersPerConnection: Int = defaultPendingPatternCharactersPerConnection,
                pendingPatternCharacters: Int = defaultPendingPatternCharacters,
                pendingPatternStepsPerConnection: Int = defaultPendingPatternStepsPerConnection,
                pendingPatternSteps: Int = defaultPendingPatternSteps,
                heldRequestsPerConnection: Int = defaultHeldRequestsPerConnection,
                heldRequestBytes: Int = defaultHeldRequestBytes, instances: Int = defaultInstances) {
        self.pendingWaitsPerConnection = pendingWaitsPerConnection
        self.pendingWaits = pendingWaits
        self.registeredTasksPerConnection = registeredTasksPerConnection
        self.registeredTasks = registeredTasks
        self.pendingPatternCharactersPerConnection = pendingPatternCharactersPerConnection
        self.pendingPatternCharacters = pendingPatternCharacters
        self.pendingPatternStepsPerConnection = pendingPatternStepsPerConnection
        self.pendingPatternSteps = pendingPatternSteps
        self.heldRequestsPerConnection = heldRequestsPerConnection
        self.heldRequestBytes = heldRequestBytes
        self.instances = instances
    }

    /// The bound of `limit`.
    public subscript(limit: Limit) -> Int {
        switch limit {
        case .pendingWaitsPerConnection: pendingWaitsPerConnection
        case .pendingWaits: pendingWaits
        case .registeredTasksPerConnection: registeredTasksPerConnection
        case .registeredTasks: registeredTasks
        case .pendingPatternCharactersPerConnection: pendingPatternCharactersPerConnection
        case .pendingPatternCharacters: pendingPatternCharacters
        case .pendingPatternStepsPerConnection: pendingPatternStepsPerConnection
        case .pendingPatternSteps: pendingPatternSteps
        case .heldRequestsPerConnection: heldRequestsPerConnection
        case .heldRequestBytes: heldRequestBytes
        case .instances: instances
        }
    }

    /// One of the bounds; its raw value is the stable name -32017's `data.limit` gives.
    public enum Limit: String, Sendable, CaseIterable {
        case pendingWaitsPerConnection, pendingWaits, registeredTasksPerConnection, registeredTasks
        case pendingPatternCharactersPerConnection, pendingPatternCharacters
        case pendingPatternStepsPerConnection, pendingPatternSteps
        case heldRequestsPerConnection, heldRequestBytes
        case instances

        /// The `slamd` option that sets it (`data.option`).
        public var option: String {
            switch self {
            case .pendingWaitsPerConnection: "--max-pending-waits-per-connection"
            case .pendingWaits: "--max-pending-waits"
            case .registeredTasksPerConnection: "--max-registered-tasks-per-connection"
            case .registeredTasks: "--max-registered-tasks"
            case .pendingPatternCharactersPerConnection: "--max-pending-pattern-characters-per-connection"
            case .pendingPatternCharacters: "--max-pending-pattern-characters"
            case .pendingPatternStepsPerConnection: "--max-pending-pattern-steps-per-connection"
            case .pendingPatternSteps: "--max-pending-pattern-steps"
            case .heldRequestsPerConnection: "--max-held-requests-per-connection"
            case .heldRequestBytes: "--max-held-request-bytes"
            case .instances: "--max-instances"
            }
        }

        /// `connection` or `daemon` (`data.scope`).
        public var scope: String {
            switch self {
            case .pendingWaitsPerConnection, .registeredTasksPerConnection, .pendingPatternCharactersPerConnection,
                 .pendingPatternStepsPerConnection, .heldRequestsPerConnection: "connection"
            case .pendingWaits, .registeredTasks, .pendingPatternCharacters, .pendingPatternSteps, .heldRequestBytes, .instances: "daemon"
            }
        }

        /// What is counted, in the plural, for the message.
        var counted: String {
            switch self {
            case .pendingWaitsPerConnection, .pendingWaits: "pending waits and actions"
            case .registeredTasksPerConnection, .registeredTasks: "registered task names"
            case .pendingPatternCharactersPerConnection, .pendingPatternCharacters: "characters of regular expressions in pending waits"
            case .pendingPatternStepsPerConnection, .pendingPatternSteps: "worst-case steps of regular expressions in pending waits"
            case .heldRequestsPerConnection: "requests held behind its pending ones"
            case .heldRequestBytes: "bytes of requests held behind pending ones"
            case .instances: "instances open besides main"
            }
        }

        /// What the client can do about it, for the message.
        var advice: String {
            switch self {
            case .pendingWaitsPerConnection: "wait on fewer conditions at once, or let some be answered first"
            case .pendingWaits: "try again once some are answered"
            case .registeredTasksPerConnection: "register fewer names, or unregister some first"
            case .registeredTasks: "try again once some are unregistered"
            case .pendingPatternCharactersPerConnection: "use shorter patterns, or let some waits be answered first"
            case .pendingPatternCharacters: "try again once some waits are answered"
            case .pendingPatternStepsPerConnection: "use simpler or anchored patterns (fewer quantifiers), or let some waits be answered first"
            case .pendingPatternSteps: "try again once some waits are answered"
            case .heldRequestsPerConnection: "send fewer requests behind a pending wait or action, or wait for its reply first"
            case .heldRequestBytes: "try again once the pending requests ahead of them are answered"
            case .instances: "close some first (instance.close), or start slamd with a higher --max-instances"
            }
        }
    }
}
