#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where an installed Slam keeps the files its programs read at run time.
///
/// `make install PREFIX=…` puts the executables in `PREFIX/bin` and these files in
/// `PREFIX/share/slam/NAME` (`web`, the page `slamd --web` serves; `demo`, the demo app's storyboard and
/// files). A program finds them from where its own executable is, so an install works from any
/// directory and for any prefix; a program run from a build directory finds none and uses the copy the
/// build bundled instead.
public enum InstalledResources {
    /// `PREFIX/share/slam/NAME` when the running executable is `PREFIX/bin/…` and that directory exists; else nil.
    public static func directory(named name: String) -> String? {
        guard let executable = executablePath, let binary = executable.lastIndex(of: "/") else { return nil }
        let prefix = String(executable[..<binary]) + "/.."
        let candidate = prefix + "/share/slam/" + name
        var status = stat()
        guard stat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return candidate
    }

    /// The running executable's path, symbolic links resolved (`/proc/self/exe`).
    private static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
