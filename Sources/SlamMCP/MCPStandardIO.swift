import SlamJSON
import SlamRPC
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// MCP's stdio transport: newline-delimited JSON-RPC messages read from one file descriptor
/// (standard input), answers written to another (standard output), nothing else ever written there.
///
/// Every message is handled in a task of its own, so a `subscriptions/listen` stays open while
/// tools are called; tool calls run one at a time, in the order they were read. At the end of the input the subscriptions end and every request already
/// read is still answered before ``serve(_:)`` returns.
///
/// ```swift
/// await MCPStandardIO().serve(MCPServer(session: session))
/// ```
public struct MCPStandardIO: Sendable {
    public let input: Int32
    public let output: Int32

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Serves `server` until the input ends and every answer is written.
    public func serve(_ server: MCPServer) async {
        let writer = Writer(descriptor: output)
        let messages = Reader.start(descriptor: input)
        // Tool calls run one after another in the order they were read (tasks of their own could start
        // in any order); everything else, a listen or a cancellation among them, is handled at once.
        let (toolCalls, toolCallSink) = AsyncStream<JSONValue>.makeStream()
        // Discarding: a finished message's task is gone at once, however long the agent stays.
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await call in toolCalls { await server.receive(call, output: writer) }
            }
            for await event in messages {
                switch event {
                case .message(let body):
                    guard let message = try? JSONParser().parse(body) else {
                        group.addTask { await server.receive(bytes: body, output: writer) }
                        continue
                    }
                    if message["method"] == "tools/call", message["id"] != nil {
                        server.willWait(for: message)
                        toolCallSink.yield(message)
                    } else if message["id"] == nil, message["method"] != nil {
                        // A notification (a cancellation) takes effect before the next message is read: a
                        // late cancellation must not reach a later request that carries the same id.
                        await server.receive(message, output: writer)
                    } else {
                        group.addTask { await server.receive(message, output: writer) }
                    }
                case .error(let error):
                    writer.send(MCPServer.errorResponse(id: .null, error.responseError))
                }
            }
            toolCallSink.finish()
            server.endSubscriptions()
        }
    }

    /// Writes whole messages, one per line, one at a time.
    final class Writer: MCPOutput {
        private let descriptor: Int32
        private let lock = Mutex(())

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        func send(_ message: JSONValue) {
            // The serializer escapes every newline inside strings: one message is one line.
            guard let bytes = try? JSONSerializer().serialize(message) else { return }
            lock.withLock { _ in
                Self.writeAll(bytes + [UInt8(ascii: "\n")], to: descriptor)
            }
        }

        /// Writes everything, retrying after signals; a reader that went away loses the rest.
        private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Reads the input on a thread of its own (a blocking `read` must not hold one of the few
    /// threads async tasks run on) and hands on each message as it is complete.
    final class Reader: Sendable {
        private let descriptor: Int32
        private let sink: AsyncStream<FrameDecoder.Event>.Continuation

        private init(descriptor: Int32, sink: AsyncStream<FrameDecoder.Event>.Continuation) {
            self.descriptor = descriptor
            self.sink = sink
        }

        static func start(descriptor: Int32) -> AsyncStream<FrameDecoder.Event> {
            let (stream, sink) = AsyncStream<FrameDecoder.Event>.makeStream()
            let reader = Reader(descriptor: descriptor, sink: sink)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(reader).toOpaque()
            let result = pthread_create(&thread, nil, { context in
                Unmanaged<Reader>.fromOpaque(context!).takeRetainedValue().readUntilEnd()
                return nil
            }, context)
            if result == 0 {
                pthread_detach(thread)
            } else {
                Unmanaged<Reader>.fromOpaque(context).release()
                sink.finish()
            }
            return stream
        }

        private func readUntilEnd() {
            var decoder = FrameDecoder(framing: .newlineDelimited)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                decoder.append(buffer[0..<count])
                while let event = decoder.next() { deliver(event) }
            }
            decoder.finish()
            while let event = decoder.next() { deliver(event) }
            sink.finish()
        }

        private func deliver(_ event: FrameDecoder.Event) {
            // Blank lines between messages are not messages.
            if case .message(let body) = event, body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
            sink.yield(event)
        }
    }
}
