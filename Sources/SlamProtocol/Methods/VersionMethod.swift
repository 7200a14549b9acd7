import SlamJSON
import SlamRPC

/// `version` → protocol and server versions, capabilities and limits.
enum VersionMethod {
    static let name = "version"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "The protocol version, the server version, capabilities and limits.",
                         result: ["$ref": "#/components/schemas/Version"]) { [unowned service] _ in
            [
                "protocolVersion": .string(SlamService.protocolVersion),
                "serverVersion": .string(service.configuration.serverVersion),
                "capabilities": [
                    "framings": ["newline", "contentLength"],
                    "batches": true,
                    "events": .array(EventKind.allCases.map { .string($0.rawValue) }),
                    "methods": .array(service.methods.map { .string($0.name) }),
                ],
                "limits": [
                    "maxMessageBytes": .integer(Int64(service.configuration.maximumMessageBytes)),
                    "maxWaitTimeoutMs": .integer(Int64(service.configuration.maximumWaitTimeoutMilliseconds)),
                ],
            ]
        }
    }
}
