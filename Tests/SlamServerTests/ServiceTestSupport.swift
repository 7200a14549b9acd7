import Testing
import SlamDemo
import SlamJSON
import SlamRPC
import SlamStoryboard
import SlamUI
@testable import SlamServer

/// A clock the test advances by hand, so timeouts are exact and instant.
final class ManualScheduler: Scheduler {
    private var now = 0
    private var tasks: [(due: Int, id: Int, action: () -> Void)] = []
    private var nextID = 0

    func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) -> () -> Void {
        nextID += 1
        let id = nextID
        tasks.append((now + milliseconds, id, action))
        return { [weak self] in self?.tasks.removeAll { $0.id == id } }
    }

    func advance(milliseconds: Int) {
        now += milliseconds
        let due = tasks.filter { $0.due <= now }.sorted { $0.due < $1.due }
        tasks.removeAll { $0.due <= now }
        for task in due { task.action() }
    }
}

/// One in-process client of a service: sends text, collects what comes back.
final class TestClient {
    let session: ClientSession
    private(set) var received: [JSONValue] = []
    private let service: SlamService
    private var nextID: Int64 = 0

    init(_ service: SlamService, identifier: Int = 1) {
        self.service = service
        let box = Box()
        session = ClientSession(identifier: identifier) { bytes in box.values.append(try! JSONParser().parse(bytes)) }
        self.box = box
        service.connect(session)
    }

    /// A connection to the daemon's instances, as slamd makes one: it uses `main` first.
    init(_ instances: SlamInstances, identifier: Int) {
        service = instances.main
        let box = Box()
        session = ClientSession(identifier: identifier) { bytes in box.values.append(try! JSONParser().parse(bytes)) }
        self.box = box
        instances.connect(session)
    }

    private let box: Box
    final class Box { var values: [JSONValue] = [] }

    /// Everything received so far, emptying the list.
    func take() -> [JSONValue] {
        defer { box.values.removeAll() }
        return box.values
    }

    /// Sends to the instance the connection uses (`instance.use` moves it).
    func send(_ text: String) {
        (session.service ?? service).receive(Array(text.utf8), from: session)
    }

    /// Sends a request and returns everything that came back for it (reply and notifications).
    @discardableResult
    func request(_ method: String, _ params: JSONValue? = nil) -> JSONValue.Object {
        nextID += 1
        var message: JSONValue.Object = ["jsonrpc": "2.0", "method": .string(method), "id": .integer(nextID)]
        if let params { message["params"] = params }
        send(JSONValue.object(message).description)
        let replies = box.values.filter { $0["id"] == .integer(nextID) }
        box.values.removeAll { $0["id"] == .integer(nextID) }
        return replies.first?.objectValue ?? [:]
    }

    @discardableResult
    func result(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
        let reply = request(method, params)
        #expect(reply["error"] == nil, "\(method) failed: \(reply["error"] ?? nil)", sourceLocation: sourceLocation)
        return reply["result"] ?? .null
    }

    func errorCode(_ method: String, _ params: JSONValue? = nil) -> Int64? {
        request(method, params)["error"]?["code"]?.integerValue
    }
}

func demoService(scheduler: ManualScheduler = ManualScheduler()) throws -> SlamService {
    SlamService(application: try DemoApp.makeApplication(), scheduler: scheduler)
}

/// The demo served as slamd serves it, with its instances: `main` from a factory (so `reset` can make
/// it again), `instance.create` making more of it, the demo by name, or a storyboard file.
func demoInstances(scheduler: ManualScheduler = ManualScheduler(), limits: ServiceLimits = ServiceLimits(),
                   idleTimeoutMilliseconds: Int? = SlamInstances.defaultIdleTimeoutMilliseconds) throws -> SlamInstances {
    let make: () throws -> Application = { try DemoApp.makeApplication() }
    return try SlamInstances(applications: .init(launched: make, named: ["demo": make],
                                                 storyboard: { path in try Storyboard.makeApplication(contentsOf: path) }),
                             scheduler: scheduler, configuration: .init(limits: limits), idleTimeoutMilliseconds: idleTimeoutMilliseconds)
}

/// The demo served as slamd serves it: from a factory, so `reset` can make it again.
func resettableDemoService(scheduler: ManualScheduler = ManualScheduler()) throws -> SlamService {
    try SlamService(makeApplication: { try DemoApp.makeApplication() }, scheduler: scheduler)
}
