import SlamJSON
import SlamProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A committed file that a snapshot must equal: compared line by line, and
/// rewritten instead when `SLAM_UPDATE_GOLDEN=1` is set. Or a tree template
/// (a partial tree, see ``TreeTemplate``) the tree must match: written by hand,
/// so updating only records a missing one, never rewrites one.
public struct GoldenFile: Sendable {
    /// The environment variable that turns comparisons into updates.
    public static let updateVariable = "SLAM_UPDATE_GOLDEN"

    /// The golden file's path, as given (relative paths resolve against the working directory).
    public let path: String

    /// The golden file (or tree template) at `path`.
    public init(path: String) {
        self.path = path
    }

    /// Whether this run records golden files instead of checking them.
    public static var isUpdating: Bool {
        getenv(updateVariable).map { String(cString: $0) == "1" } ?? false
    }

    /// Pretty-printed JSON, object members in the order the daemon sent them, ending in a newline.
    public static func text(of value: JSONValue) throws -> String {
        String(decoding: try JSONSerializer(style: .pretty(indent: 2)).serialize(value), as: UTF8.self) + "\n"
    }

    /// Checks `actual` against the file (or writes it when updating).
    ///
    /// - Throws: ``HarnessError/goldenMismatch(path:line:expected:actual:)`` naming the first
    ///   differing line, or ``HarnessError/goldenMissing(path:)``.
    public func check(_ actual: String) throws {
        if Self.isUpdating {
            try DaemonProcess.write(actual, to: path)
            return
        }
        guard access(path, F_OK) == 0 else { throw HarnessError.goldenMissing(path: path) }
        let expected = DaemonProcess.read(path)
        guard expected != actual else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        throw HarnessError.goldenMismatch(
            path: path, line: index + 1,
            expected: index < expectedLines.count ? String(expectedLines[index]) : "(end of file)",
            actual: index < actualLines.count ? String(actualLines[index]) : "(end of file)")
    }

    /// Reads the file as a tree template.
    ///
    /// A missing file is recorded from `tree` when updating (the whole tree: trim it to what
    /// the test cares about); an existing one is read as it is, updating or not.
    ///
    /// - Throws: ``HarnessError/goldenMissing(path:)``, ``HarnessError/invalidTemplate(path:reason:)``
    ///   naming the JSON path of what is malformed.
    public func template(recording tree: () throws -> JSONValue) throws -> TreeTemplate {
        if access(path, F_OK) != 0 {
            guard Self.isUpdating else { throw HarnessError.goldenMissing(path: path) }
            try DaemonProcess.write(try Self.text(of: try tree()), to: path)
        }
        let json: JSONValue
        do {
            json = try JSONParser().parse(DaemonProcess.read(path))
        } catch {
            throw HarnessError.invalidTemplate(path: path, reason: "\(error)")
        }
        do {
            return try TreeTemplate(json: json)
        } catch {
            throw HarnessError.invalidTemplate(path: path, reason: error.description)
        }
    }
}
