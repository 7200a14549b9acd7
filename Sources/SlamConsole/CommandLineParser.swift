import SlamSuggestions

/// Parses `tool [GLOBAL OPTIONS] COMMAND [ARGUMENTS] [OPTIONS]` against a list of
/// ``CommandSpecification``s, and writes their help.
///
/// Global options (such as `--socket`) may come anywhere; a command's own
/// options come after the command, before, after or between its arguments.
/// `--name value` and `--name=value` are the same; `--` ends the options, so a
/// value beginning with `-` can still be passed as an argument; a negative
/// number is an argument. Only `-h` has a one-dash form.
///
/// Written by hand rather than with swift-argument-parser for start-up time:
/// `slamctl ping` must cost no more than `tmux display -p`, and the reflection
/// behind swift-argument-parser costs about 3.5 ms per run on its own (see the
/// performance figures in docs/performance.md).
public struct CommandLineParser: Sendable {
    /// The outcome: a command to run, or help to print.
    public enum Outcome: Sendable {
        case run(ParsedCommandLine)
        case help(String)
    }

    public let toolName: String
    public let summary: String
    public let commands: [CommandSpecification]
    public let globalOptions: [CommandSpecification.Option]
    /// Printed at the end of the overview (exit codes, examples).
    public let footer: String

    public init(toolName: String, summary: String, commands: [CommandSpecification],
                globalOptions: [CommandSpecification.Option], footer: String = "") {
        self.toolName = toolName
        self.summary = summary
        self.commands = commands
        self.globalOptions = globalOptions
        self.footer = footer
    }

    /// Parses the words after the tool's own name.
    public func parse(_ words: [String]) throws(UsageError) -> Outcome {
        var optionValues: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []
        var command: CommandSpecification?
        var wantsHelp = false
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" || Self.isNegativeNumber(word) {
                if command == nil {
                    if word == "help" {
                        wantsHelp = true
                        continue
                    }
                    guard let match = commands.first(where: { $0.name == word }) else {
                        let near = NameSuggestions.nearest(to: word, in: commands.map(\.name))
                        throw UsageError("unknown command '\(word)'; "
                                         + (near.isEmpty ? "" : "did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))? ")
                                         + "the commands are: " + commands.map(\.name).joined(separator: ", "))
                    }
                    command = match
                } else {
                    positionals.append(word)
                }
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word == "--help" {
                wantsHelp = true
                continue
            }
            guard word.hasPrefix("--") else {
                throw UsageError("unknown option '\(word)' (options are spelled with two dashes: --name)", command: command)
            }
            let body = word.dropFirst(2)
            let name = String(body.prefix(while: { $0 != "=" }))
            let inlineValue = body.contains("=") ? String(body.drop(while: { $0 != "=" }).dropFirst()) : nil
            let known = globalOptions + (command?.options ?? [])
            guard let option = known.first(where: { $0.name == name }) else {
                let hint = command == nil ? "" : " for '\(command!.name)'"
                let near = NameSuggestions.nearest(to: name, in: known.map(\.name)).map { "'--\($0)'" }
                throw UsageError("unknown option '--\(name)'\(hint)" + (near.isEmpty ? "" : "; did you mean \(near.joined(separator: " or "))?"),
                                 command: command)
            }
            if option.isFlag {
                guard inlineValue == nil else {
                    throw UsageError("--\(name) takes no value", command: command)
                }
                flags.insert(name)
                continue
            }
            if let inlineValue {
                optionValues[name, default: []].append(inlineValue)
            } else {
                guard index < words.count else {
                    throw UsageError("--\(name) needs a value (\(option.valueName!))", command: command)
                }
                optionValues[name, default: []].append(words[index])
                index += 1
            }
        }
        if wantsHelp {
            if let command = command ?? positionals.first.flatMap({ name in commands.first { $0.name == name } }) {
                return .help(help(for: command))
            }
            return .help(overview())
        }
        guard let command else {
            throw UsageError("no command given; try '\(toolName) --help'")
        }
        return .run(try bind(positionals, to: command, options: optionValues, flags: flags))
    }

    private func bind(_ positionals: [String], to command: CommandSpecification, options: [String: [String]],
                      flags: Set<String>) throws(UsageError) -> ParsedCommandLine {
        var arguments: [String: [String]] = [:]
        var remaining = positionals[...]
        for argument in command.arguments {
            if argument.isRepeated {
                arguments[argument.name] = Array(remaining)
                remaining = []
            } else if let value = remaining.popFirst() {
                arguments[argument.name] = [value]
            } else if !argument.isOptional {
                throw UsageError("missing \(argument.name.uppercased()): \(argument.help)", command: command)
            }
        }
        if let surplus = remaining.first {
            throw UsageError("unexpected argument '\(surplus)'", command: command)
        }
        return ParsedCommandLine(command: command, arguments: arguments, options: options, flags: flags)
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && Double(word.dropFirst()) != nil
    }

    // MARK: - Help

    /// The tool's overview: every command with its summary.
    public func overview() -> String {
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        var lines = ["\(toolName): \(summary)", "", "Usage: \(toolName) [OPTIONS] COMMAND [ARGUMENTS]", "", "Commands:"]
        for command in commands {
            lines.append("  " + command.name.padding(toLength: width) + command.summary)
        }
        lines.append("")
        lines.append("Options for every command:")
        lines.append(contentsOf: Self.describe(globalOptions))
        lines.append("  -h, --help".padding(toLength: 24) + "Show help (also: \(toolName) help COMMAND).")
        if !footer.isEmpty {
            lines.append("")
            lines.append(footer)
        }
        return lines.joined(separator: "\n")
    }

    /// One command's help: synopsis, summary, arguments, options.
    public func help(for command: CommandSpecification) -> String {
        var lines = ["Usage: \(toolName) \(command.synopsis)", "", command.summary]
        if let discussion = command.discussion {
            lines.append("")
            lines.append(discussion)
        }
        if !command.arguments.isEmpty {
            lines.append("")
            lines.append("Arguments:")
            for argument in command.arguments {
                lines.append("  " + argument.name.uppercased().padding(toLength: 22) + argument.help)
            }
        }
        lines.append("")
        lines.append("Options:")
        lines.append(contentsOf: Self.describe(command.options + globalOptions))
        return lines.joined(separator: "\n")
    }

    /// The synopsis line shown under a usage error.
    public func usageLine(for command: CommandSpecification?) -> String {
        guard let command else { return "Usage: \(toolName) [OPTIONS] COMMAND [ARGUMENTS]; see '\(toolName) --help'" }
        return "Usage: \(toolName) \(command.synopsis)"
    }

    private static func describe(_ options: [CommandSpecification.Option]) -> [String] {
        options.map { option in
            let left = "  --\(option.name)" + (option.valueName.map { " " + $0 } ?? "")
            return left.padding(toLength: 24) + option.help
        }
    }
}

extension String {
    /// Pads with spaces to `length` characters; a longer string gets one space after it.
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
