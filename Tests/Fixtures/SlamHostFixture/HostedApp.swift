import SlamHost
import SlamUI

/// An application hosted as a developer hosts one: SlamHostTests launches it and drives it.
@main
struct HostedApp {
    static func main() {
        SlamHost.main(name: "hosted-app", version: "2.3.4", abstract: "A counter and its settings, scriptable.") {
            try HostedApplication.make()
        }
    }
}
