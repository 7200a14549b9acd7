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
    /// - Throws: -32014 when several match and no `nth` picks one; -32602 for a regular expression that does not compile.
    func locate(_ locator: ElementLocator, in controller: ViewController) throws(ResponseError) -> View? {
        if let reference = locator.plainReference { return controller.find(reference) }
        let matches = try matches(locator, in: controller)
        if let nth = locator.nth {
            let index = nth < 0 ? matches.count + nth : nth
            return matches.indices.contains(index) ? matches[index] : nil
        }
        guard matches.count <= 1 else { throw ambiguous(locator, matches, in: controller) }
        return matches.first
    }

    /// Every element `locator` describes, in tree order, ignoring `nth`.
    func matches(_ locator: ElementLocator, in controller: ViewController) throws(ResponseError) -> [View] {
        let scope: View
        if let within = locator.within {
            let container: View?
            do throws(ResponseError) {
                container = try locate(within, in: controller)
            } catch {
                throw Self.aboutTheContainer(error)
            }
            guard let container else { return [] }
            scope = container
        } else {
            scope = controller.view
        }
        let pattern = try locator.textMatches.map { pattern throws(ResponseError) in try compiledPattern(pattern) }
        var found: [View] = []
        scope.forEachInTree { element in
            if element === scope, locator.within != nil { return }
            if let reference = locator.ref, element.reference != reference { return }
            if let type = locator.type, Swift.type(of: element).typeName != type { return }
            if locator.text != nil || pattern != nil {
                guard let text = element.locatorText else { return }
                if let expected = locator.text, text != expected { return }
                if let pattern, !pattern.isFound(in: text) { return }
            }
            found.append(element)
        }
        return found
    }

    /// `textMatches` checked against the rule that bounds patterns and compiled, once: a pending wait
    /// judges its locator after every change.
    private func compiledPattern(_ pattern: String) throws(ResponseError) -> BoundedPattern {
        if let compiled = waits.patternsOfJudgedWait[pattern] ?? compiledPatterns[pattern] { return compiled }
        do throws(BoundedPattern.Refusal) {
            let compiled = try BoundedPattern(pattern)
            if compiledPatterns.count >= 64 { compiledPatterns.removeAll() }
            compiledPatterns[pattern] = compiled
            return compiled
        } catch {
            throw .invalidParams("ref.textMatches: /\(pattern)/ \(error.reason)", data: ["parameter": "ref", "pattern": .string(pattern)])
        }
    }

    /// The `textMatches` patterns of `locator` and of the containers it looks within, compiled (those that
    /// do not compile are left out: looking the element up says so).
    func compiledPatterns(of locator: ElementLocator?) -> [String: BoundedPattern] {
        var patterns: [String: BoundedPattern] = [:]
        var next = locator
        while let current = next {
            if let pattern = current.textMatches, let compiled = try? compiledPattern(pattern) { patterns[pattern] = compiled }
            next = current.within
        }
        return patterns
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

    /// -32001 for a locator that matches nothing, naming the nearest references, texts and types.
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
        var message = locator.plainReference.map { "no element with reference '\($0)' in controller '\(controller.identifier)'" }
            ?? "no \(locator) in controller '\(controller.identifier)'"
        var data: JSONValue.Object = ["ref": locator.parameterJSON, "controller": .string(controller.identifier)]
        if let type = locator.type, !elements.contains(where: { Swift.type(of: $0).typeName == type }) {
            let types = QueryRequest.knownTypes.union(elements.map { Swift.type(of: $0).typeName })
            let near = NameSuggestions.nearest(to: type, in: types.sorted(), limit: 1)
            message += near.first.map { "; there is no element of type '\(type)'; did you mean '\($0)'?" } ?? "; there is no element of type '\(type)'"
        } else if !suggestions.isEmpty {
            message += "; did you mean " + suggestions.prefix(3).map(Self.describe).joined(separator: " or ") + "?"
        }
        if !suggestions.isEmpty { data["suggestions"] = .array(suggestions.prefix(3).map(Self.candidate)) }
        return ResponseError(code: .elementNotFound, message: "\(ErrorCode.elementNotFound.slamName): \(message)", data: .object(data))
    }

    /// -32014 for a locator several elements match, listing them (at most 20).
    private func ambiguous(_ locator: ElementLocator, _ matches: [View], in controller: ViewController) -> ResponseError {
        let shown = matches.prefix(20)
        let message = "\(locator) matches \(matches.count) elements in controller '\(controller.identifier)': "
            + shown.prefix(5).map(Self.describe).joined(separator: ", ") + (matches.count > 5 ? ", …" : "")
            + "; add nth (0 to \(matches.count - 1)), type, text or within to pick one"
        return ResponseError(code: .ambiguousLocator, message: "\(ErrorCode.ambiguousLocator.slamName): \(message)",
                             data: ["ref": locator.parameterJSON, "controller": .string(controller.identifier),
                                    "count": .integer(Int64(matches.count)), "candidates": .array(shown.map(Self.candidate))])
    }

    /// `Button 'save' "Save"`: how an error names an element for a person.
    static func describe(_ element: View) -> String {
        var words = [type(of: element).typeName]
        words.append(element.reference.isEmpty ? "at \(element.path)" : "'\(element.reference)'")
        if let text = element.locatorText, !text.isEmpty { words.append(JSONValue.string(text).description) }
        return words.joined(separator: " ")
    }

    /// `{ref, path, type, text}`: an element as error data names it.
    static func candidate(_ element: View) -> JSONValue {
        ["ref": element.reference.isEmpty ? .null : .string(element.reference), "path": .string(element.path),
         "type": .string(type(of: element).typeName), "text": element.locatorText.map(JSONValue.string) ?? .null]
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
