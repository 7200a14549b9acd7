/// A revision of the Model Context Protocol the server speaks, and what differs between them.
///
/// The stateless revision (2026-07-28) carries its version in every request's `_meta`; the
/// handshake revisions are chosen once per connection by `initialize`.
public enum MCPRevision: String, Sendable, CaseIterable {
    /// Stateless: `server/discover`, `_meta` in every request, `subscriptions/listen`.
    case stateless = "2026-07-28"
    case november2025 = "2025-11-25"
    case june2025 = "2025-06-18"
    /// The oldest served: no structured content, output schemas or titles.
    case march2025 = "2025-03-26"

    /// The handshake revisions, newest first: `initialize` answers the first when it is offered one it does not know.
    public static let handshake: [MCPRevision] = [.november2025, .june2025, .march2025]

    public var isStateless: Bool { self == .stateless }

    /// Whether tools have `outputSchema` and results `structuredContent`, and tools and resources a `title`.
    public var hasStructuredContent: Bool { self != .march2025 }
}
