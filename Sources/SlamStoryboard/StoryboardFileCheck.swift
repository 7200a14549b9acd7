/// `slamd --check FILE`: a storyboard file checked as `slamd --storyboard` would host it,
/// without starting anything, and the report to print.
///
/// ```
/// app.json:$.controllers[0].view.children[2].task: warning: unknown task 'incremnt'; did you mean 'increment'? (…)
/// app.json:$.controllers[0].view.children[3].param: error: 'push' opens 'Setings', which is not a declared controller; did you mean 'Settings'? declared: Home, Settings
/// app.json: 1 error, 1 warning
/// ```
///
/// A file that cannot be read or that reading refuses gets one error (reading stops at
/// its first mistake); one that reads gets every finding of ``StoryboardCheck``.
public struct StoryboardFileCheck {
    public let path: String
    /// What the check found, in document order; empty when the file cannot be read.
    public let diagnostics: [StoryboardDiagnostic]
    /// Why the file cannot be read ("No such file or directory"); nil when it can.
    public let unreadableReason: String?
    public var isReadable: Bool { unreadableReason == nil }

    /// Checks the file at `path`; with `strict`, warnings are errors.
    public init(path: String, strict: Bool = false) {
        self.path = path
        do {
            let storyboard = try Storyboard.read(contentsOf: path)
            diagnostics = StoryboardCheck(host: .storyboardOnly, strict: strict).diagnostics(of: storyboard)
            unreadableReason = nil
        } catch {
            switch error {
            case .invalid(_, let refusal): diagnostics = [StoryboardDiagnostic(refusal)]; unreadableReason = nil
            case .unreadable(_, let reason): diagnostics = []; unreadableReason = reason
            default: diagnostics = []; unreadableReason = error.description
            }
        }
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } + (isReadable ? 0 : 1) }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    /// No errors (warnings allowed): `slamd --check` exits 0, else 1.
    public var passed: Bool { errorCount == 0 }

    /// Each finding as `FILE:$.path: severity: message`, then a summary line.
    public var lines: [String] {
        var lines = unreadableReason.map { ["\(path): error: cannot read the file: \($0)"] } ?? diagnostics.map { $0.formatted(file: path) }
        let counts = [(errorCount, "error"), (warningCount, "warning")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        lines.append("\(path): " + (counts.isEmpty ? "no problems" : counts.joined(separator: ", ")))
        return lines
    }
}
