import SlamUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Storyboard {
    /// Why a storyboard file could not become an application.
    public enum LoadError: Error, CustomStringConvertible {
        /// The file cannot be read; `reason` is the system's word for why ("No such file or directory").
        case unreadable(path: String, reason: String)
        case invalid(path: String, StoryboardError)
        /// The storyboard reads, but its check found errors (``StoryboardCheck``).
        case failedCheck(path: String, [StoryboardDiagnostic])
        case cannotStart(path: String, SlamError)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read storyboard \(path): \(reason)"
            case let .invalid(path, error): "\(path): \(error)"
            case let .failedCheck(path, errors): errors.map { $0.formatted(file: path) }.joined(separator: "\n")
            case let .cannotStart(path, error): "\(path): \(error)"
            }
        }
    }

    /// A storyboard file read and checked as `slamd --storyboard` hosts it (``StoryboardCheck/Host/storyboardOnly``).
    ///
    /// - Returns: the storyboard and the check's warnings (none with `strict`: they are errors then).
    /// - Throws: ``LoadError`` when the file cannot be read, reading refuses it, or the check finds an error.
    public static func checked(contentsOf path: String, strict: Bool = false) throws(LoadError) -> (Storyboard, warnings: [StoryboardDiagnostic]) {
        let storyboard = try read(contentsOf: path)
        let diagnostics = StoryboardCheck(host: .storyboardOnly, strict: strict).diagnostics(of: storyboard)
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw .failedCheck(path: path, errors) }
        return (storyboard, diagnostics)
    }

    /// A storyboard-only application from a file: every controller installed,
    /// the initial one shown, relative resource paths resolved next to the file.
    /// The storyboard is checked first (``checked(contentsOf:strict:)``): an error refuses it,
    /// each warning goes to `warning` (slamd logs them).
    public static func makeApplication(contentsOf path: String, strict: Bool = false,
                                       warning: (StoryboardDiagnostic) -> Void = { _ in }) throws(LoadError) -> Application {
        let (storyboard, warnings) = try checked(contentsOf: path, strict: strict)
        warnings.forEach(warning)
        let application = Application()
        let slash = path.lastIndex(of: "/")
        application.resourceDirectory = slash.map { String(path[..<$0]) } ?? "."
        storyboard.install(in: application)
        do {
            try application.start(with: storyboard.initialController)
        } catch {
            throw .cannotStart(path: path, error)
        }
        return application
    }

    /// The largest storyboard file read: far above a 100,000-element screen's (about 10 MB).
    public static let maximumFileBytes = 64 << 20

    /// A storyboard file read, not checked.
    static func read(contentsOf path: String) throws(LoadError) -> Storyboard {
        let bytes: [UInt8]
        switch FileContents.read(atPath: path, maximumBytes: maximumFileBytes) {
        case .success(let read): bytes = read
        case .failure(let failure): throw .unreadable(path: path, reason: failure.description)
        }
        do {
            return try Storyboard(bytes: bytes)
        } catch {
            throw .invalid(path: path, error)
        }
    }
}
