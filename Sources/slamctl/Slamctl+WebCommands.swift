import SlamConsole
import SlamJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Slamctl {
    /// The verb for the web UI that `slamd --web` serves.
    static let webCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "open", "Print the web UI's URL (slamd --web), token included; --browser opens it.",
            discussion: """
                slamd writes the URL to SOCKET.web (mode 0600) while it serves --web; without --web there is none \
                (exit status 1). With --instance HANDLE the URL shows that instance (?instance=HANDLE). --browser \
                runs xdg-open URL (exit status 1 when xdg-open is missing): that puts the token on a command line, \
                which other users of the machine can list; on a shared machine, copy the URL instead.
                """,
            options: [.init("browser", help: "Open the URL with xdg-open.")]
        ) { invocation in
            // A daemon must answer: a file left by one that was killed names a dead port and token.
            // An instance the page should show must be open (a new one would close as this command ends).
            let choice = try invocation.instanceChoice()
            if choice == .new { throw UsageError("open: --instance new would close as this command ends; give an open instance's handle", command: invocation.line.command) }
            _ = try invocation.connectToInstance().connection.ping()
            let path = invocation.socketPath + ".web"
            guard let bytes = readFile(path),
                  var url = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init),
                  url.hasPrefix("http://") else {
                throw CommandFailed(description: """
                    the slamd at \(invocation.socketPath) serves no web UI (no \(path)): start it with --web [HOST:]PORT \
                    (`make run` does)
                    """)
            }
            if case .handle(let handle)? = choice, handle != "main" {
                // Before the fragment that carries the token: the page reads ?instance= from the query.
                let fragment = url.firstIndex(of: "#") ?? url.endIndex
                url.insert(contentsOf: "?instance=" + handle, at: fragment)
            }
            invocation.output(.string(url)) { url }
            if invocation.line.flag("browser") { try openInBrowser(url) }
        },
    ]

    /// Runs `xdg-open URL` and reports its failure if it fails within two seconds; one
    /// still running then is left to run (without a desktop, xdg-open may run a browser
    /// in the foreground, for as long as it stays open).
    static func openInBrowser(_ url: String) throws {
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("xdg-open"), strdup(url)]
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawnp(&pid, "xdg-open", nil, nil, arguments + [nil], environ)
        guard result == 0 else {
            let reason = result == ENOENT ? "xdg-open is not installed" : "cannot run xdg-open: \(Output.systemMessage(result))"
            throw CommandFailed(description: "\(reason); open the URL above in a browser")
        }
        for _ in 0..<200 {
            var status: Int32 = 0
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid {
                // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
                let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                guard exitStatus == 0 else {
                    throw CommandFailed(description: "xdg-open could not open it (exit status \(exitStatus)); open the URL above in a browser")
                }
                return
            }
            if waited < 0 && errno != EINTR { return }
            usleep(10_000)
        }
    }
}

/// Exit status 1, with a message for stderr.
struct CommandFailed: Error, CustomStringConvertible {
    let description: String
}
