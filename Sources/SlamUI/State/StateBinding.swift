/// How an element property follows the shared ``StateStore``, as storyboards
/// spell it in an element's `bind` member:
///
/// - `"wifi"`: the property shows the value of key `wifi`, converted to its kind
///   (a boolean property: whether the value is truthy; a row list: a list's
///   items, a record by its `title`). User input on the element (a switch
///   pressed, text typed, a row selected) is written back to the key.
/// - `"!busy"`: a boolean property shows the opposite of key `busy`.
/// - `"?selected"`: a boolean property shows whether key `selected` holds a
///   value other than null (row 0 selected is a selection; `0` alone is falsy).
/// - `"Count: {count}"`: a text property shows the text with each `{key}`
///   replaced by that key's value as text (`{{` and `}}` write braces);
///   `{key:format}` shows it as ``FormatSpec`` says (`"Total {total:,.2f}"`).
public enum StateBinding: Hashable, Sendable {
    case key(String, negated: Bool)
    case presence(String)
    case template(Template)

    /// Reads a binding as storyboards spell it.
    ///
    /// - Throws: ``StateBindingError`` for an empty binding, a key with spaces, or a malformed template.
    public init(parsing text: String) throws(StateBindingError) {
        if text.contains("{") || text.contains("}") {
            self = .template(try Template(parsing: text))
            return
        }
        let negated = text.hasPrefix("!"), presence = text.hasPrefix("?")
        let key = negated || presence ? String(text.dropFirst()) : text
        guard !key.isEmpty else { throw .emptyKey(binding: text) }
        guard !key.contains(where: { $0.isWhitespace || $0 == "!" || $0 == "?" }) else { throw .notAKey(binding: text) }
        self = presence ? .presence(key) : .key(key, negated: negated)
    }

    /// The state keys this binding reads.
    public var keys: [String] {
        switch self {
        case .key(let key, _), .presence(let key): [key]
        case .template(let template): template.keys
        }
    }

    /// Text with `{key}` and `{key:format}` placeholders.
    public struct Template: Hashable, Sendable {
        enum Part: Hashable, Sendable {
            case literal(String)
            case key(String, format: FormatSpec?)
        }

        let parts: [Part]

        /// Parses `Count: {count}` and `Total: {total:.2f}`; `{{` and `}}` stand for braces.
        public init(parsing text: String) throws(StateBindingError) {
            var parts: [Part] = []
            var literal = ""
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                let next = text.index(after: index)
                if character == "{", next < text.endIndex, text[next] == "{" {
                    literal.append("{")
                    index = text.index(after: next)
                } else if character == "}", next < text.endIndex, text[next] == "}" {
                    literal.append("}")
                    index = text.index(after: next)
                } else if character == "{" {
                    guard let close = text[next...].firstIndex(of: "}") else { throw .unclosedPlaceholder(template: text) }
                    let placeholder = text[next..<close]
                    let colon = placeholder.firstIndex(of: ":")
                    let key = String(placeholder[..<(colon ?? placeholder.endIndex)])
                    guard !key.isEmpty, !key.contains(where: { $0.isWhitespace || $0 == "{" }) else {
                        throw .badPlaceholder(template: text, placeholder: "{" + placeholder + "}")
                    }
                    var format: FormatSpec?
                    if let colon {
                        do throws(FormatSpecError) {
                            format = try FormatSpec(parsing: String(placeholder[placeholder.index(after: colon)...]))
                        } catch {
                            throw .badFormat(template: text, placeholder: "{" + placeholder + "}", error: error)
                        }
                    }
                    if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                    parts.append(.key(key, format: format))
                    index = text.index(after: close)
                } else if character == "}" {
                    throw .unopenedPlaceholder(template: text)
                } else {
                    literal.append(character)
                    index = next
                }
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            self.parts = parts
        }

        /// The state keys the template's placeholders read, in order.
        public var keys: [String] {
            parts.compactMap { if case .key(let key, _) = $0 { key } else { nil } }
        }

        /// The keys read through a format, each with its format, in order.
        public var formattedKeys: [(key: String, format: FormatSpec)] {
            parts.compactMap { if case .key(let key, let format?) = $0 { (key, format) } else { nil } }
        }

        /// When the template is exactly one placeholder without a format, its key.
        public var soleKey: String? {
            if parts.count == 1, case .key(let key, nil) = parts[0] { key } else { nil }
        }

        /// The text with every placeholder replaced from `store` (a missing key reads as nothing).
        public func render(_ store: StateStore) -> String {
            var text = ""
            for part in parts {
                switch part {
                case .literal(let literal): text += literal
                case .key(let key, nil): text += store[key]?.text ?? ""
                case .key(let key, let format?): text += format.format(store[key] ?? .null)
                }
            }
            return text
        }
    }
}

/// A binding that cannot be read or cannot feed the property it is given to.
public enum StateBindingError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyKey(binding: String)
    case notAKey(binding: String)
    case unclosedPlaceholder(template: String)
    case unopenedPlaceholder(template: String)
    case badPlaceholder(template: String, placeholder: String)
    case badFormat(template: String, placeholder: String, error: FormatSpecError)
    case unknownProperty(property: String, type: String, bindable: [String])
    case templateNeedsText(property: String, kind: String)
    case negationNeedsBoolean(property: String, kind: String)
    case presenceNeedsBoolean(property: String, kind: String)

    /// What is wrong with the binding and how to write it, for an error message.
    public var description: String {
        switch self {
        case let .emptyKey(binding): "\"\(binding)\" names no state key"
        case let .notAKey(binding): "\"\(binding)\" is not a state key (keys have no spaces; for text with values use \"… {key} …\")"
        case let .unclosedPlaceholder(template): "\"\(template)\" opens a { that is never closed (write {{ for a brace)"
        case let .unopenedPlaceholder(template): "\"\(template)\" closes a } that was never opened (write }} for a brace)"
        case let .badPlaceholder(template, placeholder): "\"\(template)\": \(placeholder) does not name a state key"
        case let .badFormat(template, placeholder, error): "\"\(template)\": \(placeholder): \(error)"
        case let .unknownProperty(property, type, bindable):
            "a \(type) has no bindable property '\(property)'; bindable: \(bindable.joined(separator: ", "))"
        case let .templateNeedsText(property, kind): "'\(property)' is \(kind): a template with {key} can only feed text; bind it to a key"
        case let .negationNeedsBoolean(property, kind): "'\(property)' is \(kind): only a boolean can be bound to the opposite of a key (!key)"
        case let .presenceNeedsBoolean(property, kind): "'\(property)' is \(kind): only a boolean can be bound to whether a key holds a value (?key)"
        }
    }
}
