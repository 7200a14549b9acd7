import SlamJSON
import SlamProtocol
import SlamRPC
import SlamSuggestions
import SlamUI

/// Finding the one element a locator means, and saying clearly when there is none or several.
extension SlamService {
    /// The element `locator` picks in the controller named by `identifier` (default: top).
    ///
    /// - Throws: -32001 naming the nearest references and texts when nothing matches,
    ///   -32014 listing the candidates when several do and no `nth` picks one.
    func element(_ locator: ElementLocator, in identifier: String?) throws(ResponseError) -> View {
        let controller = try controller(identifier)
        guard let element = try locate(locator, in: controller) else { throw notFound(locator, in: controller) }
        return element
    }

    /// The element `locator` picks in `controller`, nil when none matches.
    ///
    /// A plain reference is one dictionary look-up; a described locator walks the
    /// tree (or the subtree `within` picks) once.
    ///
    /// - Throws: -32014 when several match and no `nth` picks one; -32602 for a regular expression that does
    ///   not compile, or a role no element has.
    /// - Parameter path: where the locator is in the request, for errors (`ref.within`).
    func locate(_ locator: ElementLocator, in controller: ViewController, path: String = "ref") throws(ResponseError) -> View? {
        if let reference = locator.plainReference { return controller.find(reference) }
        let matches = try matches(locator, in: controller, path: path)
        if let nth = locator.nth {
            let index = nth < 0 ? matches.count + nth : nth
            return matches.indices.contains(index) ? matches[index] : nil
        }
        guard matches.count <= 1 else { throw ambiguous(locator, matches, in: controller) }
        return matches.first
    }

    /// Every element `locator` describes, in tree order, ignoring `nth`.
    func matches(_ locator: ElementLocator, in controller: ViewController, path: String = "ref") throws(ResponseError) -> [View] {
        if let role = locator.role { try checkKnown(role, path: path + ".role") }
        let scope: View
        if let within = locator.within {
            let container: View?
            do throws(ResponseError) {
                container = try locate(within, in: controller, path: path + ".within")
            } catch {
                throw Self.aboutTheContainer(error)
            }
            guard let container else { return [] }
            scope = container
        } else {
            scope = controller.view
        }
        let textPattern = try locator.textMatches.map { pattern throws(ResponseError) in
            try compiledPattern(LocatorPattern(pattern: pattern), member: path + ".textMatches")
        }
        let namePattern = try locator.namePattern.map { pattern throws(ResponseError) in try compiledPattern(pattern, member: path + ".name") }
        let exactName = namePattern == nil ? locator.name : nil
        var found: [View] = []
        scope.forEachInTree { element in
            if element === scope, locator.within != nil { return }
            if let reference = locator.ref, element.reference != reference { return }
            if let type = locator.type, Swift.type(of: element).typeName != type { return }
            if let role = locator.role, element.accessibilityRole.rawValue != role { return }
            if locator.text != nil || textPattern != nil {
                guard let text = element.locatorText else { return }
                if let expected = locator.text, text != expected { return }
                if let textPattern, !textPattern.isFound(in: text) { return }
            }
            if let exactName, element.accessibleName != exactName { return }
            if let namePattern, !namePattern.isFound(in: element.accessibleName) { return }
            found.append(element)
        }
        return found
    }

    /// A pattern (`textMatches`, a `/…/` name) checked against the rule that bounds patterns and compiled,
    /// once: a pending wait judges its locator after every change.
    private func compiledPattern(_ pattern: LocatorPattern, member: String) throws(ResponseError) -> BoundedPattern {
        if let compiled = waits.patternsOfJudgedWait[pattern] ?? compiledPatterns[pattern] { return compiled }
        do throws(BoundedPattern.Refusal) {
            let compiled = try pattern.compiled()
            if compiledPatterns.count >= 64 { compiledPatterns.removeAll() }
            compiledPatterns[pattern] = compiled
            return compiled
        } catch {
            throw .invalidParams("\(member): \(pattern) \(error.reason)", data: ["parameter": "ref", "pattern": .string(pattern.pattern)])
        }
    }

    /// The patterns (`textMatches`, `/…/` names) of `locator` and of the containers it looks within, compiled
    /// (those that do not compile are left out: looking the element up says so).
    func compiledPatterns(of locator: ElementLocator?) -> [LocatorPattern: BoundedPattern] {
        var patterns: [LocatorPattern: BoundedPattern] = [:]
        var next = locator
        while let current = next {
            for pattern in current.patterns {
                if let compiled = try? compiledPattern(pattern, member: "ref") { patterns[pattern] = compiled }
            }
            next = current.within
        }
        return patterns
    }

    /// The roles built-in elements take (an alert's included); an app's own element types add theirs.
    static let builtInRoles: Set<AccessibilityRole> = Set(ElementType.builtIn.values.flatMap(\.accessibilityRoles))
        .union(AlertView.accessibilityRoles)

    /// The roles of the parts elements show in accessibility snapshots, with what the part is and the
    /// role of the element to locate instead.
    static let partOwners: [AccessibilityRole: (part: String, element: String)] = [
        .radio: ("segment of a radiogroup", "radiogroup"),
        .option: ("row of a picker's listbox", "group (the picker)"),
        .listbox: ("component of a picker", "group (the picker)"),
        .listitem: ("row of a list", "list"),
        .row: ("row of a table or grid", "table or grid"),
        .rowgroup: ("section of a table", "table"),
        .gridcell: ("item of a grid", "grid"),
    ]

    /// Refuses a `role` no element could have: not a built-in element's, nor that of an element on the
    /// screens shown or on a new instance of a screen the app declares (looked at only for such a role).
    ///
    /// - Throws: -32602 naming `path`, with the nearest known roles ("did you mean") and all of them.
    private func checkKnown(_ role: String, path: String) throws(ResponseError) {
        let wanted = AccessibilityRole(rawValue: role)
        guard !Self.builtInRoles.contains(wanted), !appRoles.contains(wanted) else { return }
        var roles = Self.builtInRoles
        for root in application.stack.map(\.controller.view) + newInstances(in: nil) {
            root.forEachInTree { roles.insert($0.accessibilityRole) }
        }
        appRoles.formUnion(roles.subtracting(Self.builtInRoles))
        guard !roles.contains(wanted) else { return }
        let known = roles.map(\.rawValue).sorted()
        if let whole = Self.partOwners[wanted] {
            // A part (a segment, a row, an option) has no reference: its element is what a request names.
            throw .invalidParams("\(path): '\(role)' is the role of a part of an element (a \(whole.part)), not of an element: "
                                     + "locate the \(whole.element) and press it with the part's position as `value`",
                                 data: ["parameter": .string(path), "roles": .array(known.map(JSONValue.string))])
        }
        let near = NameSuggestions.nearest(to: role, in: known)
        var message = "\(path): unknown role '\(role)'"
        if !near.isEmpty { message += "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?" }
        message += (near.isEmpty ? "; known roles: " : " Known roles: ") + known.joined(separator: ", ")
        var data: JSONValue.Object = ["parameter": .string(path), "roles": .array(known.map(JSONValue.string))]
        if !near.isEmpty { data["suggestions"] = .array(near.map(JSONValue.string)) }
        throw .invalidParams(message, data: .object(data))
    }

    /// An ambiguous `within` says that it is the container that is ambiguous.
    private static func aboutTheContainer(_ error: ResponseError) -> ResponseError {
        guard error.code == .ambiguousLocator else { return error }
        var container = error
        let prefix = "\(ErrorCode.ambiguousLocator.slamName): "
        let detail = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
        container.message = prefix + "the container it looks within (`within`): " + detail
        return container
    }

    /// -32001 for a locator that matches nothing, naming the nearest references, texts, types, roles and names.
    func notFound(_ locator: ElementLocator, in controller: ViewController) -> ResponseError {
        // A container that is not there, or an nth past the matches, says so rather than guessing.
        if let within = locator.within, (try? locate(within, in: controller)) == nil {
            var error = notFound(within, in: controller)
            error.message += " (named by `within` in \(locator))"
            return error
        }
        if let nth = locator.nth {
            var all = locator
            all.nth = nil
            let count = (try? matches(all, in: controller).count) ?? 0
            if count > 0 {
                let message = "\(all) matches \(count) element\(count == 1 ? "" : "s") in controller '\(controller.identifier)'; "
                    + "nth \(nth) is outside \(-count)…\(count - 1)"
                return ResponseError(code: .elementNotFound, message: "\(ErrorCode.elementNotFound.slamName): \(message)",
                                     data: ["ref": locator.parameterJSON, "controller": .string(controller.identifier),
                                            "count": .integer(Int64(count))])
            }
        }
        var elements: [View] = []
        controller.view.forEachInTree { elements.append($0) }
        var suggestions: [View] = []
        func suggest(_ names: [String], _ name: (View) -> String?) {
            for nearName in names {
                for element in elements where name(element) == nearName && !suggestions.contains(where: { $0 === element }) {
                    suggestions.append(element)
                }
            }
        }
        if let reference = locator.ref {
            suggest(NameSuggestions.nearest(to: reference, in: elements.map(\.reference)), { $0.reference })
        }
        if let text = locator.text ?? locator.textMatches {
            suggest(NameSuggestions.nearest(to: text, in: elements.compactMap(\.locatorText)), { $0.locatorText })
        }
        if let name = locator.namePattern?.pattern ?? locator.name {
            suggest(NameSuggestions.nearest(to: name, in: elements.map(\.accessibleName)), { $0.accessibleName })
        }
        let byRole = locator.role != nil || locator.name != nil
        var message = locator.plainReference.map { "no element with reference '\($0)' in controller '\(controller.identifier)'" }
            ?? "no \(locator) in controller '\(controller.identifier)'"
        var data: JSONValue.Object = ["ref": locator.parameterJSON, "controller": .string(controller.identifier)]
        if let type = locator.type, !elements.contains(where: { Swift.type(of: $0).typeName == type }) {
            let types = QueryRequest.knownTypes.union(elements.map { Swift.type(of: $0).typeName })
            let near = NameSuggestions.nearest(to: type, in: types.sorted(), limit: 1)
            message += near.first.map { "; there is no element of type '\(type)'; did you mean '\($0)'?" } ?? "; there is no element of type '\(type)'"
        } else if let role = locator.role, !elements.contains(where: { $0.accessibilityRole.rawValue == role }), suggestions.isEmpty {
            let roles = elements.map(\.accessibilityRole.rawValue).filter { $0 != AccessibilityRole.generic.rawValue }
            let near = NameSuggestions.nearest(to: role, in: roles)
            message += "; no element has the role '\(role)' here"
                + (near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?")
            if !near.isEmpty { data["roles"] = .array(near.map(JSONValue.string)) }
        } else if let role = locator.role, locator.name != nil, suggestions.isEmpty {
            // Nothing named near: what the elements of that role are called.
            let names = elements.filter { $0.accessibilityRole.rawValue == role }.map(\.accessibleName).filter { !$0.isEmpty }
            if !names.isEmpty {
                message += "; the \(role) elements here are named " + names.prefix(5).map { JSONValue.string($0).description }.joined(separator: ", ")
                    + (names.count > 5 ? ", …" : "")
            }
        } else if !suggestions.isEmpty {
            message += "; did you mean " + suggestions.prefix(3).map { Self.describe($0, byRole: byRole) }.joined(separator: " or ") + "?"
        }
        if !suggestions.isEmpty { data["suggestions"] = .array(suggestions.prefix(3).map { Self.candidate($0, byRole: byRole) }) }
        return ResponseError(code: .elementNotFound, message: "\(ErrorCode.elementNotFound.slamName): \(message)", data: .object(data))
    }

    /// -32014 for a locator several elements match, listing them (at most 20).
    private func ambiguous(_ locator: ElementLocator, _ matches: [View], in controller: ViewController) -> ResponseError {
        let shown = matches.prefix(20)
        let byRole = locator.role != nil || locator.name != nil
        let message = "\(locator) matches \(matches.count) elements in controller '\(controller.identifier)': "
            + shown.prefix(5).map { Self.describe($0, byRole: byRole) }.joined(separator: ", ") + (matches.count > 5 ? ", …" : "")
            + "; add nth (0 to \(matches.count - 1)), \(byRole ? "role, name" : "type, text") or within to pick one"
        return ResponseError(code: .ambiguousLocator, message: "\(ErrorCode.ambiguousLocator.slamName): \(message)",
                             data: ["ref": locator.parameterJSON, "controller": .string(controller.identifier),
                                    "count": .integer(Int64(matches.count)),
                                    "candidates": .array(shown.map { Self.candidate($0, byRole: byRole) })])
    }

    /// How an error names an element for a person: `Button 'save' "Save"`; `button 'save' "Save"` (its role
    /// and accessible name) when `byRole`, for a locator that names roles and names.
    static func describe(_ element: View, byRole: Bool = false) -> String {
        var words = [byRole ? element.accessibilityRole.rawValue : type(of: element).typeName]
        words.append(element.reference.isEmpty ? "at \(element.path)" : "'\(element.reference)'")
        if let text = byRole ? element.accessibleName : element.locatorText, !text.isEmpty { words.append(JSONValue.string(text).description) }
        return words.joined(separator: " ")
    }

    /// `{ref, path, type, text}`: an element as error data names it; `role` and `name` too when `byRole`.
    static func candidate(_ element: View, byRole: Bool = false) -> JSONValue {
        var members: JSONValue.Object = [
            "ref": element.reference.isEmpty ? .null : .string(element.reference), "path": .string(element.path),
            "type": .string(type(of: element).typeName), "text": element.locatorText.map(JSONValue.string) ?? .null,
        ]
        if byRole {
            members["role"] = .string(element.accessibilityRole.rawValue)
            members["name"] = .string(element.accessibleName)
        }
        return .object(members)
    }
}

extension View {
    /// What a person reads on the element, as locators match it: its `text`, else its `title` (an alert's).
    var locatorText: String? {
        for descriptor in type(of: self).properties where descriptor.name == "text" || descriptor.name == "title" {
            if case .string(let text) = descriptor.read(self) { return text }
        }
        return nil
    }
}
