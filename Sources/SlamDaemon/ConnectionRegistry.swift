import NIOCore

/// The open client channels, so shutdown can flush and close each one.
final class ConnectionRegistry {
    private(set) var channels: [Int: Channel] = [:]

    func add(_ identifier: Int, channel: Channel) { channels[identifier] = channel }
    func remove(_ identifier: Int) { channels[identifier] = nil }
}
