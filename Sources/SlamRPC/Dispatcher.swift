import SlamJSON

/// Turns one received JSON-RPC message (a request, a notification or a batch)
/// into the response the specification requires, by calling registered methods.
///
/// Transport-free: feed it the bytes of one framed message and it hands back the
/// bytes to send, or `nil` when nothing is owed (notifications, all-notification
/// batches, responses from the peer). Handlers run on the caller's thread, in
/// message order; a deferred handler may answer later, and a batch is answered
/// once all of its calls have.
///
/// ```swift
/// let dispatcher = Dispatcher<Void>(registry: MethodRegistry([
///     MethodDescriptor("ping") { _ in "pong" },
/// ]))
/// dispatcher.handle(Array(#"{"jsonrpc":"2.0","method":"ping","id":1}"#.utf8), context: ()) { bytes in … }
/// ```
public final class Dispatcher<Context> {
    public var registry: MethodRegistry<Context>
    public var parser: JSONParser
    public var serializer: JSONSerializer

    public init(registry: MethodRegistry<Context>, parser: JSONParser = JSONParser(),
                serializer: JSONSerializer = JSONSerializer()) {
        self.registry = registry
        self.parser = parser
        self.serializer = serializer
    }

    /// Handles the bytes of one framed message and delivers the serialized reply.
    public func handle(_ bytes: some Collection<UInt8>, context: Context, reply: @escaping ([UInt8]?) -> Void) {
        let value: JSONValue
        do {
            value = try parser.parse(bytes)
        } catch {
            reply(encode(Response(id: .null, error: Self.parseError(error)).jsonValue))
            return
        }
        handle(value, context: context) { [self] response in
            reply(response.map(encode))
        }
    }

    /// Handles one parsed message or batch and delivers the reply as a JSON value.
    public func handle(_ value: JSONValue, context: Context, reply: @escaping (JSONValue?) -> Void) {
        guard case .array(let batch) = value else {
            handleSingle(value, context: context) { reply($0?.jsonValue) }
            return
        }
        guard !batch.isEmpty else {
            reply(Response(id: .null, error: .invalidRequest("an empty batch holds no request")).jsonValue)
            return
        }
        // Each slot is filled exactly once; the batch is answered when the last one is.
        var slots = [Response?](repeating: nil, count: batch.count)
        var outstanding = batch.count
        for (index, element) in batch.enumerated() {
            handleSingle(element, context: context) { response in
                slots[index] = response
                outstanding -= 1
                if outstanding == 0 {
                    let responses = slots.compactMap { $0?.jsonValue }
                    reply(responses.isEmpty ? nil : .array(responses))
                }
            }
        }
    }

    private func handleSingle(_ value: JSONValue, context: Context, reply: @escaping (Response?) -> Void) {
        let message: Message
        do {
            message = try Message(jsonValue: value)
        } catch {
            let id = error.data?["id"].flatMap(RequestID.init(jsonValue:)) ?? .null
            var error = error
            if case .object(var data)? = error.data {
                data.removeValue(forKey: "id")
                error.data = data.isEmpty ? nil : .object(data)
            }
            reply(Response(id: id, error: error))
            return
        }
        switch message {
        case .request(let request):
            call(request.method, params: request.params, context: context, isNotification: false) { outcome in
                reply(Response(id: request.id, outcome: outcome))
            }
        case .notification(let notification):
            call(notification.method, params: notification.params, context: context, isNotification: true) { _ in
                reply(nil)
            }
        case .response:
            // A server sends no requests, so a response is owed nothing; answering it could loop.
            reply(nil)
        }
    }

    private func call(_ name: String, params: Parameters?, context: Context, isNotification: Bool,
                      reply: @escaping MethodDescriptor<Context>.Reply) {
        guard let method = registry[name] else {
            reply(.failure(.methodNotFound(name)))
            return
        }
        let arguments: Arguments
        do {
            arguments = try method.arguments(for: params)
        } catch {
            reply(.failure(error))
            return
        }
        let call = MethodCall(method: name, arguments: arguments, context: context, isNotification: isNotification)
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

    /// Serializes a reply; a result JSON cannot represent becomes an internal error instead.
    private func encode(_ value: JSONValue) -> [UInt8] {
        do {
            return try serializer.serialize(value)
        } catch {
            let id = value["id"].flatMap(RequestID.init(jsonValue:)) ?? .null
            let fallback = Response(id: id, error: .internalError("the result could not be written as JSON: \(error)"))
            return (try? serializer.serialize(fallback.jsonValue)) ?? Array(
                #"{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"},"id":null}"#.utf8)
        }
    }

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
