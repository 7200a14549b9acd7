import SlamProtocol

/// Why a harness assertion or lookup failed. Errors from the daemon itself
/// (an element not found, a wait that timed out) arrive as `ClientError.server`
/// with the daemon's code, message and data.
public enum HarnessError: Error, CustomStringConvertible, Equatable {
    /// `app.button("count")` found an element of another type.
    case wrongType(reference: String, expected: String, actual: String)
    /// A golden file differs from what the daemon shows now.
    case goldenMismatch(path: String, line: Int, expected: String, actual: String)
    /// A golden file does not exist yet.
    case goldenMissing(path: String)
    /// The in-process daemon could not start.
    case launchFailed(String)
    /// The tree did not match a template in time: where it differed when the wait ended.
    /// `template` names the template: its file, or `"the template"`.
    case treeMismatch(template: String, diff: TemplateDiff)
    /// The accessibility snapshot did not contain an aria template in time; `diff` is the daemon's unified diff.
    case ariaMismatch(diff: String)
    /// A template (file) is not JSON or not a template; `reason` names the JSON path.
    case invalidTemplate(path: String, reason: String)
    /// An environment variable the harness reads (`SLAM_TIMEOUT`) holds what it cannot use.
    case invalidEnvironment(variable: String, value: String, expected: String)

    /// The failure as a test report shows it, with what to do when there is a fix.
    public var description: String {
        switch self {
        case let .wrongType(reference, expected, actual):
            "'\(reference)' is a \(actual), not a \(expected)"
        case let .goldenMismatch(path, line, expected, actual):
            """
            the tree differs from \(path) at line \(line):
              expected: \(expected)
              actual:   \(actual)
            Run with \(GoldenFile.updateVariable)=1 to accept the new tree (and review the diff).
            """
        case .goldenMissing(let path):
            "no golden file at \(path); run with \(GoldenFile.updateVariable)=1 to record it"
        case .launchFailed(let reason):
            "the daemon could not start: \(reason)"
        case let .treeMismatch(template, diff):
            "the tree does not match \(template):\n\(diff)"
        case .ariaMismatch(let diff):
            "the accessibility snapshot does not contain the template:\n\(diff)"
        case let .invalidTemplate(path, reason):
            "\(path) is not a tree template: \(reason)"
        case let .invalidEnvironment(variable, value, expected):
            "\(variable) must be \(expected), not '\(value)'"
        }
    }
}
