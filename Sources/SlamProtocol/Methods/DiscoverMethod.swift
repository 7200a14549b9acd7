import SlamJSON
import SlamRPC

/// `rpc.discover` → the OpenRPC document (the same as `Protocol/slam.openrpc.json`).
enum DiscoverMethod {
    static let name = "rpc.discover"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "The OpenRPC description of this protocol.",
                         result: ["$ref": "https://raw.githubusercontent.com/open-rpc/meta-schema/master/schema.json"]) { [unowned service] _ in
            service.discoveryDocument
        }
    }
}

extension SlamService {
    /// The OpenRPC description of every method this service answers.
    public var discoveryDocument: SlamJSON.JSONValue {
        OpenRPCDocument.make(methods: methods)
    }
}
