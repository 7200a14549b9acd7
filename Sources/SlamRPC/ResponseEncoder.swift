import SlamJSON

/// Writes responses: the fixed envelope `{"jsonrpc":"2.0","result":…,"id":…}`
/// (or `"error"`) around values jansson writes.
///
/// The member order is the one every Slam reply has always had, so replies
/// are byte for byte what a whole-document writer would produce.
public enum ResponseEncoder {
    private static let resultPrefix = Array(#"{"jsonrpc":"2.0","result":"#.utf8)
    private static let errorPrefix = Array(#"{"jsonrpc":"2.0","error":"#.utf8)
    private static let idPrefix = Array(#","id":"#.utf8)

    /// A success response; a result JSON cannot hold becomes an internal error instead.
    ///
    /// Written by ``SlamJSON/JSONNode/write(into:)`` (jansson's very bytes, without its writer's
    /// cycle check of every container) into one array, the id appended in place: a small reply costs
    /// one allocation of its own size.
    public static func result(_ result: borrowing JSONNode, id: RequestID) -> [UInt8] {
        var bytes = resultPrefix
        bytes.reserveCapacity(resultPrefix.count + 64)
        do {
            try result.write(into: &bytes)
        } catch {
            return Self.error(.internalError("the result could not be written as JSON: \(error)"), id: id)
        }
        appendIDSuffix(id, to: &bytes)
        return bytes
    }

    /// An error response.
    public static func error(_ error: ResponseError, id: RequestID) -> [UInt8] {
        if let bytes = try? JSONNode(error.jsonValue).serialized(prefix: errorPrefix, suffix: idSuffix(id)) {
            return bytes
        }
        return Array(#"{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"},"id":null}"#.utf8)
    }

    /// The reply to a batch: its responses in order, or nil when it held only notifications.
    public static func batch(_ responses: [[UInt8]]) -> [UInt8]? {
        guard !responses.isEmpty else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(responses.reduce(2) { $0 + $1.count + 1 })
        bytes.append(UInt8(ascii: "["))
        for (index, response) in responses.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += response
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// `,"id":<id>}`: an integer id is written here, any other by jansson.
    private static func idSuffix(_ id: RequestID) -> [UInt8] {
        var suffix: [UInt8] = []
        appendIDSuffix(id, to: &suffix)
        return suffix
    }

    /// Appends `,"id":<id>}` to `bytes`.
    private static func appendIDSuffix(_ id: RequestID, to bytes: inout [UInt8]) {
        bytes += idPrefix
        switch id {
        case .integer(let value):
            JSONNode.writeInteger(value, into: &bytes)
        case .null:
            bytes += "null".utf8
        case .string(let value):
            bytes += (try? JSONNode(value).serialized()) ?? Array("null".utf8)
        case .double(let value):
            bytes += (try? JSONNode(value).serialized()) ?? Array("null".utf8)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
