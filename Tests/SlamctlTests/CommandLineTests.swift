import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What every verb shares: help, usage errors (status 2), no daemon (status 3),
/// and global options anywhere on the line.
@Suite(.timeLimit(.minutes(10))) struct CommandLineTests {
    /// A socket path nobody listens on (its directory does not exist).
    private let absentSocket = "/nonexistent/slamctl-tests/slamd.sock"

    @Test(arguments: [["--help"], ["-h"], ["help"], ["--socket", "/x.sock", "--help"]])
    func helpListsEveryCommandAndTheExitStatuses(_ words: [String]) throws {
        let result = try SlamctlProcess(words).finish()
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let lines = result.lines
        #expect(lines.first == "slamctl: drive a headless Slam UI served by slamd.")
        #expect(lines.contains("Usage: slamctl [OPTIONS] COMMAND [ARGUMENTS]"))
        let start = try #require(lines.firstIndex(of: "Commands:"))
        let listed = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect(listed.map { $0.split(separator: " ").first.map(String.init) ?? "" } == allVerbs)
        #expect(listed.allSatisfy { $0.hasPrefix("  ") && $0.count > 20 }, "each command with its summary")
        #expect(lines.contains { $0.hasPrefix("  --socket PATH ") })
        #expect(lines.contains { $0.hasPrefix("  --json ") })
        #expect(lines.last == "Exit status: 0 ok, 1 the daemon answered an error (or a flow step failed), 2 usage, "
                + "3 cannot connect to the daemon, or lost it, 130 interrupted (Ctrl-C).")
    }

    @Test func helpForACommandShowsItsSynopsisArgumentsAndOptions() throws {
        let help = try slamctl("help", "wait")
        #expect(help.status == 0)
        #expect(help.lines.first
                == "Usage: slamctl wait [REF] [--type TYPE] [--text TEXT] [--matches REGEX] [--role ROLE] [--name NAME] [--within REF] [--nth N] [--state STATE] "
                + "[--property NAME] [--equals VALUE] [--aria FILE] [--timeout TIME] [--controller ID]")
        #expect(help.lines.contains("Wait until an element reaches a state, a property equals a value, or the screen contains an aria snapshot."))
        #expect(help.lines.contains("  slamctl wait goal --state visible --timeout 2s"), "the discussion's examples")
        #expect(help.lines.contains { $0.hasPrefix("  REF ") && $0.contains("The element's reference") })
        let options = help.lines.filter { $0.hasPrefix("  --") }.map { $0.split(separator: " ")[0] }
        #expect(options == ["--type", "--text", "--matches", "--role", "--name", "--within", "--nth", "--state", "--property", "--equals",
                            "--aria", "--timeout", "--controller", "--socket", "--instance", "--json", "--version"])
        // Asked for after the command, even without its required REF.
        #expect(try slamctl("wait", "--help").standardOutput == help.standardOutput)
        #expect(try slamctl("--help", "wait").standardOutput == help.standardOutput)
    }

    @Test(arguments: allVerbs)
    func everyCommandHasHelp(_ verb: String) throws {
        let help = try slamctl("help", verb)
        #expect(help.status == 0)
        #expect(help.lines.first?.hasPrefix("Usage: slamctl \(verb)") == true)
        #expect(help.lines.contains("Options:"))
    }

    @Test func anUnknownCommandIsAUsageErrorListingTheCommands() throws {
        let result = try slamctl("bogus", "--socket", absentSocket)
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.errorLines == [
            "slamctl: unknown command 'bogus'; the commands are: " + allVerbs.joined(separator: ", "),
            "Usage: slamctl [OPTIONS] COMMAND [ARGUMENTS]; see 'slamctl --help'",
        ])
        #expect(try slamctl("help", "bogus").status == 2)
    }

    @Test func anUnknownOptionIsAUsageErrorNamingIt() throws {
        let forCommand = try slamctl("ping", "--bogus", "--socket", absentSocket)
        #expect(forCommand.status == 2)
        #expect(forCommand.errorLines == ["slamctl: unknown option '--bogus' for 'ping'", "Usage: slamctl ping"])
        let beforeCommand = try slamctl("--verbose", "ping")
        #expect(beforeCommand.status == 2)
        #expect(beforeCommand.errorLines.first == "slamctl: unknown option '--verbose'")
        // An option of another command is unknown here.
        let foreign = try slamctl("find", "count", "--depth", "1", "--socket", absentSocket)
        #expect(foreign.status == 2)
        #expect(foreign.errorLines.first == "slamctl: unknown option '--depth' for 'find'")
    }

    @Test func otherUsageErrorsExitTwoWithTheCommandsSynopsis() throws {
        let none = try slamctl()
        #expect(none.status == 2)
        #expect(none.errorLines.first == "slamctl: no command given; try 'slamctl --help'")
        let missing = try slamctl("find", "--socket", absentSocket)
        #expect(missing.status == 2)
        #expect(missing.errorLines == ["slamctl: name the element: REF, or --text, --type, --matches, --role or --name",
                                       "Usage: slamctl find [REF] [--type TYPE] [--text TEXT] [--matches REGEX] [--role ROLE] [--name NAME] [--within REF] [--nth N] [--controller ID]"])
        let surplus = try slamctl("ping", "extra", "--socket", absentSocket)
        #expect(surplus.status == 2)
        #expect(surplus.errorLines == ["slamctl: unexpected argument 'extra'", "Usage: slamctl ping"])
        let flagWithValue = try slamctl("ping", "--json=yes", "--socket", absentSocket)
        #expect(flagWithValue.status == 2)
        #expect(flagWithValue.errorLines.first == "slamctl: --json takes no value")
        let noValue = try slamctl("ping", "--socket")
        #expect(noValue.status == 2)
        #expect(noValue.errorLines.first == "slamctl: --socket needs a value (PATH)")
        let oneDash = try slamctl("ping", "-socket", absentSocket)
        #expect(oneDash.status == 2)
        #expect(oneDash.errorLines.first == "slamctl: unknown option '-socket' (options are spelled with two dashes: --name)")
        // Arguments are checked before connecting: a usage error is 2 even with no daemon.
        let badDepth = try slamctl("tree", "--depth", "x", "--socket", absentSocket)
        #expect(badDepth.status == 2)
        #expect(badDepth.errorLines.first == "slamctl: --depth takes a whole number, not 'x'")
    }

    @Test func noDaemonExitsThreeNamingThePathWithAHint() throws {
        let directory = try DaemonProcess.makeTemporaryDirectory()
        defer { rmdir(directory) }
        let socket = directory + "/slamd.sock"
        for verb in [["ping"], ["tree"], ["press", "increment"], ["call", "ping"]] {
            let result = try SlamctlProcess(verb + ["--socket", socket]).finish()
            #expect(result.status == 3, "\(verb)")
            #expect(result.standardOutput == "")
            #expect(result.errorLines == [
                "slamctl: cannot connect to slamd at \(socket): No such file or directory",
                "Is slamd running? Start it with `slamd` (or `make run` in a Slam checkout), or pass --socket PATH.",
            ])
        }
    }

    @Test func withoutSocketItUsesTheDaemonsDefaultPath() throws {
        let runtime = try DaemonProcess.makeTemporaryDirectory()
        defer { rmdir(runtime) }
        let absent = try SlamctlProcess(["ping"], environment: environment(with: ["XDG_RUNTIME_DIR": runtime])).finish()
        #expect(absent.status == 3)
        #expect(absent.errorLines.first?.hasPrefix("slamctl: cannot connect to slamd at \(runtime)/slam/slamd.sock: ") == true)

        #expect(mkdir(runtime + "/slam", 0o700) == 0)
        defer { rmdir(runtime + "/slam") }
        let socket = runtime + "/slam/slamd.sock"
        defer { unlink(socket + ".lock") }
        let daemon = try DaemonProcess.launch(socketPath: socket)
        defer { daemon.stop() }
        let found = try SlamctlProcess(["ping"], environment: environment(with: ["XDG_RUNTIME_DIR": runtime])).finish()
        #expect(found.status == 0)
        #expect(found.standardOutput == "pong\n")
    }

    @Test func globalOptionsGoBeforeOrAfterTheCommandOrBetweenItsArguments() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let socket = app.socketPath
        #expect(try slamctl("--socket", socket, "--json", "ping").standardOutput == "\"pong\"\n")
        #expect(try slamctl("ping", "--json", "--socket", socket).standardOutput == "\"pong\"\n")
        #expect(try slamctl("--json", "ping", "--socket=\(socket)").standardOutput == "\"pong\"\n")
        let between = try slamctl("press", "--socket", socket, "increment", "--json")
        #expect(between.status == 0)
        #expect(try between.json()["ref"] == "increment")
        let optionsEnded = try slamctl("--socket", socket, "find", "--", "--json")
        #expect(optionsEnded.status == 1, "after --, --json is the REF")
        #expect(optionsEnded.errorLines.first?.contains("no element with reference '--json'") == true)
        #expect(try app.connection.find("count").text == "Count: 1")
    }
}

/// "Did you mean" for verbs and options.
@Suite struct CommandSuggestionTests {
    @Test func aMistypedVerbOrOptionNamesTheNearest() throws {
        let verb = try slamctl("pres", "increment", "--socket", "/nonexistent/slam.sock")
        #expect(verb.status == 2)
        #expect(verb.errorLines.first?.hasPrefix("slamctl: unknown command 'pres'; did you mean 'press'? the commands are: ping,") == true)
        let option = try slamctl("wait", "count", "--timout", "2s", "--socket", "/nonexistent/slam.sock")
        #expect(option.status == 2)
        #expect(option.errorLines.first == "slamctl: unknown option '--timout' for 'wait'; did you mean '--timeout'?")
    }
}

/// `--version` on both commands: the release and the protocol, one line, exit 0.
@Suite struct VersionOptionTests {
    @Test func slamctlAndSlamdPrintTheirVersion() throws {
        let slamctlVersion = try slamctl("--version")
        #expect(slamctlVersion.status == 0)
        #expect(slamctlVersion.lines == ["slamctl \(SlamVersion.release) (protocol \(VersionRequest.protocolVersion))"])
        #expect(try slamctl("press", "increment", "--version").lines == slamctlVersion.lines, "anywhere on the line, no daemon needed")
        let slamd = try runShell("'\(try DaemonProcess.slamdPath())' --version")
        #expect(slamd.status == 0)
        #expect(slamd.output == "slamd \(SlamVersion.release) (protocol \(VersionRequest.protocolVersion))\n")
    }
}

/// What `make install` writes from the verb tables: completion scripts and the manual page.
/// (Tests/install runs them in bash, zsh, fish and man.)
@Suite struct GeneratedFilesTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyVerbAndOptionIsInTheCompletionScript(_ shell: String) throws {
        let script = try slamctl("--generate-completion-script", shell)
        #expect(script.status == 0)
        // The verbs are offered as one list, in the help's order (each shell spells it its own way).
        switch shell {
        case "bash":
            #expect(script.standardOutput.contains("compgen -W '" + (allVerbs + ["help"]).joined(separator: " ") + "'"))
        case "zsh":
            let offered = script.lines.compactMap { line in
                line.firstMatch(of: /^                '([a-z-]+):/).map { String($0.1) }
            }
            #expect(offered == allVerbs + ["help"])
        default:
            let offered = script.lines.compactMap { line in
                line.firstMatch(of: /__slamctl_needs_command -a ([a-z-]+) -d/).map { String($0.1) }
            }
            #expect(offered == allVerbs + ["help"])
        }
        for option in ["--socket", "--json", "--timeout", "--within", "--controller", "--state"] {
            #expect(script.standardOutput.contains(shell == "fish" ? "-l " + option.dropFirst(2) : option), "\(shell): \(option)")
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try slamctl("--generate-completion-script", "tcsh")
        #expect(result.status == 2)
        #expect(result.errorLines.first == "slamctl: --generate-completion-script takes one of: bash, zsh, fish")
    }

    @Test func theManualPageHasAnEntryPerVerbAndTheExitStatuses() throws {
        let page = try slamctl("--generate-manual", "November 24, 2026")
        #expect(page.status == 0)
        #expect(page.lines.contains(".Dd November 24, 2026"))
        #expect(page.lines.contains(".Sh EXIT STATUS"))
        let entries = page.lines.filter { $0.hasPrefix(".It Cm ") }.map { $0.split(separator: " ")[2] }
        #expect(entries.map(String.init) == allVerbs)
    }

    /// Completion skips an option's value by the option's name alone, whatever the verb:
    /// so a name must take a value everywhere or nowhere.
    @Test func anOptionNameTakesAValueEverywhereOrNowhere() throws {
        let help = try slamctl("--help")
        var takesValue: [String: Bool] = [:]
        for verb in allVerbs {
            let synopsis = try #require(try slamctl("help", verb).lines.first)
            for match in synopsis.matches(of: /\[--([a-z-]+)( [A-Z]+)?\]/) {
                let name = String(match.1), valued = match.2 != nil
                #expect(takesValue[name, default: valued] == valued, "--\(name) in \(verb)")
                takesValue[name] = valued
            }
        }
        #expect(help.status == 0 && takesValue.count > 10)
    }
}
