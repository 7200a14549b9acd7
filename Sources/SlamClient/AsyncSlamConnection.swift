import SlamJSON
import SlamProtocol
import SlamRPC
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A connection to `slamd` for async code: many calls in flight at once from
/// any number of tasks, notifications as an `AsyncStream`, and tasks this
/// program runs for the daemon (``registerTask(_:timeoutMilliseconds:handler:)``).
///
/// A reader thread of its own takes every message off the socket as it comes,
/// so a task awaiting a slow `waitFor` never keeps notifications or other
/// replies waiting in the kernel. Requests are matched to responses by id.
///
/// ```swift
/// let connection = try AsyncSlamConnection(socketPath: path)
/// try await connection.send(SubscribeRequest(events: [.changed]))
/// async let saved = connection.send(WaitForRequest(ref: "status", property: "text", equals: "Saved"))
/// try await connection.send(PressRequest(ref: "save"))
/// for await event in connection.notifications { print(event.method) }
/// ```
public final class AsyncSlamConnection: Sendable {
    /// The Unix socket this connection is connected to.
    public let socketPath: String
    /// Notifications in arrival order; the stream ends when the connection closes.
    public let notifications: AsyncStream<Notification>
    /// How many notifications ``notifications`` has been given so far. Read after a reply, it counts every
    /// notification the daemon sent before that reply: a reader of the stream that has taken as many has seen them all.
    public var notificationsReceived: Int { core.state.withLock { $0.notificationsReceived } }
    let core: Core

    /// Connects and starts reading.
    ///
    /// - Throws: ``ClientError/cannotConnect(path:errno:)`` when nobody listens at `socketPath`.
    public init(socketPath: String, framing: Framing = .newlineDelimited) throws(ClientError) {
        self.socketPath = socketPath
        let descriptor = try UnixSocket.connect(to: socketPath)
        let (stream, sink) = AsyncStream<Notification>.makeStream()
        notifications = stream
        let (stateChanges, stateChangeSink) = AsyncStream<[StateHandlerCall]>.makeStream()
        core = Core(descriptor: descriptor, framing: framing, notificationSink: sink, stateChangeSink: stateChangeSink)
        Self.runStateHandlers(stateChanges)
        core.startReading()
    }

    deinit {
        core.close()
    }

    /// Closes the connection: pending calls fail with ``ClientError/connectionClosed``
    /// and ``notifications`` ends. Idempotent.
    public func close() {
        core.close()
    }

    /// Sends a request and waits for its response (result or error).
    public func request(_ method: String, params: Parameters? = nil) async throws(ClientError) -> Response {
        let id = core.makeID()
        try core.send(Request(id: id, method: method, params: params).jsonValue, expecting: [id])
        return try await core.response(for: id)
    }

    /// Calls `method` and returns its result.
    ///
    /// - Throws: ``ClientError/server(_:)`` with the daemon's error, or a transport error.
    @discardableResult
    public func call(_ method: String, _ params: JSONValue.Object? = nil) async throws(ClientError) -> JSONValue {
        let response = try await request(method, params: params.map { .byName($0) })
        switch response.outcome {
        case .success(let result): return result
        case .failure(let error): throw .server(error)
        }
    }

    /// Sends a typed request and returns its typed result.
    ///
    /// - Throws: ``ClientError/server(_:)`` with the daemon's error, or a transport error.
    @discardableResult
    public func send<Request: SlamRequest>(_ request: Request) async throws(ClientError) -> Request.Result {
        try SlamConnection.decode(Request.self, await call(Request.method, request.params))
    }

    /// Sends requests as one batch; returns their responses in request order.
    public func batch(_ calls: [(method: String, params: JSONValue.Object?)]) async throws(ClientError) -> [Response] {
        let requests = calls.map { Request(id: core.makeID(), method: $0.method, params: $0.params.map { .byName($0) }) }
        try core.send(.array(requests.map(\.jsonValue)), expecting: requests.map(\.id))
        var responses: [Response] = []
        for request in requests {
            responses.append(try await core.response(for: request.id))
        }
        return responses
    }

    /// Sends a notification: no response will come.
    public func notify(_ method: String, _ params: JSONValue.Object? = nil) throws(ClientError) {
        try core.send(Notification(method: method, params: params.map { .byName($0) }).jsonValue, expecting: [])
    }

    /// What runs a task for the daemon: it gets the run, and its result answers it (`runTask` hands
    /// it on as `result`); a thrown ``TaskError`` (or any error) fails the run with -32010.
    public typealias TaskHandler = @Sendable (TaskRunRequest) async throws -> JSONValue

    /// Makes this program run the task `name`: each time it runs (a press, `runTask`, a key, from
    /// any client), `handler` runs in a task of its own and what ran the task waits for its answer.
    ///
    /// The handler may call back on this connection meanwhile (the daemon answers those calls at
    /// once). The registration lasts until ``unregisterTasks(_:)`` or the connection closes.
    ///
    /// ```swift
    /// try await connection.registerTask("checkout") { run in
    ///     try await connection.send(StateSetRequest(key: "status", value: "Paid"))
    ///     return "paid \(run.param ?? "")"
    /// }
    /// ```
    ///
    /// - Throws: ``ClientError/server(_:)`` with -32016 when another connection or the application holds `name`.
    @discardableResult
    public func registerTask(_ name: String, timeoutMilliseconds: Int? = nil,
                             handler: @escaping TaskHandler) async throws(ClientError) -> TasksRegistered {
        // Installed first: a run may come the moment the daemon has registered the name.
        let previous = core.setHandler(handler, for: name)
        do {
            return try await send(TasksRegisterRequest(names: [name], timeoutMilliseconds: timeoutMilliseconds))
        } catch {
            core.restoreHandler(previous, for: name)
            throw error
        }
    }

    /// Stops running `names` (nil: every task this connection registered); runs already under way finish.
    @discardableResult
    public func unregisterTasks(_ names: [String]? = nil) async throws(ClientError) -> TasksUnregistered {
        let unregistered = try await send(TasksUnregisterRequest(names: names.map(TaskNames.init)))
        for name in unregistered.unregistered { core.restoreHandler(nil, for: name) }
        return unregistered
    }
}

extension AsyncSlamConnection {
    /// The socket, the reader thread and the table of pending responses. Kept
    /// apart from ``AsyncSlamConnection`` so the reader thread, which holds it,
    /// does not keep the connection alive: releasing the connection closes it.
    final class Core: Sendable {
        enum Slot {
            /// Sent; neither answered nor awaited yet.
            case expected
            case arrived(Response)
            case awaiting(CheckedContinuation<Result<Response, ClientError>, Never>)
        }

        struct State {
            var nextID: Int64 = 0
            var slots: [RequestID: Slot] = [:]
            /// Ids still owed a response, oldest first: an error with id null answers the oldest.
            var owed: [RequestID] = []
            var closedBecause: ClientError?
            var isClosing = false
            var reader: pthread_t?
            /// The tasks this connection runs for the daemon, by name.
            var taskHandlers: [String: TaskHandler] = [:]
            /// The handlers of shared state keys (``AsyncSlamConnection/onState(_:handler:)``), in the order they were added.
            var stateHandlers: [(keys: [String], handler: StateHandler)] = []
            /// Notifications handed to the stream so far.
            var notificationsReceived = 0
        }

        private let descriptor: Int32
        private let framing: Framing
        private let encoder: FrameEncoder
        private let notificationSink: AsyncStream<Notification>.Continuation
        /// The calls each `stateChanged` makes, for the task that runs them in order.
        private let stateChangeSink: AsyncStream<[StateHandlerCall]>.Continuation
        let state = Mutex(State())
        /// Held while writing one frame, so frames from concurrent tasks never interleave.
        private let writeLock = Mutex(())

        init(descriptor: Int32, framing: Framing, notificationSink: AsyncStream<Notification>.Continuation,
             stateChangeSink: AsyncStream<[StateHandlerCall]>.Continuation) {
            self.stateChangeSink = stateChangeSink
            self.descriptor = descriptor
            self.framing = framing
            encoder = FrameEncoder(framing: framing)
            self.notificationSink = notificationSink
        }

        func makeID() -> RequestID {
            state.withLock { state in
                state.nextID += 1
                return .integer(state.nextID)
            }
        }

        /// Registers `ids` as owed a response, then writes the message.
        func send(_ value: JSONValue, expecting ids: [RequestID]) throws(ClientError) {
            let body: [UInt8]
            do {
                body = try JSONSerializer().serialize(value)
            } catch {
                throw .protocolViolation("cannot serialize the request: \(error)")
            }
            let closed: ClientError? = state.withLock { state in
                if let reason = state.closedBecause { return reason }
                for id in ids { state.slots[id] = .expected }
                state.owed += ids
                return nil
            }
            if let closed { throw closed }
            let frame = encoder.encode(body)
            let failure: ClientError? = writeLock.withLock { _ in
                do throws(ClientError) {
                    try UnixSocket.writeAll(descriptor, frame)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure {
                forget(ids)
                throw failure
            }
        }

        /// Waits for the response to `id` (which ``send(_:expecting:)`` registered).
        func response(for id: RequestID) async throws(ClientError) -> Response {
            let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Response, ClientError>, Never>) in
                let ready: Result<Response, ClientError>? = state.withLock { state in
                    switch state.slots[id] {
                    case .arrived(let response)?:
                        state.slots[id] = nil
                        return .success(response)
                    case .expected?:
                        state.slots[id] = .awaiting(continuation)
                        return nil
                    case .awaiting?, nil:
                        return .failure(state.closedBecause ?? .protocolViolation("no request with id \(id) is pending"))
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
            return try result.get()
        }

        /// Installs `handler` for `name`; returns the one it replaces.
        func setHandler(_ handler: @escaping TaskHandler, for name: String) -> TaskHandler? {
            state.withLock { state in
                defer { state.taskHandlers[name] = handler }
                return state.taskHandlers[name]
            }
        }

        /// Puts back what ``setHandler(_:for:)`` replaced (nil: removes the handler).
        func restoreHandler(_ handler: TaskHandler?, for name: String) {
            state.withLock { $0.taskHandlers[name] = handler }
        }

        /// Runs the handler of a `task.run` in a task of its own and sends its answer.
        private func run(_ request: Request) {
            let run: TaskRunRequest
            do throws(ResultDecodingError) {
                run = try TaskRunRequest(json: request.params?.jsonValue ?? .null)
            } catch {
                answer(request.id, .failure(.invalidParams("task.run: \(error.message)")))
                return
            }
            guard let handler = state.withLock({ $0.taskHandlers[run.name] }) else {
                answer(request.id, .failure(ResponseError(code: .taskNotFound, message: "this client does not run the task '\(run.name)'")))
                return
            }
            Task {
                do {
                    answer(request.id, .success(try await handler(run)))
                } catch {
                    answer(request.id, .failure(TaskError.answer(for: error)))
                }
            }
        }

        /// Sends the answer to a request the daemon sent; a closed connection has nobody to answer.
        private func answer(_ id: RequestID, _ outcome: Result<JSONValue, ResponseError>) {
            try? send(Response(id: id, outcome: outcome).jsonValue, expecting: [])
        }

        private func forget(_ ids: [RequestID]) {
            state.withLock { state in
                for id in ids { state.slots[id] = nil }
                state.owed.removeAll { ids.contains($0) }
            }
        }

        // MARK: - Reading

        func startReading() {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let result = pthread_create(&thread, nil, { context in
                let core = Unmanaged<Core>.fromOpaque(context!).takeRetainedValue()
                core.readUntilClosed()
                return nil
            }, context)
            if result != 0 {
                Unmanaged<Core>.fromOpaque(context).release()
                finish(.system(call: "pthread_create", errno: result))
                return
            }
            state.withLock { $0.reader = thread }
        }

        private func readUntilClosed() {
            var decoder = FrameDecoder(framing: framing, maximumMessageBytes: 1 << 30)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                decoder.append(buffer[0..<count])
                while let event = decoder.next() {
                    guard case .message(let body) = event, let message = try? JSONParser().parse(body) else {
                        finish(.protocolViolation("the daemon sent an unreadable message"))
                        return
                    }
                    deliver(message)
                }
            }
            finish(.connectionClosed)
        }

        private func deliver(_ message: JSONValue) {
            if case .array(let items) = message {
                for item in items { deliver(item) }
                return
            }
            switch try? Message(jsonValue: message) {
            case .notification(let notification)?:
                if let calls = stateHandlerCalls(for: notification) {
                    if !calls.isEmpty { stateChangeSink.yield(calls) }
                } else {
                    // Counted before the replies that follow it are handed on, so a count read after a reply includes it.
                    state.withLock { $0.notificationsReceived += 1 }
                    notificationSink.yield(notification)
                }
            case .response(let response)?:
                let continuation: CheckedContinuation<Result<Response, ClientError>, Never>? = state.withLock { state in
                    // An error about a message the daemon could not read carries id null: it answers the oldest request.
                    guard let id = response.id == .null ? state.owed.first : response.id,
                          let slot = state.slots[id] else { return nil }
                    state.owed.removeAll { $0 == id }
                    if case .awaiting(let continuation) = slot {
                        state.slots[id] = nil
                        return continuation
                    }
                    state.slots[id] = .arrived(response)
                    return nil
                }
                continuation?.resume(returning: .success(response))
            case .request(let request)? where request.method == TaskRunRequest.method:
                run(request)
            case .request(let request)?:
                answer(request.id, .failure(.methodNotFound(request.method, suggestions: [])))
            default:
                break  // not a message: nothing to answer
            }
        }

        /// Fails every pending call with `reason`, ends the notifications, and lets go of the task handlers.
        private func finish(_ reason: ClientError) {
            let (waiting, handlers) = state.withLock { state in
                if state.closedBecause == nil { state.closedBecause = reason }
                // No run can come any more; a handler that holds the connection (to call back) must not keep it alive.
                let handlers = (state.taskHandlers, state.stateHandlers)
                state.taskHandlers.removeAll()
                state.stateHandlers.removeAll()
                var waiting: [CheckedContinuation<Result<Response, ClientError>, Never>] = []
                for (id, slot) in state.slots {
                    if case .awaiting(let continuation) = slot {
                        waiting.append(continuation)
                        state.slots[id] = nil
                    }
                }
                state.owed.removeAll()
                return (waiting, handlers)
            }
            for continuation in waiting { continuation.resume(returning: .failure(state.withLock { $0.closedBecause! })) }
            notificationSink.finish()
            stateChangeSink.finish()
            withExtendedLifetime(handlers) {}  // released here, outside the lock: releasing one may close its connection
        }

        /// Shuts the socket (waking the reader), joins the reader, closes the descriptor.
        func close() {
            let (alreadyClosing, reader): (Bool, pthread_t?) = state.withLock { state in
                defer {
                    state.isClosing = true
                    state.reader = nil
                }
                return (state.isClosing, state.reader)
            }
            guard !alreadyClosing else { return }
            shutdown(descriptor, Int32(SHUT_RDWR))
            if let reader {
                // The reader itself closes the connection when it lets go of the last task handler holding it:
                // it cannot wait for itself, and ends on its own.
                if pthread_equal(reader, pthread_self()) != 0 { pthread_detach(reader) } else { pthread_join(reader, nil) }
            }
            Glibc.close(descriptor)
        }
    }
}
