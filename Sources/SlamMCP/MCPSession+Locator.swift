import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC

extension MCPSession {
    /// The locator most likely to find the element `target` finds again after the app changed, in the
    /// order `slamctl record` prefers them: its role and accessible name when they find it alone (not a
    /// paragraph's or a status's, which apps rewrite as they go, when it has a reference), else its
    /// reference, else its type and text when they find it alone (never a field's typed text), else
    /// `target` as given.
    ///
    /// The daemon's recorder also knows which names are bound or placed by a state view; a client sees
    /// only what snapshots show, hence the rule about texts.
    ///
    /// - Throws: ``ClientError/server(_:)`` when `target` finds no element, or several.
    func robustLocator(of target: JSONValue) async throws(ClientError) -> ElementLocator {
        let element = try await connection.call(FindRequest.method, ["ref": target])
        let reference = element["ref"]?.stringValue ?? ""
        let role = element["role"]?.stringValue ?? "generic"
        let name = element["name"]?.stringValue ?? ""
        let type = element["type"]?.stringValue ?? ""
        func findsIt(_ locator: ElementLocator) async -> Bool {
            guard let found = try? await connection.call(FindRequest.method, ["ref": locator.parameterJSON]) else { return false }
            return found == element
        }
        let rewrittenText = Self.rewrittenTextRoles.contains(role) && !reference.isEmpty
        if role != "generic", !name.isEmpty, !rewrittenText, LocatorPattern(written: name) == nil {
            let byRole = ElementLocator(role: role, name: name)
            if await findsIt(byRole) { return byRole }
        }
        if !reference.isEmpty, await findsIt(ElementLocator(reference)) { return ElementLocator(reference) }
        if !Self.typedTextTypes.contains(type), let text = element["text"]?.stringValue, !text.isEmpty {
            let byText = ElementLocator(type: type, text: text)
            if await findsIt(byText) { return byText }
        }
        return try Self.locator(target)
    }

    /// Roles of texts an app writes as it runs (a count, a status line): located by reference when they have one.
    static let rewrittenTextRoles: Set<String> = ["paragraph", "status", "text", "log", "alert"]
    /// Elements whose text is what a person typed: never located by it.
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
