import SlamConsole

/// One `slamctl` verb: its specification (for parsing and help) and what it does.
struct SlamctlCommand: Sendable {
    typealias Action = @Sendable (Invocation) throws -> Void

    let specification: CommandSpecification
    let action: Action

    init(_ name: String, _ summary: String, discussion: String? = nil,
         arguments: [CommandSpecification.Argument] = [], options: [CommandSpecification.Option] = [],
         action: @escaping Action) {
        specification = CommandSpecification(name: name, summary: summary, discussion: discussion,
                                             arguments: arguments, options: options)
        self.action = action
    }
}

extension CommandSpecification.Option {
    static let controller = Self("controller", valueName: "ID", help: "A controller on the stack (default: the top one).")
}
