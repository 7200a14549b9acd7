import SlamJSON
import SlamProtocol
import SlamRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A blocking connection to `slamd`: call methods, send batches, read notifications.
///
/// Plain POSIX sockets and no event loop, so a command-line client starts in
/// milliseconds. Notifications that arrive while waiting for a response are kept
/// in order for ``nextNotification(timeoutMilliseconds:)``.
///
/// ```swift
/// let connection = try SlamConnection(socketPath: "/run/user/1000/slam/slamd.sock")
/// let snapshot = try connection.call("press", ["ref": "increment"])
/// ```
public final class SlamConnection {
    /// The Unix socket this connection is connected to.
    public let socketPath: String
    /// How messages are delimited on the socket (must match the daemon's).
    public let framing: Framing
    /// How long a call waits for its response; nil waits forever.
    public var timeoutMilliseconds: Int?

    private var descriptor: Int32
    private var decoder: FrameDecoder
    private let encoder: FrameEncoder
    private var nextID: Int64 = 0
    private var pendingNotifications: [Notification] = []
    /// Responses that arrived for ids other than the one being waited for.
    private var strayResponses: [RequestID: Response] = [:]

    /// Connects to the daemon at `socketPath`; `timeoutMilliseconds` bounds every call (nil waits forever).
    ///
    /// - Throws: ``ClientError/cannotConnect(path:errno:)`` when nobody listens at `socketPath`.
    public init(socketPath: String, framing: Framing = .newlineDelimited, timeoutMilliseconds: Int? = 30_000) throws(ClientError) {
        self.socketPath = socketPath
        self.framing = framing
        self.timeoutMilliseconds = timeoutMilliseconds
        self.decoder = FrameDecoder(framing: framing, maximumMessageBytes: 1 << 30)
        self.encoder = FrameEncoder(framing: framing)
        descriptor = try UnixSocket.connect(to: socketPath)
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// The socket, for a caller that polls it beside other descriptors (`slamctl ui`):
    /// when it is readable, or after any call, take what arrived with
    /// ``nextNotification(timeoutMilliseconds:)`` and a timeout of 0 until it times out.
    public var fileDescriptor: Int32 { descriptor }

    /// Closes the connection; later calls fail with ``ClientError/connectionClosed``.
    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Closes the sending side only (`shutdown(SHUT_WR)`), as `socat` or `nc -N`
    /// do at the end of their input: the daemon answers everything it owes, then
    /// closes. Replies are still read as usual; after the last one, reading
    /// throws ``ClientError/connectionClosed``.
    public func shutdownWriting() throws(ClientError) {
        guard descriptor >= 0 else { throw .connectionClosed }
        if shutdown(descriptor, Int32(SHUT_WR)) != 0 { throw .system(call: "shutdown", errno: errno) }
    }

    // MARK: - Calls

    /// Calls `method` with params by name and returns its result.
    ///
    /// - Throws: ``ClientError/server(_:)`` with the daemon's error, or a transport error.
    @discardableResult
    public func call(_ method: String, _ params: JSONValue.Object? = nil) throws(ClientError) -> JSONValue {
        let response = try request(method, params: params.map { Parameters.byName($0) })
        switch response.outcome {
        case .success(let result): return result
        case .failure(let error): throw .server(error)
        }
    }

    /// Sends a typed request and returns its typed result.
    ///
    /// - Throws: ``ClientError/server(_:)`` with the daemon's error, or a transport error.
    @discardableResult
    public func send<Request: SlamRequest>(_ request: Request) throws(ClientError) -> Request.Result {
        try Self.decode(Request.self, call(Request.method, request.params))
    }

    /// Sends a request and waits for its response (result or error).
    ///
    /// A `waitFor` may take as long as its `timeoutMs` in the daemon before it
    /// answers, so its response is given that much longer than
    /// ``timeoutMilliseconds``: a long wait ends with the daemon's -32008 and the
    /// last snapshot, not with a client-side ``ClientError/timedOut(milliseconds:)``.
    public func request(_ method: String, params: Parameters? = nil) throws(ClientError) -> Response {
        let id = makeID()
        try send(Request(id: id, method: method, params: params).jsonValue)
        let allowance = Self.millisecondsTheDaemonMayHold(method, params)
        return try response(for: id, timeoutMilliseconds: timeoutMilliseconds.map { $0 + allowance })
    }

    /// How long the daemon may legitimately hold the answer to `method`: a
    /// `waitFor`'s `timeoutMs` (its default when absent), an acting request's
    /// `timeoutMs` (0 when absent); 0 otherwise. The parameter's name, position
    /// and default come from the request types.
    static func millisecondsTheDaemonMayHold(_ method: String, _ params: Parameters?) -> Int {
        let name = WaitForRequest.timeoutParameter
        let position: Int?
        let fallback: Int
        switch method {
        case WaitForRequest.method:
            position = WaitForRequest.parameters.position(of: name)
            fallback = WaitForRequest.defaultTimeoutMilliseconds
        case PressRequest.method: (position, fallback) = (PressRequest.parameters.position(of: name), 0)
        case SetTextRequest.method: (position, fallback) = (SetTextRequest.parameters.position(of: name), 0)
        case TypeTextRequest.method: (position, fallback) = (TypeTextRequest.parameters.position(of: name), 0)
        case FocusRequest.method: (position, fallback) = (FocusRequest.parameters.position(of: name), 0)
        case KeyRequest.method: (position, fallback) = (KeyRequest.parameters.position(of: name), 0)
        default: return 0
        }
        let timeout: JSONValue?
        switch params {
        case .byName(let object)?: timeout = object[name]
        case .byPosition(let values)?:
            timeout = position.flatMap { values.count > $0 ? values[$0] : nil }
        case nil: timeout = nil
        }
        guard let timeout, timeout != .null else { return fallback }
        guard case .integer(let milliseconds) = timeout else { return 0 }  // the daemon refuses it at once
        return Int(clamping: max(0, milliseconds))
    }

    /// Reads a typed result, or reports a result that is not what the method promises.
    static func decode<Request: SlamRequest>(_ type: Request.Type, _ result: JSONValue) throws(ClientError) -> Request.Result {
        do {
            return try Request.Result(json: result)
        } catch {
            throw .protocolViolation("\(Request.method): \(error.message)")
        }
    }

    /// Sends a notification: no response will come.
    public func notify(_ method: String, _ params: JSONValue.Object? = nil) throws(ClientError) {
        try send(Notification(method: method, params: params.map { .byName($0) }).jsonValue)
    }

    /// Sends requests as one batch; returns their responses in request order.
    ///
    /// The reply comes once every call is answered, so it is given the `timeoutMs`
    /// of every `waitFor` in it on top of ``timeoutMilliseconds``.
    public func batch(_ calls: [(method: String, params: JSONValue.Object?)]) throws(ClientError) -> [Response] {
        let requests = calls.map { Request(id: makeID(), method: $0.method, params: $0.params.map { .byName($0) }) }
        try send(.array(requests.map(\.jsonValue)))
        let allowance = requests.reduce(0) { $0 + Self.millisecondsTheDaemonMayHold($1.method, $1.params) }
        let timeout = timeoutMilliseconds.map { $0 + allowance }
        var responses: [RequestID: Response] = [:]
        while responses.count < requests.count {
            let message = try nextMessage(timeoutMilliseconds: timeout)
            guard case .array(let items) = message else {
                // A single error object answers a batch the daemon could not read at all.
                if let response = try? Message(jsonValue: message), case .response(let single) = response {
                    throw .server(single.outcome.failureValue ?? .internalError("unexpected single response to a batch"))
                }
                try keep(message)
                continue
            }
            for item in items {
                guard case .response(let response)? = try? Message(jsonValue: item) else {
                    throw .protocolViolation("a batch reply holds a non-response: \(item)")
                }
                responses[response.id] = response
            }
        }
        return try requests.map { request throws(ClientError) in
            guard let response = responses[request.id] else { throw .protocolViolation("no response for id \(request.id)") }
            return response
        }
    }

    /// Writes raw bytes as they are (no framing added): for tests of hostile input.
    public func sendRaw(_ bytes: [UInt8]) throws(ClientError) {
        try writeAll(bytes)
    }

    /// Sends one JSON value, framed.
    public func send(_ value: JSONValue) throws(ClientError) {
        let body: [UInt8]
        do {
            body = try JSONSerializer().serialize(value)
        } catch {
            throw .protocolViolation("cannot serialize the request: \(error)")
        }
        try writeAll(encoder.encode(body))
    }

    // MARK: - Reading

    /// The next notification, waiting up to `timeoutMilliseconds` (nil: the connection's timeout).
    public func nextNotification(timeoutMilliseconds: Int? = nil) throws(ClientError) -> Notification {
        if !pendingNotifications.isEmpty { return pendingNotifications.removeFirst() }
        while true {
            let message = try nextMessage(timeoutMilliseconds: timeoutMilliseconds ?? self.timeoutMilliseconds)
            try keep(message)
            if !pendingNotifications.isEmpty { return pendingNotifications.removeFirst() }
        }
    }

    /// Notifications received so far and not yet taken, oldest first.
    public func takeNotifications() -> [Notification] {
        defer { pendingNotifications.removeAll() }
        return pendingNotifications
    }

    /// The next whole message from the daemon, parsed.
    public func nextMessage(timeoutMilliseconds: Int? = nil) throws(ClientError) -> JSONValue {
        let timeout = timeoutMilliseconds ?? self.timeoutMilliseconds
        while true {
            if let event = decoder.next() {
                guard case .message(let body) = event else {
                    throw .protocolViolation("unreadable frame")
                }
                do {
                    return try JSONParser().parse(body)
                } catch {
                    throw .protocolViolation("invalid JSON: \(error)")
                }
            }
            try readSome(timeoutMilliseconds: timeout)
        }
    }

    private func response(for id: RequestID, timeoutMilliseconds: Int?) throws(ClientError) -> Response {
        if let response = strayResponses.removeValue(forKey: id) { return response }
        while true {
            let message = try nextMessage(timeoutMilliseconds: timeoutMilliseconds)
            if case .response(let response)? = try? Message(jsonValue: message) {
                if response.id == id { return response }
                // An error about an unreadable message has id null: it answers what we sent.
                if response.id == .null { return response }
                strayResponses[response.id] = response
                continue
            }
            try keep(message)
        }
    }

    private func keep(_ message: JSONValue) throws(ClientError) {
        switch try? Message(jsonValue: message) {
        case .notification(let notification)?:
            pendingNotifications.append(notification)
        case .response(let response)?:
            strayResponses[response.id] = response
        default:
            throw .protocolViolation("\(message)")
        }
    }

    private func makeID() -> RequestID {
        nextID += 1
        return .integer(nextID)
    }

    private func writeAll(_ bytes: [UInt8]) throws(ClientError) {
        try UnixSocket.writeAll(descriptor, bytes)
    }

    private func readSome(timeoutMilliseconds: Int?) throws(ClientError) {
        guard descriptor >= 0 else { throw .connectionClosed }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(timeoutMilliseconds ?? -1))
        if ready == 0 { throw .timedOut(milliseconds: timeoutMilliseconds ?? 0) }
        if ready < 0 {
            if errno == EINTR { return }
            throw .system(call: "poll", errno: errno)
        }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw .connectionClosed }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            if errno == ECONNRESET { throw .connectionClosed }
            throw .system(call: "recv", errno: errno)
        }
        decoder.append(buffer[0..<count])
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
