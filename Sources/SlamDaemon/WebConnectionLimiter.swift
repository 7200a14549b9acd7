import NIOCore

/// Bounds the web port's plain HTTP connections (those not yet upgraded to a
/// WebSocket session): at most ``maximumConnections`` in all, and at most
/// ``maximumUnservedConnections`` that have not yet sent one whole request head.
///
/// A new connection past either bound makes room by closing the oldest connection
/// of that kind (for the bound in all, an unserved one first): so a local process
/// that opens a thousand connections and sends half a request head on each can
/// neither exhaust the daemon's file descriptors nor lock out the next browser,
/// which always gets in at the cost of the oldest idle connection. Upgraded
/// WebSocket sessions are not counted: they carry the token. Lives on the loop.
final class WebConnectionLimiter {
    let maximumConnections: Int
    let maximumUnservedConnections: Int

    private struct Entry {
        let identifier: UInt64
        weak var channel: Channel?
        var isServed: Bool
    }

    /// Oldest first.
    private var entries: [Entry] = []
    private var nextIdentifier: UInt64 = 0
    private let refusals: RefusalLog

    init(maximumConnections: Int, maximumUnservedConnections: Int, refusals: RefusalLog) {
        self.maximumConnections = maximumConnections
        self.maximumUnservedConnections = maximumUnservedConnections
        self.refusals = refusals
    }

    /// The number of connections counted now, and how many of them have not been served.
    var counts: (all: Int, unserved: Int) { (entries.count, entries.count { !$0.isServed }) }

    /// Counts a new connection, closing the oldest ones it displaces; returns its identifier.
    func add(_ channel: Channel) -> UInt64 {
        var unserved = entries.count { !$0.isServed }
        if unserved >= maximumUnservedConnections {
            dropOldest(where: { !$0.isServed }, count: unserved - maximumUnservedConnections + 1, reason: """
                more than \(maximumUnservedConnections) web connections had sent no whole request (--max-web-unserved)
                """, on: channel.eventLoop)
            unserved = maximumUnservedConnections - 1
        }
        if entries.count >= maximumConnections {
            let excess = entries.count - maximumConnections + 1
            let fromUnserved = min(excess, unserved)
            dropOldest(where: { !$0.isServed }, count: fromUnserved, reason: """
                more than \(maximumConnections) web connections were open (--max-web-connections)
                """, on: channel.eventLoop)
            dropOldest(where: { _ in true }, count: excess - fromUnserved, reason: """
                more than \(maximumConnections) web connections were open (--max-web-connections)
                """, on: channel.eventLoop)
        }
        nextIdentifier += 1
        entries.append(Entry(identifier: nextIdentifier, channel: channel, isServed: false))
        return nextIdentifier
    }

    /// The connection sent a whole request head.
    func markServed(_ identifier: UInt64) {
        guard let index = entries.firstIndex(where: { $0.identifier == identifier }) else { return }
        entries[index].isServed = true
    }

    /// The connection closed or became a WebSocket session.
    func remove(_ identifier: UInt64) {
        entries.removeAll { $0.identifier == identifier }
    }

    /// Closes up to `count` of the oldest connections (unserved ones first): the daemon is out of descriptors.
    /// Returns how many it closed.
    @discardableResult
    func shed(_ count: Int, on eventLoop: EventLoop) -> Int {
        let unserved = dropOldest(where: { !$0.isServed }, count: count, reason: "the daemon ran out of file descriptors",
                                  on: eventLoop)
        return unserved + dropOldest(where: { _ in true }, count: count - unserved,
                                     reason: "the daemon ran out of file descriptors", on: eventLoop)
    }

    @discardableResult
    private func dropOldest(where predicate: (Entry) -> Bool, count: Int, reason: String, on eventLoop: EventLoop) -> Int {
        guard count > 0 else { return 0 }
        var dropped: [Channel] = []
        entries.removeAll { entry in
            guard dropped.count < count, predicate(entry) else { return false }
            if let channel = entry.channel { dropped.append(channel) }
            return true
        }
        for channel in dropped { channel.close(promise: nil) }
        if !dropped.isEmpty {
            refusals.log("web connections dropped", on: eventLoop, "closed \(dropped.count) oldest web connection(s): \(reason)")
        }
        return dropped.count
    }
}
