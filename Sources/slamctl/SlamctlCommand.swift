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

extension CommandSpecification.Option {
    /// Name the element by what a person sees instead of REF (then leave REF out).
    static let locator: [Self] = [
        Self("type", valueName: "TYPE", help: "Name the element by its type (Button, Label …) instead of REF."),
        Self("text", valueName: "TEXT", help: "Name the element by its exact text instead of REF (slamctl press --text Settings)."),
        Self("matches", valueName: "REGEX", help: "Name the element by a regular expression its text contains a match of."),
        Self("role", valueName: "ROLE", help: "Name the element by its role (button, switch, textbox …) instead of REF."),
        Self("name", valueName: "NAME", help: "Name the element by its accessible name: exact, or '/REGEX/' ('/REGEX/i' ignores case)."),
        Self("within", valueName: "REF", help: "Look only inside this element (a reference or a JSON locator)."),
        Self("nth", valueName: "N", help: "Which of several matches, from 0 in tree order; -1 is the last."),
    ]

    /// The locator options for verbs whose own argument is a text (`text`, `type`): no `--text`, which would read as the text to enter.
    static let fieldLocator: [Self] = locator.filter { $0.name != "text" }

    /// How long an acting verb waits for its element to be actionable.
    static let actionTimeout = Self("timeout", valueName: "TIME",
                                    help: "Wait this long for the element to exist and be visible, enabled and uncovered: 500ms, 2s "
                                        + "(default $SLAM_TIMEOUT, else 5s; 0 acts at once).")
}
