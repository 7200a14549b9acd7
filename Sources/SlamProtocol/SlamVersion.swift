/// Which Slam this is: one release number for `slamd`, `slamctl` and the server's `version` answer.
public enum SlamVersion {
    /// The release, as `slamd --version`, `slamctl --version` and `version.serverVersion` report it.
    public static let release = "0.1.0"

    /// `NAME 0.1.0 (protocol 1.0)`: what a command's `--version` prints.
    public static func line(for tool: String) -> String {
        "\(tool) \(release) (protocol \(VersionRequest.protocolVersion))"
    }
}
