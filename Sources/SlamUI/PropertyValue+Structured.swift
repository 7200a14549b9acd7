/// Turning a JSON-shaped ``StateValue`` (from a storyboard or the shared state)
/// into a property value of a given kind, with a message naming the offending
/// place when it does not fit.
extension PropertyValue {
    /// Why a value does not fit a property's kind: `path` is relative to the
    /// property (`[1].rows[0]`, empty for the value itself).
    public struct ShapeError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Where in the value it does not fit, relative to the property (`[1].rows[0]`); empty for the value itself.
        public let path: String
        /// Why it does not fit.
        public let reason: String

        /// `path: reason`, or the reason alone when the path is empty.
        public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
    }

    /// The value of kind `kind` that `state` describes, in its normal form
    /// (a table row written as a plain string becomes `{"text": …, "detail": null}`).
    /// Lists and nested values are checked strictly; plain values read as
    /// ``init(_:as:)`` reads them.
    ///
    /// - Throws: ``ShapeError`` naming where `state` does not fit.
    public static func parse(_ state: StateValue, as kind: Kind) throws(ShapeError) -> PropertyValue {
        switch kind {
        case .bool, .integer, .optionalInteger, .double, .string, .optionalString, .strings:
            // Plain values read as the shared state shows them in a property (one rule for both).
            return PropertyValue(state, as: kind)
        case .integers:
            let list = try list(state, at: "", of: "integers")
            var integers: [Int] = []
            for (index, element) in list.enumerated() {
                guard let integer = element.integerValue else { throw ShapeError(path: "[\(index)]", reason: "expected an integer") }
                integers.append(integer)
            }
            return .integers(integers)
        case .stringLists:
            let list = try list(state, at: "", of: "components")
            var components: [StateValue] = []
            for (index, element) in list.enumerated() {
                components.append(.list(try strings(element, at: "[\(index)]").map(StateValue.string)))
            }
            return .structured(.list(components))
        case .positions:
            let list = try list(state, at: "", of: "[section, row] pairs")
            var positions: [StateValue] = []
            for (index, element) in list.enumerated() {
                guard case .list(let pair) = element, pair.count == 2,
                      let section = pair[0].integerValue, let row = pair[1].integerValue else {
                    throw ShapeError(path: "[\(index)]", reason: "expected a [section, row] pair of integers")
                }
                positions.append([.integer(section), .integer(row)])
            }
            return .structured(.list(positions))
        case .tableSections:
            return .structured(.list(try sections(state, entries: "rows") { row, path throws(ShapeError) in
                switch row {
                case .string(let text): return ["text": .string(text), "detail": .null]
                case .record(let members):
                    try refuseUnknown(members, allowed: ["text", "detail"], at: path)
                    guard let text = members["text"]?.stringValue else { throw ShapeError(path: path, reason: "a row needs \"text\" (a string)") }
                    let detail = members["detail"] ?? .null
                    guard detail.isNull || detail.stringValue != nil else {
                        throw ShapeError(path: path + ".detail", reason: "expected a string or null")
                    }
                    return ["text": .string(text), "detail": detail]
                default:
                    throw ShapeError(path: path, reason: "a row is a string or {\"text\", \"detail\"}")
                }
            }))
        case .collectionSections:
            var keys: Set<String> = []
            return .structured(.list(try sections(state, entries: "items") { item, path throws(ShapeError) in
                let key: String, text: String
                switch item {
                case .string(let itemText):
                    key = itemText
                    text = itemText
                case .record(let members):
                    try refuseUnknown(members, allowed: ["key", "text"], at: path)
                    guard let itemText = members["text"]?.stringValue else {
                        throw ShapeError(path: path, reason: "an item needs \"text\" (a string)")
                    }
                    let keyValue = members["key"] ?? .string(itemText)
                    guard let itemKey = keyValue.stringValue else { throw ShapeError(path: path + ".key", reason: "expected a string") }
                    key = itemKey
                    text = itemText
                default:
                    throw ShapeError(path: path, reason: "an item is a string or {\"key\", \"text\"}")
                }
                guard keys.insert(key).inserted else {
                    throw ShapeError(path: path, reason: "the item key '\(key)' is used twice; keys must be unique in the view")
                }
                return ["key": .string(key), "text": .string(text)]
            }))
        }
    }

    private static func list(_ state: StateValue, at path: String, of what: String) throws(ShapeError) -> [StateValue] {
        guard case .list(let list) = state else { throw ShapeError(path: path, reason: "expected an array of \(what)") }
        return list
    }

    private static func strings(_ state: StateValue, at path: String) throws(ShapeError) -> [String] {
        let list = try list(state, at: path, of: "strings")
        var strings: [String] = []
        for (index, element) in list.enumerated() {
            guard let text = element.stringValue else { throw ShapeError(path: "\(path)[\(index)]", reason: "expected a string") }
            strings.append(text)
        }
        return strings
    }

    private static func refuseUnknown(_ members: [String: StateValue], allowed: [String], at path: String) throws(ShapeError) {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ShapeError(path: path, reason: "unknown member \"\(unknown)\"; allowed: \(allowed.joined(separator: ", "))")
        }
    }

    /// `[{"header": …, entries: [...]}]`, each entry normalised by `entry`.
    private static func sections(_ state: StateValue, entries name: String,
                                 entry: (StateValue, String) throws(ShapeError) -> StateValue) throws(ShapeError) -> [StateValue] {
        let sectionList = try list(state, at: "", of: "sections")
        var sections: [StateValue] = []
        for (index, section) in sectionList.enumerated() {
            let path = "[\(index)]"
            guard case .record(let members) = section else {
                throw ShapeError(path: path, reason: "a section is an object {\"header\", \"\(name)\"}")
            }
            try refuseUnknown(members, allowed: ["header", name], at: path)
            let header = members["header"] ?? .null
            guard header.isNull || header.stringValue != nil else { throw ShapeError(path: path + ".header", reason: "expected a string or null") }
            let entryList = try list(members[name] ?? .list([]), at: "\(path).\(name)", of: name)
            var normalised: [StateValue] = []
            for (entryIndex, value) in entryList.enumerated() {
                normalised.append(try entry(value, "\(path).\(name)[\(entryIndex)]"))
            }
            sections.append(["header": header, name: .list(normalised)])
        }
        return sections
    }
}
