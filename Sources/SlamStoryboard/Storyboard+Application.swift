import SlamUI

extension Storyboard {
    /// Why a storyboard file could not become an application.
    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(path: String)
        case invalid(path: String, StoryboardError)
        case cannotStart(path: String, SlamError)

        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read storyboard \(path)"
            case let .invalid(path, error): "\(path): \(error)"
            case let .cannotStart(path, error): "\(path): \(error)"
            }
        }
    }

    /// A storyboard-only application from a file: every controller installed,
    /// the initial one shown, relative resource paths resolved next to the file.
    public static func makeApplication(contentsOf path: String) throws(LoadError) -> Application {
        guard let bytes = FileContents.readBytes(atPath: path) else { throw .unreadable(path: path) }
        let storyboard: Storyboard
        do {
            storyboard = try Storyboard(bytes: bytes)
        } catch {
            throw .invalid(path: path, error)
        }
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
}
