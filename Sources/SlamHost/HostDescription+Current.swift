import Synchronization

extension HostDescription {
    private static let storage = Mutex<HostDescription?>(nil)

    /// The program being hosted: set once by ``SlamHost`` before the command line is read
    /// (swift-argument-parser reads the command's name and texts from static members).
    static var current: HostDescription {
        get {
            guard let host = storage.withLock({ $0 }) else { fatalError("SlamHost.main sets the host before reading the command line") }
            return host
        }
        set { storage.withLock { $0 = newValue } }
    }
}
