import SlamJSON

/// Where the server's messages for one incoming message go: a process's standard output, or
/// one HTTP response (a JSON body or an event stream).
///
/// A response ends what the server sends for a request, except for a subscription, whose
/// notifications go on until the subscription ends.
public protocol MCPOutput: Sendable {
    /// Sends one JSON-RPC message (a response or a notification).
    func send(_ message: JSONValue)
}
