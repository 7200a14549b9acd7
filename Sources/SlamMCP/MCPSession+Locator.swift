import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC

extension MCPSession {
    /// The locator most likely to find the element `target` finds again after the app changed: the
    /// daemon's `locator`, the one its recorder writes in `action` events (and so in the session's flow).
    ///
    /// - Throws: ``ClientError/server(_:)`` when `target` finds no element, or several.
    func robustLocator(of target: JSONValue) async throws(ClientError) -> ElementLocator {
        let answer = try await connection.call(LocatorRequest.method, ["ref": target])
        return try Self.locator(answer["locator"] ?? .null)
    }

    /// Elements whose text is what a person typed: a step fills them rather than pressing them.
    static let typedTextTypes: Set<String> = ["TextField", "TextView"]

    /// `target` read as the locator Slam reads it (the daemon has accepted it already).
    static func locator(_ target: JSONValue) throws(ClientError) -> ElementLocator {
        do throws(ResponseError) {
            return try ElementLocator.read(target, path: "ref")
        } catch {
            throw .server(error)
        }
    }
}
