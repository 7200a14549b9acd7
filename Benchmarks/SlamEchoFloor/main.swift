// SlamEchoFloor: the floor under slamd's round trips. A SwiftNIO server set up
// like slamd (one event loop, ServerBootstrap, a Unix socket) whose only handler
// answers every newline-terminated line with one fixed JSON-RPC reply, without
// parsing anything: what NIO and the kernel cost per request, and nothing more.
//
//     SlamEchoFloor SOCKET-PATH
//
// scripts/bench-rpc.sh runs it as the target `floor` (see bench/README.md).

import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Counts the '\n' bytes of each read and writes that many fixed replies in one
/// buffer, flushed once the channel has no more to read.
final class EchoFloorHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private static let reply = Array(#"{"jsonrpc":"2.0","result":"pong","id":1}"#.utf8) + [UInt8(ascii: "\n")]
    private var pending = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let input = Self.unwrapInboundIn(data)
        let lines = input.withUnsafeReadableBytes { bytes in
            var count = 0
            for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
            return count
        }
        guard lines > 0 else { return }
        var output = context.channel.allocator.buffer(capacity: lines * Self.reply.count)
        for _ in 0..<lines { output.writeBytes(Self.reply) }
        context.write(Self.wrapOutboundOut(output), promise: nil)
        pending = true
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if pending {
            pending = false
            context.flush()
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: SlamEchoFloor SOCKET-PATH")
    exit(2)
}
let path = arguments[1]
unlink(path)

let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let channel = try ServerBootstrap(group: group)
    .serverChannelOption(ChannelOptions.backlog, value: 256)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(EchoFloorHandler())
        }
    }
    .bind(unixDomainSocketPath: path)
    .wait()
try channel.closeFuture.wait()
