import SlamJSON
import SlamRPC

/// `rpc.discover` → the OpenRPC document (the same as `Protocol/slam.openrpc.json`).
enum DiscoverMethod {
    static let name = "rpc.discover"
    /// The released OpenRPC meta-schema the document is valid against (1.14.9, whose `openrpc`
    /// enum accepts 1.3.2); a copy is committed as `Protocol/openrpc-meta-schema.json`.
    static let metaSchema = "https://github.com/open-rpc/meta-schema/releases/download/1.14.9/open-rpc-meta-schema.json"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "The OpenRPC description of this protocol.",
                         result: ["$ref": .string(metaSchema)]) { [unowned service] _ in
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
