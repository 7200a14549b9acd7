import Testing
import SlamConsole

/// Manual pages from option tables, including those swift-argument-parser describes (slamd's).
@Suite struct ManualPageTests {
    /// The shape of `--experimental-dump-help`: one option with a value and a default, a flag, help and a hidden one.
    private let argumentParserHelp = #"""
        {"command": {"commandName": "tool", "arguments": [
          {"kind": "option", "names": [{"kind": "long", "name": "socket"}], "preferredName": {"kind": "long", "name": "socket"},
           "valueName": "PATH", "abstract": "Where to listen.", "shouldDisplay": true},
          {"kind": "option", "names": [{"kind": "long", "name": "level"}], "preferredName": {"kind": "long", "name": "level"},
           "valueName": "LEVEL", "abstract": "How much to log.", "defaultValue": "info", "shouldDisplay": true},
          {"kind": "flag", "names": [{"kind": "long", "name": "strict"}], "preferredName": {"kind": "long", "name": "strict"},
           "valueName": "strict", "abstract": "Warnings are errors.", "shouldDisplay": true},
          {"kind": "option", "names": [{"kind": "long", "name": "secret"}], "preferredName": {"kind": "long", "name": "secret"},
           "valueName": "secret", "shouldDisplay": false},
          {"kind": "flag", "names": [{"kind": "short", "name": "h"}, {"kind": "long", "name": "help"}],
           "preferredName": {"kind": "long", "name": "help"}, "valueName": "help", "abstract": "Show help information.", "shouldDisplay": true}
        ]}}
        """#

    @Test func optionsComeFromTheArgumentParsersDescription() throws {
        let options = try CommandSpecification.Option.declared(inArgumentParserHelp: argumentParserHelp)
        #expect(options.map(\.name) == ["socket", "level", "strict"], "help on every page, hidden ones on none")
        #expect(options.map(\.valueName) == ["PATH", "LEVEL", nil])
        #expect(options[1].help == "How much to log. (default: info)")
    }

    @Test func aToolWithoutCommandsGetsAnOptionsPageWithItsSections() throws {
        let options = try CommandSpecification.Option.declared(inArgumentParserHelp: argumentParserHelp)
        let parser = CommandLineParser(toolName: "tool", summary: "Does one thing.", commands: [], globalOptions: options)
        let page = ManualPage(parser: parser, date: "November 24, 2026", description: "What it does.\n\n.dot starts a line",
                              sections: [.init("Exit status", "  0  ok\n  2  usage")], seeAlso: ["other"]).source
        let lines = page.split(separator: "\n").map(String.init)
        #expect(lines.contains(".Nd Does one thing"))
        #expect(lines.contains(".Op Fl -socket Ar PATH"))
        #expect(!lines.contains(".Sh COMMANDS"))
        #expect(lines.contains("\\&.dot starts a line"), "a line of text is never read as a request")
        #expect(lines.contains(".Sh EXIT STATUS") && lines.contains(".Bd -literal -offset indent") && lines.contains("0  ok"))
        #expect(lines.last == ".Xr other 1")
    }
}
