import SlamRPC

/// `ping` → `"pong"`: checks that the daemon answers.
enum PingMethod {
    static let name = "ping"

    static func descriptor() -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Answers \"pong\".", result: ["const": "pong"]) { _ in "pong" }
    }
}
