import SlamConsole
import SlamJSON
import SlamProtocol
import SlamRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The element a verb acts on: `REF`, a JSON locator in its place, or the locator options.
extension Invocation {
    /// Whether a locator option (`--text`, `--role` …) names the element.
    var namesElementByOptions: Bool {
        ["type", "text", "matches", "role", "name", "within", "nth"].contains { line.option($0) != nil }
    }

    /// The element named on the command line and the positional values that follow it.
    ///
    /// `positionals` are the verb's positional argument names, REF first. With a locator
    /// option (`--text Settings`) REF is left out, so the values written shift into the
    /// arguments after it: `slamctl press --text Row 2` presses with value 2.
    func element(positionals: [String]) throws -> (locator: ElementLocator, values: [String?]) {
        let written = positionals.compactMap { line.argument($0) }
        if !namesElementByOptions {
            guard let first = written.first else {
                throw UsageError("name the element: REF, or --text, --type, --matches, --role or --name", command: line.command)
            }
            return (try locator(first, option: "REF"), pad(Array(written.dropFirst()), to: positionals.count - 1))
        }
        guard written.count < positionals.count else {
            throw UsageError("give REF or --type/--text/--matches/--role/--name, not both", command: line.command)
        }
        var locator = ElementLocator(type: line.option("type"), text: line.option("text"), textMatches: line.option("matches"),
                                     role: line.option("role"), name: line.option("name"))
        if let within = line.option("within") { locator.within = try self.locator(within, option: "--within") }
        if let nth = line.option("nth") {
            guard let index = Int(nth) else { throw UsageError("--nth must be an integer, not '\(nth)'", command: line.command) }
            locator.nth = index
        }
        guard locator.type != nil || locator.text != nil || locator.textMatches != nil || locator.role != nil || locator.name != nil else {
            throw UsageError("--within and --nth narrow a locator: add --type, --text, --matches, --role or --name", command: line.command)
        }
        return (locator, pad(written, to: positionals.count - 1))
    }

    /// How long an acting verb lets the daemon wait for its element: `--timeout`, else `SLAM_TIMEOUT`
    /// (seconds, or with `ms`/`s`), else 5 s.
    func actionTimeout() throws -> Int {
        if let text = line.option("timeout") {
            guard let timeout = Slamctl.milliseconds(text), timeout <= Slamctl.maximumWaitMilliseconds else {
                throw UsageError("--timeout must look like 500ms, 2s or 1.5s and be at most 600s, not '\(text)'", command: line.command)
            }
            return timeout
        }
        guard let text = getenv("SLAM_TIMEOUT").map({ String(cString: $0) }), !text.isEmpty else { return 5000 }
        guard let timeout = Slamctl.milliseconds(text), timeout <= Slamctl.maximumWaitMilliseconds else {
            throw UsageError("SLAM_TIMEOUT must be seconds (1.5) or look like 500ms or 2s, and be at most 600s, not '\(text)'",
                             command: line.command)
        }
        return timeout
    }

    /// A reference, or a JSON locator object (`'{"type":"Button","text":"Save"}'`).
    func locator(_ text: String, option: String) throws -> ElementLocator {
        guard text.hasPrefix("{") else { return ElementLocator(text) }
        guard let json = try? JSONParser().parse(text) else {
            throw UsageError("\(option) '\(text)' is not JSON; a locator looks like {\"type\":\"Button\",\"text\":\"Save\"}", command: line.command)
        }
        do throws(ResponseError) {
            return try ElementLocator.read(json, path: "ref")
        } catch {
            throw UsageError("\(option): \(error.message)", command: line.command)
        }
    }

    private func pad(_ values: [String], to count: Int) -> [String?] {
        values.map(Optional.some) + Array(repeating: nil, count: max(0, count - values.count))
    }
}
