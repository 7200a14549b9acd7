import FuzzSupport
import NIOCore
import NIOEmbedded
@_spi(Fuzzing) import SlamDaemon
import SlamDemo
import SlamServer

/// The token's bytes: the seeds (FuzzTesting/Seeds/web_seeds.py) carry
/// its hex form, 6465…83, so the fuzzer starts from authenticated requests too.
private let tokenBytes = Array(UInt8(100)..<132)

/// Arbitrary bytes from one `slamd --web` client through the connection's real
/// pipeline on an `EmbeddedChannel`: NIO's HTTP server, the upgrade and
/// WebRequestHandler, then after an upgrade of `/rpc` the WebSocket handlers and a
/// session of the demo app. Nothing may crash, hang or leak, and a connection
/// still speaking HTTP may not outlive its idle deadline.
///
/// The first byte says how the rest arrives: 0 in one read, n in reads of n bytes,
/// so every parser meets a request line, a header or a frame cut anywhere. After the
/// last read the clock runs on past every deadline (idle connection, close frame,
/// `waitFor`), then the client goes away. A new service per input keeps each
/// finding reproducible from its input alone; it is made at the first upgrade
/// only (a demo app costs more than most inputs that never get that far).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWeb(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let first = bytes.first else { return 0 }
    let stream = bytes.dropFirst()
    let readSize = first == 0 ? max(stream.count, 1) : Int(first)

    let channel = EmbeddedChannel()
    let loop = channel.embeddedEventLoop
    let service = LazyService(loop: loop)
    defer { service.made?.shutDown() }
    channel.localAddress = try! SocketAddress(ipAddress: "127.0.0.1", port: 8080)
    _ = try! WebPipelineFuzzing.configure(channel, tokenBytes: tokenBytes, maximumMessageBytes: 1 << 16,
                                          maximumUnreadBytes: 1 << 20, instances: service.get)
    try! channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 50000)).wait()

    var offset = stream.startIndex
    while offset < stream.endIndex, channel.isActive {
        let end = min(offset + readSize, stream.endIndex)
        do {
            try channel.writeInbound(channel.allocator.buffer(bytes: stream[offset..<end]))
        } catch {
            // An error no handler took reached the pipeline's end; the connection is closing anyway.
        }
        loop.run()
        dropOutput(channel)
        offset = end
    }
    loop.advanceTime(by: .seconds(700))
    dropOutput(channel)
    // Half a request head, a request left hanging, a connection kept alive: the idle deadline ends them all.
    precondition(service.made != nil || !channel.isActive, "an HTTP connection outlived its idle deadline")
    _ = try? channel.finish(acceptAlreadyClosed: true)
    loop.run()
    return 0
}

/// The demo's instances, made when first asked for.
private final class LazyService {
    let loop: EmbeddedEventLoop
    var made: SlamInstances?

    init(loop: EmbeddedEventLoop) { self.loop = loop }

    func get() -> SlamInstances {
        if let made { return made }
        let instances = try! SlamInstances(makeApplication: { try DemoApp.makeApplication() }, scheduler: WebPipelineFuzzing.scheduler(on: loop))
        made = instances
        return instances
    }
}

/// Reads and drops what the server wrote, as a client that reads everything would.
private func dropOutput(_ channel: EmbeddedChannel) {
    while true {
        do {
            guard try channel.readOutbound(as: ByteBuffer.self) != nil else { return }
        } catch {
            guard (try? channel.readOutbound(as: IOData.self)) != nil else { return }
        }
    }
}

@_cdecl("FuzzWeb_main")
public func fuzzWebMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzWeb(UnsafeRawPointer($0), size) } ?? 0 }
}
