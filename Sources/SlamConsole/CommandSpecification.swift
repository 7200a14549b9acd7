/// One subcommand of a command-line tool: its name, what it does, and the
/// arguments and options it takes. A list of these feeds the parser, the help
/// text and the dispatch table alike, so they cannot drift apart.
///
/// ```swift
/// CommandSpecification(name: "find", summary: "Show one element's snapshot.",
///                      arguments: [.init("ref", help: "The element's reference.")],
///                      options: [.controller])
/// ```
public struct CommandSpecification: Sendable {
    /// What a value is, so shell completion can offer candidates for it.
    public enum ValueKind: Sendable, Equatable {
        /// Nothing to offer (a number, a text, JSON).
        case any
        /// An element reference of the running daemon's top screen (`slamctl refs`).
        case reference
        /// A path on disk.
        case file
        /// One of these words.
        case oneOf([String])

        /// The kind a value's name implies by the tables' convention: `ref`/`REF` a reference,
        /// `file`, `path`, `FILE`, `PATH`, `DIR` a path; anything else nothing to offer.
        static func implied(by name: String) -> ValueKind {
            switch name.lowercased() {
            case "ref": .reference
            case "file", "path", "dir": .file
            default: .any
            }
        }
    }

    /// A positional argument.
    public struct Argument: Sendable {
        public let name: String
        public let help: String
        public let isOptional: Bool
        /// Takes every remaining positional value (only the last argument may).
        public let isRepeated: Bool
        /// What shell completion offers for it (by default, what its name implies).
        public let valueKind: ValueKind

        public init(_ name: String, help: String, isOptional: Bool = false, isRepeated: Bool = false,
                    valueKind: ValueKind? = nil) {
            self.name = name
            self.help = help
            self.isOptional = isOptional || isRepeated
            self.isRepeated = isRepeated
            self.valueKind = valueKind ?? .implied(by: name)
        }
    }

    /// A `--long` option; with a `valueName` it takes a value, without one it is a flag.
    public struct Option: Sendable {
        public let name: String
        public let valueName: String?
        public let help: String
        /// What shell completion offers for its value (by default, what its value name implies).
        public let valueKind: ValueKind

        public init(_ name: String, valueName: String? = nil, help: String, valueKind: ValueKind? = nil) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.valueKind = valueKind ?? valueName.map(ValueKind.implied(by:)) ?? .any
        }

        public var isFlag: Bool { valueName == nil }
    }

    public let name: String
    public let summary: String
    public let discussion: String?
    public let arguments: [Argument]
    public let options: [Option]

    public init(name: String, summary: String, discussion: String? = nil, arguments: [Argument] = [],
                options: [Option] = []) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }

    /// `find REF [--controller ID]`: the synopsis line of the help.
    public var synopsis: String {
        var parts = [name]
        for argument in arguments {
            let word = argument.name.uppercased() + (argument.isRepeated ? "..." : "")
            parts.append(argument.isOptional ? "[\(word)]" : word)
        }
        for option in options {
            parts.append("[--\(option.name)\(option.valueName.map { " " + $0 } ?? "")]")
        }
        return parts.joined(separator: " ")
    }
}
