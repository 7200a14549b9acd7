import ArgumentParser
import SlamConsole

extension HostCommand {
    /// `man NAME`, written from the command's own option declarations (swift-argument-parser's description of
    /// them) by the writer that writes slamctl's page, so every page reads alike.
    static func manualPage(date: String) throws -> ManualPage {
        let host = HostDescription.current
        let options = try CommandSpecification.Option.declared(inArgumentParserHelp: _dumpHelp())
        let parser = CommandLineParser(toolName: host.name, summary: configuration.abstract, commands: [], globalOptions: options)
        return ManualPage(parser: parser, date: date, description: configuration.discussion, sections: host.manualSections,
                          seeAlso: host.seeAlso)
    }
}
