/// Client-controlled text made safe to put in a log record or an error message.
///
/// A hostile client chooses these bytes (a `Host` header, a path, a close reason):
/// unescaped, they could forge log lines or terminal escapes; uncut, a 60 KB header
/// echoed in every refusal becomes megabytes of log per second.
enum LogText {
    /// The longest client-controlled value kept, in characters; the rest is summarised.
    static let limit = 120

    /// `text` with control characters, quotes and backslashes escaped (`\n`, `\u{1B}`, `\'`),
    /// cut after ``limit`` characters with how many more there were.
    static func escaped(_ text: some StringProtocol, limit: Int = limit) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else {
                let remaining = text.unicodeScalars.count - count
                result += "… (\(remaining) more characters)"
                return result
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\"": result += "\\\""
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.properties.generalCategory == .format {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return result
    }
}
