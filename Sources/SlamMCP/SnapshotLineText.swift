/// The text a person sees in one accessibility snapshot line: the name, a value (`[value=…]` or the
/// value after `: `) and a description — not the role, the states or the reference.
///
/// `slam_wait_for`'s `text` and `textGone` look for their text there, so that a reference
/// (`[ref=openSettings]`) or a state (`[disabled]`) never counts as shown text.
enum SnapshotLineText {
    /// The texts of `line`, unquoted (`\"` read as `"`).
    static func texts(of line: String) -> [String] {
        var texts: [String] = []
        var characters = Substring(line.drop { $0 == " " })
        guard characters.hasPrefix("- ") else { return [] }
        characters = characters.dropFirst(2).drop { $0 != " " && $0 != ":" }
        while let first = characters.first {
            switch first {
            case " ":
                characters = characters.dropFirst()
            case "\"":
                texts.append(readQuoted(&characters))
            case "[":
                characters = characters.dropFirst()
                let isReference = characters.hasPrefix("ref=")
                var attribute = ""
                while let next = characters.first, next != "]" {
                    if next == "\"" {
                        let quoted = readQuoted(&characters)
                        if !isReference { texts.append(quoted) }
                    } else {
                        attribute.append(next)
                        characters = characters.dropFirst()
                    }
                }
                characters = characters.dropFirst()
                if attribute.hasPrefix("value="), attribute.count > "value=".count { texts.append(String(attribute.dropFirst("value=".count))) }
            case ":":
                // `: value` ends the line (a bare `:` introduces children).
                characters = characters.dropFirst().drop { $0 == " " }
                if characters.first == "\"" {
                    texts.append(readQuoted(&characters))
                } else if !characters.isEmpty {
                    texts.append(String(characters))
                }
                return texts
            default:
                characters = characters.dropFirst()
            }
        }
        return texts
    }

    /// Reads a quoted string at the start of `characters` (the snapshot writes names as JSON strings).
    private static func readQuoted(_ characters: inout Substring) -> String {
        var text = ""
        characters = characters.dropFirst()
        while let next = characters.first {
            characters = characters.dropFirst()
            switch next {
            case "\"":
                return text
            case "\\":
                guard let escaped = characters.first else { return text }
                characters = characters.dropFirst()
                switch escaped {
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "u":
                    let digits = characters.prefix(4)
                    characters = characters.dropFirst(4)
                    if let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
                default: text.append(escaped)
                }
            default:
                text.append(next)
            }
        }
        return text
    }
}
