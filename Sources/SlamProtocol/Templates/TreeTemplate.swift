import SlamJSON

/// A partial element tree that a real one must match: written in the shape
/// `tree` answers, but only the properties and children written down are compared.
///
/// - A string written `/pattern/` (or `/pattern/i`, ignoring case) is a regular
///   expression searched for in the actual string: anchor it (`/^Save$/`) for a whole match.
///   It must pass the rule that bounds patterns (``BoundedPattern``: no nested quantifiers,
///   no backreferences …), and looks at the beginning of a long string only.
/// - Numbers compare by value (`5` matches `5.0`); arrays compare item by item and
///   must have as many items; objects compare the members written down.
/// - `children` (an array of templates) must match actual children in order, as a
///   subsequence: other children may come before, between and after. With
///   `strict`, children match one to one, as many as written, wherever a
///   template writes `children`.
///
/// ```swift
/// let template = try TreeTemplate(json: ["type": "View", "children": [
///     ["ref": "count", "text": "/^Count: \\d+$/"],
///     ["type": "Button", "text": "+1"]]])
/// let diff = template.match(try connection.tree().json)
/// if !diff.isMatch { print(diff) }   // root > children: no child after [1] matches {type: "Button", text: "+1"} …
/// ```
///
/// The daemon (`waitFor` with `template`) and every Swift client use this one matcher,
/// so a diff reads the same wherever it comes from.
public struct TreeTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template as written.
    public let json: JSONValue
    private let root: Element

    /// Reads a template, compiling its regular expressions once.
    ///
    /// - Throws: ``FormatError`` naming the JSON path (from the template's root, `$`)
    ///   of what is malformed: a template that is not an object, `children` that is
    ///   not an array of objects, a regular expression that does not compile.
    public init(json: JSONValue) throws(FormatError) {
        // Compiled patterns weigh about half a kilobyte a character: count them before compiling any.
        let characters = Self.patternCharacters(in: json)
        guard characters <= BoundedPattern.maximumTemplatePatternCharacters else {
            throw FormatError(path: .root, reason: "its regular expressions hold \(characters) characters together, "
                                  + "more than \(BoundedPattern.maximumTemplatePatternCharacters)")
        }
        self.json = json
        patternCharacters = characters
        root = try Element(json, at: .root)
    }

    /// How many characters its `/pattern/` strings hold together (what a pending wait on it holds compiled).
    public let patternCharacters: Int

    /// The most steps its patterns may take on one tree's texts, roughly (``BoundedPattern/worstCaseSteps`` each).
    public var patternSteps: Int { Self.patternSteps(in: json) }

    private static func patternSteps(in json: JSONValue) -> Int {
        switch json {
        case .string(let text):
            guard RegularExpression.isWritten(text) else { return 0 }
            let ignoresCase = text.hasSuffix("/i")
            return (try? BoundedPattern(String(text.dropFirst().dropLast(ignoresCase ? 2 : 1))).worstCaseSteps) ?? 0
        case .array(let items): return items.reduce(0) { $0 + patternSteps(in: $1) }
        case .object(let members): return members.values.reduce(0) { $0 + patternSteps(in: $1) }
        default: return 0
        }
    }

    private static func patternCharacters(in json: JSONValue) -> Int {
        switch json {
        case .string(let text): RegularExpression.isWritten(text) ? text.count : 0
        case .array(let items): items.reduce(0) { $0 + patternCharacters(in: $1) }
        case .object(let members): members.values.reduce(0) { $0 + patternCharacters(in: $1) }
        default: 0
        }
    }

    /// Compares `tree` (a snapshot with nested `children`, as `tree` answers) with this template.
    ///
    /// - Parameter strict: children must match one to one, not as a subsequence.
    /// - Returns: the differences, empty when the tree matches.
    public func match(_ tree: JSONValue, strict: Bool = false) -> TemplateDiff {
        TemplateDiff(mismatches: root.mismatches(with: tree, at: Location(), strict: strict))
    }

    /// Whether `tree` matches, without describing how it differs: reads only the members the
    /// template names, and stops at the first difference.
    public func matches<Subject: TemplateSubject>(_ tree: Subject, strict: Bool = false) -> Bool {
        root.matches(tree, strict: strict)
    }

    public var description: String { Self.render(json) }

    /// The template in one line, children counted rather than written out: `{type: "View", children: [2 elements]}`.
    public var summary: String { Self.summary(json) }

    public static func == (lhs: TreeTemplate, rhs: TreeTemplate) -> Bool { lhs.json == rhs.json }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// A template that cannot be used, and where (a JSON path from the template's root, `$.children[0].text`).
    public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: JSONPath
        public let reason: String

        public init(path: JSONPath, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `$.children: must be an array of element templates, got a string`.
        public var description: String { "\(path): \(reason)" }

        /// The path as seen from an enclosing document: `template.children[0]` for `prefix` `template`.
        public func path(under prefix: String) -> String {
            prefix + path.description.dropFirst()
        }
    }

    // MARK: - Writing templates and values in diffs

    /// A template value as a person reads it: regular expressions bare (`/^Sa/`),
    /// plain member names unquoted (`{type: "Button", text: "Save"}`), other values as JSON.
    public static func render(_ value: JSONValue) -> String {
        render(value, asTemplate: true)
    }

    /// A value of a tree, written as templates are (strings always quoted).
    static func renderActual(_ value: JSONValue) -> String {
        render(value, asTemplate: false)
    }

    private static func render(_ value: JSONValue, asTemplate: Bool) -> String {
        switch value {
        case .string(let text) where asTemplate && RegularExpression.isWritten(text):
            return text
        case .array(let items):
            return "[" + items.map { render($0, asTemplate: asTemplate) }.joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { key, value in "\(renderKey(key)): \(render(value, asTemplate: asTemplate))" }
                .joined(separator: ", ") + "}"
        default:
            return value.description
        }
    }

    /// An element template in one line, its children counted rather than written out.
    static func summary(_ element: JSONValue) -> String {
        guard case .object(let members) = element else { return render(element) }
        let parts = members.map { key, value -> String in
            if key == Element.childrenKey, let children = value.arrayValue {
                return "\(key): [\(children.count) element\(children.count == 1 ? "" : "s")]"
            }
            return "\(renderKey(key)): \(render(value))"
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    private static func renderKey(_ key: String) -> String {
        let plain = key.unicodeScalars.first.map { !("0"..."9").contains($0) } ?? false
            && key.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        return plain ? key : JSONValue.string(key).description
    }
}

// MARK: - The compiled template

extension TreeTemplate {
    /// An element written in a template: its properties, and its children when written.
    final class Element: Sendable {
        static let childrenKey = "children"

        let source: JSONValue
        let properties: [(name: String, pattern: Pattern)]
        let children: [Element]?

        init(_ json: JSONValue, at path: JSONPath) throws(FormatError) {
            guard case .object(let members) = json else {
                throw FormatError(path: path, reason: "an element template must be an object (as `tree` answers), got \(json.typeName)")
            }
            source = json
            var properties: [(String, Pattern)] = []
            var children: [Element]?
            for (key, value) in members {
                let memberPath = path.appending(key: key)
                if key == Self.childrenKey {
                    guard case .array(let items) = value else {
                        throw FormatError(path: memberPath, reason: "children must be an array of element templates, got \(value.typeName)")
                    }
                    var elements: [Element] = []
                    for (index, item) in items.enumerated() {
                        elements.append(try Element(item, at: memberPath.appending(index: index)))
                    }
                    children = elements
                } else {
                    properties.append((key, try Pattern(value, at: memberPath)))
                }
            }
            self.properties = properties
            self.children = children
        }

        /// How `actual` (an element snapshot with `children`) differs from this template; empty when it matches.
        func mismatches(with actual: JSONValue, at location: Location, strict: Bool) -> [TemplateMismatch] {
            guard case .object(let members) = actual else {
                return [location.mismatch(.valueDiffers, "expected an element \(TreeTemplate.summary(source)), got \(TreeTemplate.renderActual(actual))",
                                          expected: source, actual: actual)]
            }
            var found: [TemplateMismatch] = []
            for (name, pattern) in properties {
                let propertyLocation = location.property(name)
                if let value = members[name] {
                    pattern.collectMismatches(with: value, at: propertyLocation, into: &found)
                } else {
                    found.append(propertyLocation.mismatch(
                        .propertyMissing, "expected \(TreeTemplate.render(pattern.source)), but the element has no '\(name)'",
                        expected: pattern.source, actual: nil))
                }
            }
            if let children {
                let actualChildren = members[Self.childrenKey]?.arrayValue ?? []
                if strict {
                    found += strictChildMismatches(children, actualChildren, at: location)
                } else {
                    found += orderedChildMismatches(children, actualChildren, at: location)
                }
            }
            return found
        }

        /// What ``mismatches(with:at:strict:)`` finds empty, without building any mismatch.
        func matches<Subject: TemplateSubject>(_ actual: Subject, strict: Bool) -> Bool {
            for (name, pattern) in properties {
                guard let value = actual.templateValue(name), pattern.matches(value) else { return false }
            }
            guard let children else { return true }
            let actualChildren = actual.templateChildren
            if strict {
                guard children.count == actualChildren.count else { return false }
                return zip(children, actualChildren).allSatisfy { template, child in template.matches(child, strict: true) }
            }
            var next = actualChildren.startIndex
            for template in children {
                guard let found = actualChildren[next...].firstIndex(where: { template.matches($0, strict: false) }) else { return false }
                next = found + 1
            }
            return true
        }

        /// Each template child must match an actual child after the one the previous template child matched.
        /// Taking the first that matches is never worse than a later one: it leaves the most children for the rest.
        private func orderedChildMismatches(_ templates: [Element], _ actual: [JSONValue], at location: Location) -> [TemplateMismatch] {
            var found: [TemplateMismatch] = []
            var lastMatched: Int?
            for template in templates {
                let start = lastMatched.map { $0 + 1 } ?? 0
                var tried: [(index: Int, value: JSONValue, mismatches: [TemplateMismatch])] = []
                var matched: Int?
                for index in start..<max(start, actual.count) {
                    let mismatches = template.mismatches(with: actual[index], at: location.child(index, actual[index]), strict: false)
                    if mismatches.isEmpty {
                        matched = index
                        break
                    }
                    tried.append((index, actual[index], mismatches))
                }
                if let matched {
                    lastMatched = matched
                    continue
                }
                found.append(template.noMatch(among: tried, after: lastMatched, childCount: actual.count, at: location))
            }
            return found
        }

        /// Template child `i` against actual child `i`, and as many children as written.
        private func strictChildMismatches(_ templates: [Element], _ actual: [JSONValue], at location: Location) -> [TemplateMismatch] {
            var found: [TemplateMismatch] = []
            if templates.count != actual.count {
                let written = templates.count == 1 ? "1 child" : "\(templates.count) children"
                found.append(location.property(Self.childrenKey).mismatch(
                    .childCount, "expected \(written) (strict), got \(actual.count)",
                    expected: .integer(Int64(templates.count)), actual: .integer(Int64(actual.count))))
            }
            for (index, (template, child)) in zip(templates, actual).enumerated() {
                found += template.mismatches(with: child, at: location.child(index, child), strict: true)
            }
            return found
        }

        /// The mismatch for a template child no actual child matched, with the candidate that came closest.
        private func noMatch(among tried: [(index: Int, value: JSONValue, mismatches: [TemplateMismatch])], after lastMatched: Int?,
                             childCount: Int, at location: Location) -> TemplateMismatch {
            var message = lastMatched.map { "no child after [\($0)] matches " } ?? "no child matches "
            message += TreeTemplate.summary(source)
            if tried.isEmpty {
                message += lastMatched.map { ": [\($0)] is the last child" } ?? ": the element has no children"
            }
            // Templates name direct children; an element written one level too high is a likely slip.
            for candidate in tried {
                if let deeper = firstDescendantMatch(in: candidate.value, at: location.child(candidate.index, candidate.value)) {
                    message += "; one matches deeper: \(deeper.readable)"
                    break
                }
            }
            let closest = closestCandidate(tried)
            return location.property(Self.childrenKey).mismatch(
                .noMatchingChild, message, expected: source, actual: nil,
                closestIndex: closest?.index, closest: closest?.mismatches ?? [])
        }

        /// The first element below `element`, in tree order, that this template matches.
        private func firstDescendantMatch(in element: JSONValue, at location: Location) -> Location? {
            for (index, child) in (element[Self.childrenKey]?.arrayValue ?? []).enumerated() {
                let childLocation = location.child(index, child)
                if mismatches(with: child, at: childLocation, strict: false).isEmpty { return childLocation }
                if let found = firstDescendantMatch(in: child, at: childLocation) { return found }
            }
            return nil
        }

        /// The child a person most likely meant: one with the template's `ref`, then its `type`, then the fewest
        /// differences, then the first. None when no child agrees on any property written.
        private func closestCandidate(_ tried: [(index: Int, value: JSONValue, mismatches: [TemplateMismatch])])
            -> (index: Int, mismatches: [TemplateMismatch])? {
            func agrees(_ candidate: JSONValue, on name: String) -> Bool {
                guard let pattern = properties.first(where: { $0.name == name })?.pattern else { return true }
                guard let value = candidate[name] else { return false }
                var differences: [TemplateMismatch] = []
                pattern.collectMismatches(with: value, at: Location(), into: &differences)
                return differences.isEmpty
            }
            let agreeing = tried.filter { candidate in
                properties.isEmpty || properties.contains { agrees(candidate.value, on: $0.name) }
            }
            let best = agreeing.min { left, right in
                let leftKey = (agrees(left.value, on: "ref") ? 0 : 1, agrees(left.value, on: "type") ? 0 : 1, left.mismatches.count, left.index)
                let rightKey = (agrees(right.value, on: "ref") ? 0 : 1, agrees(right.value, on: "type") ? 0 : 1, right.mismatches.count, right.index)
                return leftKey < rightKey
            }
            return best.map { ($0.index, $0.mismatches) }
        }
    }

    /// A property value written in a template.
    indirect enum Pattern: Sendable {
        case value(JSONValue)
        case text(RegularExpression)
        case array([Pattern], source: JSONValue)
        case object([(name: String, pattern: Pattern)], source: JSONValue)

        init(_ json: JSONValue, at path: JSONPath) throws(FormatError) {
            switch json {
            case .string(let text) where RegularExpression.isWritten(text):
                self = .text(try RegularExpression(text, at: path))
            case .array(let items):
                var patterns: [Pattern] = []
                for (index, item) in items.enumerated() { patterns.append(try Pattern(item, at: path.appending(index: index))) }
                self = .array(patterns, source: json)
            case .object(let members):
                var patterns: [(String, Pattern)] = []
                for (key, value) in members { patterns.append((key, try Pattern(value, at: path.appending(key: key)))) }
                self = .object(patterns, source: json)
            default:
                self = .value(json)
            }
        }

        /// The value as written.
        var source: JSONValue {
            switch self {
            case .value(let value): value
            case .text(let expression): .string(expression.written)
            case .array(_, let source), .object(_, let source): source
            }
        }

        /// What ``collectMismatches(with:at:into:)`` finds nothing in, without building any mismatch.
        func matches(_ actual: JSONValue) -> Bool {
            switch (self, actual) {
            case (.value(let expected), _):
                return Self.equal(expected, actual)
            case (.text(let expression), .string(let text)):
                return expression.matches(text)
            case (.array(let patterns, _), .array(let items)):
                return patterns.count == items.count && zip(patterns, items).allSatisfy { $0.matches($1) }
            case (.object(let patterns, _), .object(let members)):
                return patterns.allSatisfy { name, pattern in members[name].map(pattern.matches) ?? false }
            default:
                return false
            }
        }

        func collectMismatches(with actual: JSONValue, at location: Location, into found: inout [TemplateMismatch]) {
            switch (self, actual) {
            case (.value(let expected), _):
                if !Self.equal(expected, actual) { found.append(differs(actual, at: location)) }
            case (.text(let expression), .string(let text)):
                if !expression.matches(text) { found.append(differs(actual, at: location)) }
            case (.array(let patterns, _), .array(let items)) where patterns.count == items.count:
                for (index, (pattern, item)) in zip(patterns, items).enumerated() {
                    pattern.collectMismatches(with: item, at: location.index(index), into: &found)
                }
            case (.object(let patterns, _), .object(let members)):
                for (name, pattern) in patterns {
                    if let value = members[name] {
                        pattern.collectMismatches(with: value, at: location.member(name), into: &found)
                    } else {
                        found.append(location.member(name).mismatch(
                            .propertyMissing, "expected \(TreeTemplate.render(pattern.source)), but there is no '\(name)'",
                            expected: pattern.source, actual: nil))
                    }
                }
            default:
                found.append(differs(actual, at: location))
            }
        }

        private func differs(_ actual: JSONValue, at location: Location) -> TemplateMismatch {
            location.mismatch(.valueDiffers, "expected \(TreeTemplate.render(source)), got \(TreeTemplate.renderActual(actual))", expected: source, actual: actual)
        }

        /// Scalars: numbers by value (`5` equals `5.0`), everything else exactly.
        static func equal(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
            if let left = expected.doubleValue, let right = actual.doubleValue { return left == right }
            return expected == actual
        }
    }

    /// A `/pattern/` or `/pattern/i` string of a template, checked against the rule that bounds
    /// patterns (``BoundedPattern``) and compiled.
    struct RegularExpression: Sendable {
        let written: String
        private let expression: BoundedPattern

        /// Whether a template string is a regular expression: `/…/` or `/…/i`, at least two slashes.
        static func isWritten(_ text: String) -> Bool {
            guard text.count >= 2, text.hasPrefix("/") else { return false }
            return text.hasSuffix("/") || (text.count >= 3 && text.hasSuffix("/i"))
        }

        init(_ written: String, at path: JSONPath) throws(FormatError) {
            self.written = written
            let ignoresCase = written.hasSuffix("/i")
            let pattern = String(written.dropFirst().dropLast(ignoresCase ? 2 : 1))
            do throws(BoundedPattern.Refusal) {
                expression = try BoundedPattern(pattern, ignoringCase: ignoresCase)
            } catch {
                if let compilerError = error.compilerError {
                    throw FormatError(path: path, reason: "\(written) is not a valid regular expression (\(compilerError))")
                }
                throw FormatError(path: path, reason: "\(written) \(error.reason)")
            }
        }

        /// Whether the expression is found in `text` (in as much of it as the rule lets it look at).
        func matches(_ text: String) -> Bool {
            expression.isFound(in: text)
        }
    }
}

// MARK: - Where a mismatch is

extension TreeTemplate {
    /// A place in the actual tree, written two ways: for people
    /// (`root > children[2] (ref "save", Button) > text`) and as a JSON path (`$.children[2].text`).
    /// A linked list, so going deeper copies nothing; the texts are built only for a mismatch.
    struct Location {
        private final class Step: Sendable {
            let parent: Step?
            let readable: String
            let separator: String
            let pointer: JSONPath.Component

            init(parent: Step?, readable: String, separator: String, pointer: JSONPath.Component) {
                self.parent = parent
                self.readable = readable
                self.separator = separator
                self.pointer = pointer
            }
        }

        private let last: Step?

        init() { last = nil }
        private init(last: Step?) { self.last = last }

        /// Child `index` of this element; `element` names it by its ref and type.
        func child(_ index: Int, _ element: JSONValue) -> Location {
            let type = element["type"]?.stringValue ?? "?"
            let reference = element["ref"]?.stringValue ?? ""
            let name = reference.isEmpty ? "(\(type))" : "(ref \(JSONValue.string(reference)), \(type))"
            let children = Step(parent: last, readable: "children", separator: " > ", pointer: .key(Element.childrenKey))
            return Location(last: Step(parent: children, readable: "[\(index)] \(name)", separator: "", pointer: .index(index)))
        }

        /// A property of this element.
        func property(_ name: String) -> Location {
            Location(last: Step(parent: last, readable: name, separator: " > ", pointer: .key(name)))
        }

        /// An item of an array value.
        func index(_ index: Int) -> Location {
            Location(last: Step(parent: last, readable: "[\(index)]", separator: "", pointer: .index(index)))
        }

        /// A member of an object value.
        func member(_ name: String) -> Location {
            Location(last: Step(parent: last, readable: name, separator: ".", pointer: .key(name)))
        }

        /// The steps from the root down.
        private var steps: [Step] {
            var steps: [Step] = []
            var step = last
            while let current = step {
                steps.append(current)
                step = current.parent
            }
            return steps.reversed()
        }

        /// `root > children[2] (ref "save", Button) > text`.
        var readable: String {
            var readable = "root"
            for step in steps { readable += step.separator + step.readable }
            return readable
        }

        func mismatch(_ kind: TemplateMismatch.Kind, _ message: String, expected: JSONValue?, actual: JSONValue?,
                      closestIndex: Int? = nil, closest: [TemplateMismatch] = []) -> TemplateMismatch {
            TemplateMismatch(kind: kind, path: readable, pointer: JSONPath(components: steps.map(\.pointer)).description,
                                    message: message, expected: expected, actual: actual, closestIndex: closestIndex,
                                    closest: closest)
        }
    }
}
