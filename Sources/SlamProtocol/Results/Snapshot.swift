import SlamJSON

/// An element snapshot as the daemon sends it: `type`, `ref` and the type's
/// properties (see `Protocol/elements.md`), with `children` in trees.
///
/// Properties differ by element type, so a snapshot keeps its JSON and reads
/// the common ones by name.
public struct Snapshot: Hashable, Sendable, CustomStringConvertible, ResultValue, JSONEncoding {
    public typealias Value = Snapshot

    /// The snapshot exactly as received.
    public let json: JSONValue

    public init?(_ json: JSONValue) {
        guard json["type"]?.stringValue != nil, json["ref"]?.stringValue != nil else { return nil }
        self.json = json
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let snapshot = Snapshot(json) else { throw ResultDecodingError(expected: "an element snapshot", got: json) }
        self = snapshot
    }

    public var type: String { json["type"]?.stringValue ?? "" }
    public var reference: String { json["ref"]?.stringValue ?? "" }
    public var isVisible: Bool { json["visible"]?.boolValue ?? true }
    /// False only for controls that are disabled.
    public var isEnabled: Bool { json["enabled"]?.boolValue ?? true }
    public var text: String? { json["text"]?.stringValue }

    /// A property by its snapshot name.
    public subscript(property: String) -> JSONValue? { json[property] }

    /// Nested snapshots, for snapshots that came from `tree`.
    public var children: [Snapshot] { json["children"]?.arrayValue?.compactMap(Snapshot.init) ?? [] }

    public var description: String { json.description }

    public func jsonNode() -> JSONNode { JSONNode(json) }

    /// The schema discovery gives snapshot results.
    public static var schemaReference: JSONValue { ["$ref": "#/components/schemas/ElementSnapshot"] }
}
