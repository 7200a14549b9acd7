import SlamJSON

extension CommandSpecification.Option {
    /// The options a swift-argument-parser command declares, read from its description of itself
    /// (`Command._dumpHelp()`, what `--experimental-dump-help` prints), so `slamd`'s manual page is
    /// written from the declarations that parse its command line. `--help` is left out (every page
    /// has it); a default value is added to the help unless the help already speaks of one.
    public static func declared(inArgumentParserHelp description: String) throws(JSONError) -> [Self] {
        let document = try JSONParser().parse(Array(description.utf8))
        var options: [Self] = []
        for argument in document["command"]?["arguments"]?.arrayValue ?? [] {
            guard argument["shouldDisplay"]?.boolValue != false,
                  let name = argument["preferredName"]?["name"]?.stringValue, name != "help",
                  let help = argument["abstract"]?.stringValue else { continue }
            let defaultValue = argument["defaultValue"]?.stringValue.map { " (default: \($0))" } ?? ""
            let takesValue = argument["kind"]?.stringValue == "option"
            options.append(Self(name, valueName: takesValue ? argument["valueName"]?.stringValue : nil,
                                help: help + (help.contains("default") ? "" : defaultValue)))
        }
        return options
    }
}
