import SlamJSON
import SlamSuggestions

/// Turns one received JSON-RPC message (a request, a notification or a batch)
/// into the response the specification requires, by calling registered methods.
///
/// Transport-free: feed it the bytes of one framed message and it hands back the
/// bytes to send, or `nil` when nothing is owed (notifications, all-notification
/// batches, responses from the peer). Handlers run on the caller's thread, in
/// message order; a deferred handler may answer later, and a batch is answered
/// once all of its calls have.
///
/// The message is read in place from jansson's parsed tree and each result is
/// written by jansson straight into the reply's bytes: no other JSON tree is
/// built on the way in or out. The envelope around a result is the fixed text
/// `{"jsonrpc":"2.0","result":…,"id":…}` with jansson's writing of each value.
///
/// ```swift
/// let dispatcher = Dispatcher<Void>(registry: MethodRegistry([
///     MethodDescriptor("ping") { _ in "pong" },
/// ]))
/// dispatcher.handle(Array(#"{"jsonrpc":"2.0","method":"ping","id":1}"#.utf8), context: ()) { bytes in … }
/// ```
public final class Dispatcher<Context> {
    /// (Read for every message, on the thread that handles it: unchecked, as the run-time exclusivity
    /// check of a class property costs more than reading it.)
    @exclusivity(unchecked) public var registry: MethodRegistry<Context>
    /// The deepest nesting of arrays and objects accepted in a message.
    @exclusivity(unchecked) public var maximumDepth: Int
    /// Receives each response the peer sends (to a request the server sent it); without one they are dropped.
    public var responseHandler: ((_ id: RequestID, _ outcome: Result<JSONValue, ResponseError>, _ context: Context) -> Void)?

    public init(registry: MethodRegistry<Context>, maximumDepth: Int = 512) {
        self.registry = registry
        self.maximumDepth = maximumDepth
    }

    /// What ``handle(_:context:later:)`` did with a message.
    public enum Answer {
        /// Answered before returning: the reply, or nil when nothing is owed.
        case now([UInt8]?)
        /// The reply goes to the closure `later` made, once every call of the message has answered
        /// (perhaps already, before returning).
        case later
    }

    /// Handles the bytes of one framed message and delivers the serialized reply.
    public func handle(_ bytes: [UInt8], context: Context, reply: @escaping ([UInt8]?) -> Void) {
        if case .now(let answer) = handle(bytes, context: context, later: { reply }) { reply(answer) }
    }

    /// Handles the bytes of one framed message and returns its reply when it is answered before
    /// returning, as nearly every message is; `later` is asked for a reply closure only when a method
    /// answers later (a deferred method, a batch), so the common case allocates no closure.
    ///
    /// Inlinable, as the rest of the way a plain request takes: the caller's module specializes it for
    /// its `Context`, where generic code would look up the metadata of each generic type it touches
    /// on every message.
    @inlinable
    public func handle(_ bytes: [UInt8], context: Context, later: () -> ([UInt8]?) -> Void) -> Answer {
        let document: JSONDocument
        do {
            document = try parse(bytes)
        } catch {
            return .now(ResponseEncoder.error(Self.parseError(error), id: .null))
        }
        return handle(document, context: context, later: later)
    }

    /// Parses one framed message as ``handle(_:context:reply:)`` would (its depth limit),
    /// for a caller that looks at the message before handing it over (a trace).
    public func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONDocument {
        try JSONDocument(parsing: bytes, maximumDepth: maximumDepth)
    }

    /// Answers a message that did not parse: the parse error, with a null id.
    public func answerUnparsable(_ error: JSONError, reply: ([UInt8]?) -> Void) {
        reply(ResponseEncoder.error(Self.parseError(error), id: .null))
    }

    /// Handles a message already parsed with ``parse(_:)``.
    public func handle(_ document: borrowing JSONDocument, context: Context, reply: @escaping ([UInt8]?) -> Void) {
        if case .now(let answer) = handle(document, context: context, later: { reply }) { reply(answer) }
    }

    /// Handles a message already parsed with ``parse(_:)``, as ``handle(_:context:later:)`` does.
    @inlinable
    public func handle(_ document: borrowing JSONDocument, context: Context, later: () -> ([UInt8]?) -> Void) -> Answer {
        document.withRoot { root in
            // The plain request nearly every message is: straight to its method, and for a method
            // that answers at once, straight back, with no closure on the way.
            if root.kind != .array, let request = PlainRequest(root, names: registry.table) {
                let call = MethodCall(method: registry.names[request.method], params: request.params, context: context,
                                      isNotification: false)
                switch registry.handlers[request.method] {
                case .immediate(let handler):
                    do throws(ResponseError) {
                        return .now(ResponseEncoder.result(try handler(call), id: request.id))
                    } catch {
                        return .now(ResponseEncoder.error(error, id: request.id))
                    }
                case .deferred(let handler):
                    callDeferred(handler, call, id: request.id, reply: later())
                    return .later
                }
            }
            if root.kind == .array {
                handleBatch(root, context: context, reply: later())
            } else {
                handleSingle(root, context: context, reply: later())
            }
            return .later
        }
    }

    /// Calls a deferred handler; its first outcome is the reply to request `id`.
    @usableFromInline
    func callDeferred(_ handler: (MethodCall<Context>, @escaping MethodDescriptor<Context>.Reply) -> Void, _ call: MethodCall<Context>,
              id: RequestID, reply: @escaping ([UInt8]?) -> Void) {
        var answered = false
        handler(call) { outcome in
            // A second answer would desynchronise the client; the first one stands.
            guard !answered else { return }
            answered = true
            switch consume outcome {
            case .success(let result): reply(ResponseEncoder.result(result, id: id))
            case .failure(let error): reply(ResponseEncoder.error(error, id: id))
            }
        }
    }

    @usableFromInline
    func handleBatch(_ batch: JSONElement, context: Context, reply: @escaping ([UInt8]?) -> Void) {
        let count = batch.count
        guard count > 0 else {
            reply(ResponseEncoder.error(.invalidRequest("an empty batch holds no request"), id: .null))
            return
        }
        // Each slot is filled exactly once; the batch is answered when the last one is.
        var slots = [[UInt8]?](repeating: nil, count: count)
        var outstanding = count
        for index in 0..<count {
            handleSingle(batch[index]!, context: context) { response in
                slots[index] = response
                outstanding -= 1
                if outstanding == 0 { reply(ResponseEncoder.batch(slots.compactMap { $0 })) }
            }
        }
    }

    @usableFromInline
    func handleSingle(_ element: JSONElement, context: Context, reply: @escaping ([UInt8]?) -> Void) {
        let message: IncomingMessage
        do {
            message = try IncomingMessage(element)
        } catch {
            reply(ResponseEncoder.error(error.error, id: error.id))
            return
        }
        switch message {
        case .request(let id, let method, let params):
            call(method, params: params, context: context, isNotification: false) { outcome in
                switch consume outcome {
                case .success(let result): reply(ResponseEncoder.result(result, id: id))
                case .failure(let error): reply(ResponseEncoder.error(error, id: id))
                }
            }
        case .notification(let method, let params):
            call(method, params: params, context: context, isNotification: true) { _ in reply(nil) }
        case let .response(id, outcome):
            // A response is owed nothing back: answering it could loop.
            responseHandler?(id, outcome, context)
            reply(nil)
        }
    }

    private func call(_ name: String, params: JSONElement?, context: Context, isNotification: Bool,
                      reply: @escaping MethodDescriptor<Context>.Reply) {
        guard let method = registry[name] else {
            reply(.failure(.methodNotFound(name, suggestions: NameSuggestions.nearest(to: name, in: registry.names))))
            return
        }
        let call = MethodCall(method: name, params: params, context: context, isNotification: isNotification)
        switch method.handler {
        case .immediate(let handler):
            do {
                reply(.success(try handler(call)))
            } catch {
                reply(.failure(error))
            }
        case .deferred(let handler):
            var answered = false
            handler(call) { outcome in
                // A second answer would desynchronise the client; the first one stands.
                guard !answered else { return }
                answered = true
                reply(outcome)
            }
        }
    }

    /// Whether a message is one response (to a request the server sent), which nothing is owed for.
    /// Parses it: meant for messages off the fast path.
    public func isResponse(_ bytes: [UInt8]) -> Bool {
        guard let document = try? parse(bytes) else { return false }
        return document.withRoot { root in
            guard root.kind == .object, case .response? = try? IncomingMessage(root) else { return false }
            return true
        }
    }

    /// Answers every request of a message with `error` instead of calling it (a transport refusing
    /// what it cannot take now): each request of a batch gets it, notifications and responses get
    /// nothing, and what is malformed gets the error it would get anyway.
    public func refuse(_ bytes: [UInt8], with failure: ResponseError, reply: ([UInt8]?) -> Void) {
        let document: JSONDocument
        do {
            document = try parse(bytes)
        } catch {
            reply(ResponseEncoder.error(Self.parseError(error), id: .null))
            return
        }
        document.withRoot { root in
            guard root.kind == .array else {
                reply(refusal(of: root, with: failure))
                return
            }
            let count = root.count
            guard count > 0 else {
                reply(ResponseEncoder.error(.invalidRequest("an empty batch holds no request"), id: .null))
                return
            }
            reply(ResponseEncoder.batch((0..<count).compactMap { refusal(of: root[$0]!, with: failure) }))
        }
    }

    /// `error` for one request, with its id; nil for a notification or a response.
    private func refusal(of element: JSONElement, with failure: ResponseError) -> [UInt8]? {
        do {
            switch try IncomingMessage(element) {
            case .request(let id, _, _): return ResponseEncoder.error(failure, id: id)
            case .notification, .response: return nil
            }
        } catch {
            return ResponseEncoder.error(error.error, id: error.id)
        }
    }

    @usableFromInline
    static func parseError(_ error: JSONError) -> ResponseError {
        switch error {
        case let .syntax(message, line, column, position):
            .parseError("\(message) at line \(line), column \(column)",
                        data: ["line": .integer(Int64(line)), "column": .integer(Int64(column)),
                               "position": .integer(Int64(position))])
        case let .tooDeep(limit, path):
            .parseError("nesting deeper than \(limit) levels at \(path)",
                        data: ["limit": .integer(Int64(limit)), "path": .string(path)])
        case let .unrepresentable(reason, path):
            .parseError("\(reason) at \(path)", data: ["path": .string(path)])
        }
    }
}
