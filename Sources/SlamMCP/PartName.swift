import SlamClient
import SlamJSON
import SlamProtocol
import SlamSuggestions

/// A part of an element named as the snapshot shows it ("Large", "Walk the dog"), turned into
/// the `value` `press` takes: a segment's or a list row's index, `[component, row]` for a picker,
/// `[section, row]` for a sectioned table, an item's key for a collection.
enum PartName {
    enum Resolution {
        case value(JSONValue)
        case failure(MCPToolResult)
    }

    /// Reads the element's parts and finds `name` among them; a string that names no part of an
    /// element without named parts (a date picker's date, a collection item's key) goes as it is.
    static func resolve(_ name: String, in target: JSONValue, session: MCPSession) async throws -> Resolution {
        let element: Snapshot
        do {
            element = try Snapshot(json: try await session.connection.call(FindRequest.method, ["ref": target]))
        } catch let error as ClientError {
            return .failure(try await SlamErrorHint.result(for: error, target: target, session: session))
        }
        let parts = self.parts(of: element)
        guard !parts.isEmpty else { return .value(.string(name)) }
        if let part = parts.first(where: { $0.name == name }) { return .value(part.value) }
        // A collection item may be meant by its key.
        if parts.contains(where: { $0.value == .string(name) }) { return .value(.string(name)) }
        let names = parts.map(\.name)
        let nearest = NameSuggestions.nearest(to: name, in: names)
        let listed = names.prefix(20).map { JSONValue.string($0).description }.joined(separator: ", ") + (names.count > 20 ? ", …" : "")
        return .failure(.failure("Error: \(SlamTools.describe(element)) has no part named \(JSONValue.string(name))"
            + (nearest.isEmpty ? "" : "; did you mean \(nearest.map { JSONValue.string($0).description }.joined(separator: " or "))?")
            + " Its parts: \(listed).\nNext: use one of those names, or an index."))
    }

    /// The element's named parts with the `press` value that selects each, in screen order.
    static func parts(of element: Snapshot) -> [(name: String, value: JSONValue)] {
        if let names = element["segments"]?.arrayValue ?? element["items"]?.arrayValue {
            return names.enumerated().compactMap { index, name in name.stringValue.map { ($0, .integer(Int64(index))) } }
        }
        if let components = element["components"]?.arrayValue {
            return components.enumerated().flatMap { component, rows in
                (rows.arrayValue ?? []).enumerated().compactMap { row, name in
                    name.stringValue.map { ($0, [.integer(Int64(component)), .integer(Int64(row))]) }
                }
            }
        }
        guard let sections = element["sections"]?.arrayValue else { return [] }
        return sections.enumerated().flatMap { section, content -> [(name: String, value: JSONValue)] in
            if let rows = content["rows"]?.arrayValue {
                return rows.enumerated().compactMap { row, cell in
                    (cell["text"]?.stringValue ?? cell.stringValue).map { ($0, [.integer(Int64(section)), .integer(Int64(row))]) }
                }
            }
            return (content["items"]?.arrayValue ?? []).compactMap { item in
                guard let text = item["text"]?.stringValue, let key = item["key"]?.stringValue else { return nil }
                return (text, .string(key))
            }
        }
    }
}
