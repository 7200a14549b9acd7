/// The command line cannot be understood: the tool prints the message and
/// the command's synopsis and exits with status 2.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// The subcommand being parsed, when it is known: its synopsis is shown.
    public let command: CommandSpecification?

    public init(_ message: String, command: CommandSpecification? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
