import CounterScreens
import SlamHost

/// `counter-app`: the counter served with slamd's whole command line (`--socket`, `--web`, `--check`, …).
@main
struct CounterApp {
    static func main() {
        SlamHost.main(name: "counter-app", version: "1.0.0", abstract: "A counter, scriptable.") {
            try CounterApplication.make()
        }
    }
}
