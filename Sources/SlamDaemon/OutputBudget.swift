/// The daemon-wide bound on output its clients leave unread: past it, the connection
/// with the most unread output is cut off first, until the total is back under it.
///
/// Each connection is also bounded on its own (`--max-unread-bytes`), but sixty
/// subscribers that never read, each just under that bound, would still hold
/// gigabytes; this is the bound on their sum (`--max-total-unread-bytes`).
///
/// Connections report what they have buffered when they write (``report(_:bufferedBytes:)``);
/// the sum of those reports can only overstate the truth (output drains between
/// writes), so when it passes the limit the budget asks every connection for its
/// real figure before cutting anyone off. Lives on the daemon's event loop.
final class OutputBudget {
    /// The bound on all connections' unread output together, in bytes.
    let maximumTotalBytes: Int
    private var connections: [ObjectIdentifier: OutputLimitHandler] = [:]
    /// The sum of every connection's ``OutputLimitHandler/reportedBytes``.
    private(set) var reportedTotal = 0

    init(maximumTotalBytes: Int) {
        self.maximumTotalBytes = maximumTotalBytes
    }

    func add(_ connection: OutputLimitHandler) {
        connections[ObjectIdentifier(connection)] = connection
    }

    /// Forgets a connection that has gone or was cut off.
    func remove(_ connection: OutputLimitHandler) {
        guard connections.removeValue(forKey: ObjectIdentifier(connection)) != nil else { return }
        reportedTotal -= connection.reportedBytes
        connection.reportedBytes = 0
    }

    /// `connection` now has `bufferedBytes` unread; cuts off the largest consumers while the total is over the bound.
    func report(_ connection: OutputLimitHandler, bufferedBytes: Int) {
        reportedTotal += bufferedBytes - connection.reportedBytes
        connection.reportedBytes = bufferedBytes
        guard reportedTotal > maximumTotalBytes else { return }
        // Ask everyone for the real figure: what was reported earlier may have drained since.
        reportedTotal = 0
        for connection in connections.values {
            connection.reportedBytes = connection.bufferedBytes
            reportedTotal += connection.reportedBytes
        }
        while reportedTotal > maximumTotalBytes, let largest = connections.values.max(by: { $0.reportedBytes < $1.reportedBytes }) {
            let bytes = largest.reportedBytes
            remove(largest)
            largest.cutOff(reason: """
                that left \(bytes) bytes unread, the most of all clients, which together left more than \
                \(maximumTotalBytes) (--max-total-unread-bytes)
                """)
        }
    }
}
