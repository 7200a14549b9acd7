/// What the user typed, checked against a ``CommandSpecification``.
public struct ParsedCommandLine: Sendable {
    public let command: CommandSpecification
    /// Positional values by argument name (a repeated argument may hold several).
    public let arguments: [String: [String]]
    /// Option values by option name (the last one given wins in ``option(_:)``).
    public let options: [String: [String]]
    public let flags: Set<String>

    public init(command: CommandSpecification, arguments: [String: [String]], options: [String: [String]],
                flags: Set<String>) {
        self.command = command
        self.arguments = arguments
        self.options = options
        self.flags = flags
    }

    public func argument(_ name: String) -> String? { arguments[name]?.first }
    public func repeatedArgument(_ name: String) -> [String] { arguments[name] ?? [] }
    public func option(_ name: String) -> String? { options[name]?.last }
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// A whole-number option, or a usage error naming it.
    public func integerOption(_ name: String) throws(UsageError) -> Int? {
        guard let text = option(name) else { return nil }
        guard let value = Int(text) else {
            throw UsageError("--\(name) takes a whole number, not '\(text)'", command: command)
        }
        return value
    }
}
