import Testing
import SlamDemo
import SlamUI
@testable import SlamServer

@Suite struct LifetimeTests {
    /// A service and its application are freed when dropped: no reference cycle keeps a daemon's UI alive.
    @Test func aDroppedServiceIsFreed() throws {
        weak var weakService: SlamService?
        weak var weakApplication: Application?
        do {
            let service = try demoService()
            let client = TestClient(service)
            client.result("press", ["ref": "openSettings"])
            client.result("subscribe", ["events": ["changed"]])
            weakService = service
            weakApplication = service.application
            service.disconnect(client.session)
        }
        #expect(weakService == nil)
        #expect(weakApplication == nil)
    }
}
