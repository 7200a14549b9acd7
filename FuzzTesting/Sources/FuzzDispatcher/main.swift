import FuzzSupport
import SlamDemo
@_spi(SnapshotCache) import SlamServer
import SlamRPC
import SlamUI

/// Runs scheduled work at once (waits time out immediately: nothing may hang).
private final class ImmediateScheduler: Scheduler {
    func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) -> () -> Void {
        pending.append(action)
        return {}
    }

    var pending: [() -> Void] = []

    func runPending() {
        var rounds = 0
        while !pending.isEmpty, rounds < 100 {
            let actions = pending
            pending.removeAll()
            for action in actions { action() }
            rounds += 1
        }
    }
}

nonisolated(unsafe) private let scheduler = ImmediateScheduler()

/// Arbitrary bytes from one client through framing and the whole dispatcher on
/// a fresh demo app: nothing crashes, hangs or leaks, and no element's kept snapshot goes stale. A new service per input
/// keeps every finding reproducible from its input alone (and lets
/// LeakSanitizer see everything freed: a service kept in a global looks leaked
/// to it, its JSON values holding pointers with tag bits).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDispatcher(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    // The daemon's instances: an input may make, use and close instances of the demo too.
    let instances = try! SlamInstances(applications: .init(launched: { try DemoApp.makeApplication() },
                                                           named: ["demo": { try DemoApp.makeApplication() }]),
                                       scheduler: scheduler, configuration: .init(limits: ServiceLimits(instances: 8)))
    let service = instances.main
    let session = ClientSession(identifier: 1) { _ in }
    instances.connect(session)
    service.receive(Array(#"{"jsonrpc":"2.0","method":"subscribe","params":{"events":["changed","navigated","taskRan","openURL","stateChanged","log"]},"id":0}"#.utf8), from: session)
    // Every element's snapshot kept from the start, so whatever the input changes meets a kept text.
    service.receive(Array(#"{"jsonrpc":"2.0","method":"tree","id":0}"#.utf8), from: session)
    service.receive(Array(#"{"jsonrpc":"2.0","method":"snapshot","id":0}"#.utf8), from: session)
    defer {
        instances.shutDown()
        instances.disconnect(session)
        scheduler.pending.removeAll()
    }
    var decoder = FrameDecoder(maximumMessageBytes: 1 << 16)
    decoder.append(UnsafeRawBufferPointer(start: start, count: count))
    while let event = decoder.next() {
        switch event {
        case .message(let body): session.service!.receive(body, from: session)
        case .error(let error): session.service!.receive(error, from: session)
        }
        scheduler.runPending()
    }
    // Nothing kept may differ from what would be written now (a debug build also checks each reuse).
    for instance in instances.all {
        let stale = instance.elementsWithStaleCachedOutput()
        precondition(stale.isEmpty, "stale kept snapshots in \(instance.instance.handle): \(stale)")
    }
    return 0
}


@_cdecl("FuzzDispatcher_main")
public func fuzzDispatcherMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv) { data, size in data.map { fuzzDispatcher(UnsafeRawPointer($0), size) } ?? 0 }
}
