import Testing
@testable import SlamConsole

/// A small tool in the shape of `slamctl`: a few commands, two global options.
private let parser = CommandLineParser(
    toolName: "tool",
    summary: "drive things.",
    commands: [
        CommandSpecification(name: "ping", summary: "Check the daemon."),
        CommandSpecification(name: "find", summary: "Show one element.",
                             arguments: [.init("ref", help: "The element's reference.")],
                             options: [.init("controller", valueName: "ID", help: "A controller.")]),
        CommandSpecification(name: "press", summary: "Press an element.", discussion: "VALUE: an index or on/off.",
                             arguments: [.init("ref", help: "The element's reference."),
                                         .init("value", help: "What to press with.", isOptional: true)],
                             options: [.init("controller", valueName: "ID", help: "A controller.")]),
        CommandSpecification(name: "watch", summary: "Stream events.",
                             arguments: [.init("events", help: "Event names.", isRepeated: true)]),
        CommandSpecification(name: "tree", summary: "Show the tree.",
                             options: [.init("depth", valueName: "N", help: "Levels."),
                                       .init("visible", help: "Only visible elements.")]),
    ],
    globalOptions: [.init("socket", valueName: "PATH", help: "The socket."), .init("json", help: "Print JSON.")],
    footer: "Exit status: 0 ok, 2 usage.")

/// Parses `words`, expecting a command to run.
private func parsed(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ParsedCommandLine {
    switch try parser.parse(words) {
    case .run(let line): return line
    case .help(let text):
        Issue.record("expected a command, got help:\n\(text)", sourceLocation: sourceLocation)
        throw UsageError("help")
    }
}

/// Parses `words`, expecting help; returns its text.
private func helpText(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    switch try parser.parse(words) {
    case .help(let text): return text
    case .run(let line):
        Issue.record("expected help, got the command \(line.command.name)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Parses `words`, expecting a usage error; returns it.
private func usageError(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation) -> UsageError? {
    do throws(UsageError) {
        _ = try parser.parse(words)
        Issue.record("\(words) parsed without an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite struct CommandLineParserTests {
    @Test func bindsArgumentsAndOptionsToTheCommand() throws {
        let line = try parsed(["press", "items", "2", "--controller", "List"])
        #expect(line.command.name == "press")
        #expect(line.argument("ref") == "items")
        #expect(line.argument("value") == "2")
        #expect(line.option("controller") == "List")
        #expect(line.option("socket") == nil)
        #expect(!line.flag("json"))
        #expect(try parsed(["press", "increment"]).argument("value") == nil, "VALUE is optional")
    }

    @Test(arguments: [
        ["--socket", "/s.sock", "--json", "find", "count"],
        ["find", "count", "--socket", "/s.sock", "--json"],
        ["find", "--json", "count", "--socket", "/s.sock"],
        ["--json", "find", "--socket=/s.sock", "count"],
    ])
    func globalOptionsMayComeBeforeAfterOrBetween(_ words: [String]) throws {
        let line = try parsed(words)
        #expect(line.command.name == "find")
        #expect(line.argument("ref") == "count")
        #expect(line.option("socket") == "/s.sock")
        #expect(line.flag("json"))
    }

    @Test func aCommandsOptionMayComeBetweenItsArguments() throws {
        let line = try parsed(["press", "--controller", "List", "items", "1"])
        #expect(line.argument("ref") == "items" && line.argument("value") == "1")
        #expect(line.option("controller") == "List")
    }

    @Test func equalsFormIsTheSameAsASeparateValue() throws {
        #expect(try parsed(["tree", "--depth=3"]).option("depth") == "3")
        #expect(try parsed(["tree", "--depth", "3"]).option("depth") == "3")
        // Only the first = separates: the rest belongs to the value.
        #expect(try parsed(["find", "x", "--controller=a=b"]).option("controller") == "a=b")
        #expect(try parsed(["find", "x", "--controller="]).option("controller") == "")
    }

    @Test func aSeparateValueIsTakenEvenWhenItLooksLikeAnOption() throws {
        #expect(try parsed(["find", "x", "--controller", "--json"]).option("controller") == "--json")
        #expect(try parsed(["tree", "--depth", "-1"]).option("depth") == "-1")
    }

    @Test func doubleDashEndsOptions() throws {
        let line = try parsed(["find", "--", "--json"])
        #expect(line.argument("ref") == "--json")
        #expect(!line.flag("json"))
        let help = try parsed(["press", "field", "--", "-h"])
        #expect(help.argument("value") == "-h", "after --, -h is a value, not a request for help")
        #expect(try parsed(["--", "ping"]).command.name == "ping")
    }

    @Test(arguments: ["-1", "-2.5", "-0", "-"])
    func negativeNumbersAndALoneDashArePositionals(_ word: String) throws {
        let line = try parsed(["press", "items", word])
        #expect(line.argument("value") == word)
    }

    @Test func aMissingArgumentNamesIt() throws {
        let error = usageError(["find"])
        #expect(error?.message == "missing REF: The element's reference.")
        #expect(error?.command?.name == "find")
        #expect(usageError(["press", "--controller", "Home"])?.message == "missing REF: The element's reference.")
    }

    @Test func aSurplusArgumentIsRefused() throws {
        let error = usageError(["press", "items", "1", "2"])
        #expect(error?.message == "unexpected argument '2'")
        #expect(error?.command?.name == "press")
        #expect(usageError(["ping", "now"])?.message == "unexpected argument 'now'")
    }

    @Test func anUnknownOptionIsNamed() throws {
        let forCommand = usageError(["find", "x", "--colour", "red"])
        #expect(forCommand?.message == "unknown option '--colour' for 'find'")
        #expect(forCommand?.command?.name == "find")
        let beforeCommand = usageError(["--colour", "find", "x"])
        #expect(beforeCommand?.message == "unknown option '--colour'")
        #expect(beforeCommand?.command == nil)
        #expect(usageError(["find", "x", "--colour=red"])?.message == "unknown option '--colour' for 'find'")
        // Another command's option is unknown to this one.
        #expect(usageError(["find", "x", "--depth", "1"])?.message == "unknown option '--depth' for 'find'")
    }

    @Test func aFlagGivenAValueIsRefused() throws {
        #expect(usageError(["ping", "--json=yes"])?.message == "--json takes no value")
        #expect(usageError(["tree", "--visible=true"])?.message == "--visible takes no value")
    }

    @Test func anOptionWithoutItsValueIsRefused() throws {
        let error = usageError(["find", "x", "--controller"])
        #expect(error?.message == "--controller needs a value (ID)")
        #expect(error?.command?.name == "find")
    }

    @Test func aRepeatedArgumentTakesEveryRemainingValue() throws {
        #expect(try parsed(["watch", "changed", "--json", "log", "navigated"]).repeatedArgument("events")
                == ["changed", "log", "navigated"])
        let none = try parsed(["watch"])
        #expect(none.repeatedArgument("events") == [], "a repeated argument is optional")
        #expect(none.argument("events") == nil)
    }

    @Test func aRepeatedOptionKeepsEveryValueAndTheLastWins() throws {
        let line = try parsed(["--socket", "/a.sock", "ping", "--socket", "/b.sock"])
        #expect(line.options["socket"] == ["/a.sock", "/b.sock"])
        #expect(line.option("socket") == "/b.sock")
    }

    @Test func integerOptionReadsAWholeNumberOrNamesTheOption() throws {
        #expect(try parsed(["tree", "--depth", "2"]).integerOption("depth") == 2)
        #expect(try parsed(["tree"]).integerOption("depth") == nil)
        #expect(throws: UsageError.self) { try parsed(["tree", "--depth", "two"]).integerOption("depth") }
        let fraction = try parsed(["tree", "--depth", "1.5"])
        do throws(UsageError) {
            _ = try fraction.integerOption("depth")
            Issue.record("1.5 was taken as a whole number")
        } catch {
            #expect(error.message == "--depth takes a whole number, not '1.5'")
            #expect(error.command?.name == "tree")
        }
    }

    @Test func anUnknownOrMissingCommandIsAUsageError() throws {
        let unknown = usageError(["fly"])
        #expect(unknown?.message == "unknown command 'fly'; the commands are: ping, find, press, watch, tree")
        #expect(unknown?.command == nil)
        #expect(usageError([])?.message == "no command given; try 'tool --help'")
        #expect(usageError(["--json"])?.message == "no command given; try 'tool --help'")
    }

    // MARK: - Help

    @Test(arguments: [["--help"], ["-h"], ["help"], ["--json", "--help"]])
    func helpWithoutACommandIsTheOverview(_ words: [String]) throws {
        #expect(try helpText(words) == parser.overview())
    }

    @Test(arguments: [["help", "find"], ["find", "--help"], ["--help", "find"], ["find", "-h", "x"], ["find", "-h"]])
    func helpWithACommandIsThatCommandsHelp(_ words: [String]) throws {
        let find = try #require(parser.commands.first { $0.name == "find" })
        #expect(try helpText(words) == parser.help(for: find))
    }

    @Test func helpIsGivenEvenWhenArgumentsAreWrong() throws {
        // A user asking for help gets it rather than an error about the arguments.
        #expect(try helpText(["press", "a", "b", "c", "--help"])?.hasPrefix("Usage: tool press REF [VALUE]") == true)
        #expect(usageError(["help", "fly"])?.message.hasPrefix("unknown command 'fly'") == true)
    }

    @Test func theOverviewListsEveryCommandTheGlobalOptionsAndTheFooter() {
        #expect(parser.overview() == """
            tool: drive things.

            Usage: tool [OPTIONS] COMMAND [ARGUMENTS]

            Commands:
              ping   Check the daemon.
              find   Show one element.
              press  Press an element.
              watch  Stream events.
              tree   Show the tree.

            Options for every command:
              --socket PATH         The socket.
              --json                Print JSON.
              -h, --help            Show help (also: tool help COMMAND).

            Exit status: 0 ok, 2 usage.
            """)
    }

    @Test func aCommandsHelpShowsSynopsisDiscussionArgumentsAndOptions() throws {
        let press = try #require(parser.commands.first { $0.name == "press" })
        #expect(parser.help(for: press) == """
            Usage: tool press REF [VALUE] [--controller ID]

            Press an element.

            VALUE: an index or on/off.

            Arguments:
              REF                   The element's reference.
              VALUE                 What to press with.

            Options:
              --controller ID       A controller.
              --socket PATH         The socket.
              --json                Print JSON.
            """)
        let ping = try #require(parser.commands.first { $0.name == "ping" })
        #expect(parser.help(for: ping) == """
            Usage: tool ping

            Check the daemon.

            Options:
              --socket PATH         The socket.
              --json                Print JSON.
            """)
    }

    @Test func usageLinesShowTheSynopsisOrPointToHelp() throws {
        let watch = try #require(parser.commands.first { $0.name == "watch" })
        #expect(parser.usageLine(for: watch) == "Usage: tool watch [EVENTS...]")
        #expect(parser.usageLine(for: nil) == "Usage: tool [OPTIONS] COMMAND [ARGUMENTS]; see 'tool --help'")
        let tree = try #require(parser.commands.first { $0.name == "tree" })
        #expect(tree.synopsis == "tree [--depth N] [--visible]")
    }

    @Test func argumentSpecificationsMarkRepeatedOnesOptional() {
        let repeated = CommandSpecification.Argument("events", help: "", isRepeated: true)
        #expect(repeated.isOptional)
        #expect(!CommandSpecification.Argument("ref", help: "").isOptional)
        #expect(CommandSpecification.Option("json", help: "").isFlag)
        #expect(!CommandSpecification.Option("depth", valueName: "N", help: "").isFlag)
    }

    @Test func paddingLeavesAtLeastOneSpaceAfterALongName() {
        #expect("ab".padding(toLength: 4) == "ab  ")
        #expect("abcd".padding(toLength: 4) == "abcd ")
        #expect("abcdef".padding(toLength: 4) == "abcdef ")
    }
}
