#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension WebRoot {
    /// The name of the resource bundle the build writes beside every executable that links this module (the
    /// package is `Slam`, the target carrying the page `SlamWebPage`): an app ships its page by shipping this
    /// folder with it.
    static let bundleName = "Slam_SlamWebPage.resources"

    /// The page the build bundled, in the folder beside the running executable (`.build/debug`, or wherever an
    /// app was shipped with its bundle), or nil.
    ///
    /// Found without SwiftPM's `Bundle.module`, which would link Foundation (and stop the process when the
    /// bundle is missing, where a daemon shipped without its page must say so and refuse `--web` cleanly).
    static func bundledDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        let candidate = String(executable[..<slash]) + "/" + bundleName + "/web"
        var status = stat()
        guard stat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return candidate
    }
}
