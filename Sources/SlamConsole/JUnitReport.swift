#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A JUnit XML report, the format CI systems read test results in (GitHub Actions reporters, GitLab,
/// Jenkins, Buildkite): a `testsuites` root holding one `testsuite`, a `testcase` per test.
///
/// It keeps to the common JUnit schema (Jenkins' `junit-10.xsd`): counts and `time` (seconds) on
/// `testsuites` and `testsuite`, `name`, `classname` and `time` on each `testcase`, and in a test
/// that did not pass a `failure` (a check failed) or an `error` (it could not run) with a one-line
/// `message` and the whole story as its text. Text is escaped, and characters XML 1.0 cannot hold
/// (control characters, colours' escapes) are left out.
public struct JUnitReport: Sendable {
    /// One test: a flow, for `slamctl run`.
    public struct TestCase: Sendable {
        public enum Outcome: Sendable {
            case passed
            /// A check failed: `message` on one line, `type` a short kind, `text` the details.
            case failure(message: String, type: String, text: String)
            /// It could not run (the daemon went away, refused an instance).
            case error(message: String, type: String, text: String)
        }

        public let name: String
        public let className: String
        public let seconds: Double
        public let outcome: Outcome
        /// What it printed, for `system-out`.
        public let output: String

        public init(name: String, className: String, seconds: Double, outcome: Outcome, output: String = "") {
            self.name = name
            self.className = className
            self.seconds = seconds
            self.outcome = outcome
            self.output = output
        }
    }

    public let name: String
    public let tests: [TestCase]
    /// The wall-clock time of the whole run (tests in parallel take less than their sum).
    public let seconds: Double
    /// When the run started, seconds since the epoch.
    public let startedAt: Int
    public let hostname: String

    public init(name: String, tests: [TestCase], seconds: Double, startedAt: Int, hostname: String = JUnitReport.localHostname()) {
        self.name = name
        self.tests = tests
        self.seconds = seconds
        self.startedAt = startedAt
        self.hostname = hostname
    }

    public var failures: Int { tests.count { if case .failure = $0.outcome { true } else { false } } }
    public var errors: Int { tests.count { if case .error = $0.outcome { true } else { false } } }

    /// The document, UTF-8, ending with a newline.
    public var xml: String {
        let counts = "tests=\"\(tests.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(Self.escape(name))\" \(counts) time=\"\(Self.secondsText(seconds))\">",
            "  <testsuite name=\"\(Self.escape(name))\" \(counts) skipped=\"0\" time=\"\(Self.secondsText(seconds))\" "
                + "timestamp=\"\(Self.timestamp(startedAt))\" hostname=\"\(Self.escape(hostname))\">",
        ]
        for test in tests {
            let start = "    <testcase name=\"\(Self.escape(test.name))\" classname=\"\(Self.escape(test.className))\" "
                + "time=\"\(Self.secondsText(test.seconds))\""
            let output = test.output.isEmpty ? [] : ["      <system-out>\(Self.escape(test.output, inAttribute: false))</system-out>"]
            switch test.outcome {
            case .passed where output.isEmpty:
                lines.append(start + "/>")
                continue
            case .passed:
                lines.append(start + ">")
            case let .failure(message, type, text), let .error(message, type, text):
                let element = if case .failure = test.outcome { "failure" } else { "error" }
                lines.append(start + ">")
                lines.append("      <\(element) message=\"\(Self.escape(message))\" type=\"\(Self.escape(type))\">"
                             + "\(Self.escape(text, inAttribute: false))</\(element)>")
            }
            lines.append(contentsOf: output)
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text for an attribute (in double quotes) or an element: `& < >` escaped, and `"` in an attribute;
    /// terminal escape sequences (colours)
    /// and the characters XML 1.0 forbids (controls other than tab, newline and return) dropped.
    static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        var inEscapeSequence = false
        for scalar in text.unicodeScalars {
            // A colour (ESC [ … m) is left out whole: its parameters and final letter too.
            if inEscapeSequence {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscapeSequence = false }
                continue
            }
            switch scalar {
            case "\u{1B}": inEscapeSequence = true
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where inAttribute: escaped += "&quot;"
            // A parser turns a raw line break in an attribute into a space.
            case "\t" where inAttribute, "\n" where inAttribute, "\r" where inAttribute: escaped += "&#\(scalar.value);"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Seconds with three decimals: `0.512`.
    public static func secondsText(_ value: Double) -> String {
        let milliseconds = Int((max(0, value) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `2026-11-27T06:01:02Z`: ISO 8601 in UTC.
    static func timestamp(_ secondsSinceEpoch: Int) -> String {
        var time = time_t(secondsSinceEpoch)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// This machine's name, as `testsuite`'s `hostname`.
    public static func localHostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
