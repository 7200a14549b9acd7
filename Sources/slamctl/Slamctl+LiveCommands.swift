import SlamClient
import SlamProtocol
import SlamConsole
import SlamJSON
import SlamRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Slamctl {
    /// Verbs that wait, stream or run scenarios, and the raw `call`.
    static let liveCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "wait", "Wait until an element reaches a state, a property equals a value, or the screen contains an aria snapshot.",
            discussion: """
                The daemon checks at once and after every UI change (no polling). Examples:
                  slamctl wait goal --state visible --timeout 2s
                  slamctl wait count --property text --equals 'Count: 3'
                  slamctl snapshot --ref menu > expected.txt; slamctl wait --aria expected.txt
                With --aria, REF is optional (default: the screen) and a mismatch prints the diff.
                """,
            arguments: [.init("ref", help: "The element's reference (or a JSON locator; or use --text, --type …).", isOptional: true)],
            options: CommandSpecification.Option.locator + [
                .init("state", valueName: "STATE", help: "exists, absent, visible, hidden or enabled (default: visible).",
                      valueKind: .oneOf(["exists", "absent", "visible", "hidden", "enabled"])),
                .init("property", valueName: "NAME", help: "A snapshot property to compare (with --equals)."),
                .init("equals", valueName: "VALUE", help: "The value it must have: JSON, or a bare word taken as a string."),
                .init("aria", valueName: "FILE", help: "A partial accessibility snapshot the screen (or REF) must contain; - reads it from standard input."),
                .init("timeout", valueName: "TIME", help: "How long to wait: 500ms, 2s, 1.5s (default 5s)."),
                .controller,
            ]
        ) { invocation in
            let line = invocation.line
            if let path = line.option("aria") {
                try waitForAria(path, invocation: invocation)
                return
            }
            let (reference, _) = try invocation.element(positionals: ["ref"])
            let timeoutText = line.option("timeout") ?? "5s"
            guard let timeout = milliseconds(timeoutText), timeout <= maximumWaitMilliseconds else {
                throw UsageError("--timeout must look like 500ms, 2s or 1.5s and be at most 600s, not '\(timeoutText)'",
                                 command: line.command)
            }
            let connection = try invocation.connect()
            let result: Snapshot?
            switch (line.option("state"), line.option("property"), line.option("equals")) {
            case (nil, let property?, let expected?):
                result = try connection.waitFor(reference, property: property, equals: jsonOrString(expected),
                                                timeoutMilliseconds: timeout, controller: invocation.controller)
            case (_, nil, nil):
                let name = line.option("state") ?? "visible"
                guard let state = WaitState(rawValue: name) else {
                    throw UsageError("STATE must be one of \(WaitState.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'",
                                     command: line.command)
                }
                result = try connection.waitFor(reference, state: state, timeoutMilliseconds: timeout, controller: invocation.controller)
            case (_?, _?, _):
                throw UsageError("give --state or --property, not both", command: line.command)
            default:
                throw UsageError("--property and --equals go together", command: line.command)
            }
            invocation.output(result?.json ?? .null) { result.map(invocation.formatter.line) ?? "\(reference.plainReference ?? reference.description) is absent" }
        },
        SlamctlCommand(
            "watch", "Stream events as they happen, until interrupted.",
            discussion: """
                Default events: changed navigated taskRan openURL stateChanged (one line per changed key:
                stateChanged count = 3). With --json, one notification per line.
                """,
            arguments: [.init("events", help: "changed, navigated, taskRan, openURL, stateChanged, log, focusChanged, action.", isRepeated: true)]
        ) { invocation in
            let connection = try invocation.connect()
            var events: [EventKind] = []
            for name in invocation.line.repeatedArgument("events") {
                guard let kind = EventKind(rawValue: name) else {
                    throw UsageError("EVENTS must be among \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'",
                                     command: invocation.line.command)
                }
                events.append(kind)
            }
            try connection.subscribe(events.isEmpty ? [.changed, .navigated, .taskRan, .openURL, .stateChanged] : events)
            let formatter = EventFormatter(style: invocation.style)
            while true {
                let notification = try connection.nextNotification(timeoutMilliseconds: -1)
                if invocation.json {
                    Output.line(notification.jsonValue.description)
                } else {
                    for line in formatter.lines(notification) { Output.line(line) }
                }
            }
        },
        SlamctlCommand(
            "screen", "Draw the top controller as a text wireframe: what a user would see.",
            discussion: """
                With --refs, each element is followed by its reference, <increment>: what to name in
                `slamctl press`. With --json, one object per drawing: {controller, title, tree}.
                """,
            options: [.init("follow", help: "Redraw whenever the screen changes, until interrupted."),
                      .init("refs", help: "Show each element's reference after it: [ +1 ] <increment>.")]
        ) { invocation in
            let connection = try invocation.connect()
            let wireframe = Wireframe(style: invocation.style, showsReferences: invocation.line.flag("refs"))
            let follow = invocation.line.flag("follow")
            let clearsScreen = follow && isatty(1) != 0
            func draw() throws {
                let top = try connection.controllers().last
                let tree = try connection.tree()
                if invocation.json {
                    // One object per drawing: the top controller and its whole tree.
                    Output.line(JSONValue.object(["controller": .string(top?.id ?? ""), "title": .string(top?.title ?? ""),
                                                  "tree": tree.json]).description)
                    return
                }
                if clearsScreen { Output.line("\u{1B}[H\u{1B}[2J", terminator: false) }
                Output.line(wireframe.render(title: top?.title ?? "", controller: top?.id ?? "", root: tree))
            }
            try draw()
            guard follow else { return }
            try connection.subscribe([.changed, .navigated])
            while true {
                _ = try connection.nextNotification(timeoutMilliseconds: -1)
                _ = connection.takeNotifications()  // one redraw covers a burst of events
                if !clearsScreen && !invocation.json { Output.line("") }
                try draw()
            }
        },
        runCommand,
        SlamctlCommand(
            "call", "Call any method with JSON params and print the JSON result.",
            discussion: "Example: slamctl call press '{\"ref\":\"increment\"}'",
            arguments: [.init("method", help: "The method name."),
                        .init("params", help: "Params: a JSON object or array.", isOptional: true)]
        ) { invocation in
            var params: Parameters?
            if let text = invocation.line.argument("params") {
                guard let value = try? JSONParser().parse(text), let structured = Parameters(jsonValue: value) else {
                    throw UsageError("PARAMS must be a JSON object or array, not '\(text)'", command: invocation.line.command)
                }
                params = structured
            }
            let response = try invocation.connect().request(invocation.argument("method"), params: params)
            switch response.outcome {
            case .success(let result): Output.line(result.description)
            case .failure(let error): throw ClientError.server(error)
            }
        },
    ]

    /// `wait --aria FILE`: reads the template (a file, or standard input for `-`), refuses one that cannot be
    /// read with its line before connecting, then waits; a timeout fails with the daemon's diff.
    static func waitForAria(_ path: String, invocation: Invocation) throws {
        let line = invocation.line
        if line.option("state") != nil || line.option("property") != nil || line.option("equals") != nil {
            throw UsageError("give --aria or --state/--property, not both", command: line.command)
        }
        let timeoutText = line.option("timeout") ?? "5s"
        guard let timeout = milliseconds(timeoutText), timeout <= maximumWaitMilliseconds else {
            throw UsageError("--timeout must look like 500ms, 2s or 1.5s and be at most 600s, not '\(timeoutText)'", command: line.command)
        }
        let reference = line.argument("ref") != nil || invocation.namesElementByOptions ? try invocation.element(positionals: ["ref"]).locator : nil
        guard let bytes = readFile(path == "-" ? "/dev/stdin" : path) else {
            throw CommandFailed(description: "cannot read the aria template \(path): \(Output.systemMessage(errno))")
        }
        let template: AriaTemplate
        do {
            template = try AriaTemplate(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw CommandFailed(description: "\(path == "-" ? "standard input" : path): \(error)")
        }
        let result = try invocation.connect().waitFor(aria: template, reference, timeoutMilliseconds: timeout, controller: invocation.controller)
        invocation.output(result.json) { invocation.formatter.line(result) }
    }

    /// The daemon's limit for one `waitFor` (`limits.maxWaitTimeoutMs` in `version`).
    static let maximumWaitMilliseconds = 600_000

    /// `500ms`, `2s`, `1.5s`, or a bare number of seconds, in milliseconds.
    static func milliseconds(_ text: String) -> Int? {
        if text.hasSuffix("ms") { return Int(text.dropLast(2)).flatMap { $0 >= 0 ? $0 : nil } }
        let seconds = text.hasSuffix("s") ? Double(text.dropLast()) : Double(text)
        guard let seconds, seconds >= 0, seconds < 1e6 else { return nil }
        return Int((seconds * 1000).rounded())
    }

    /// A JSON text as its value; anything else as a string (`--equals Saved`).
    static func jsonOrString(_ text: String) -> JSONValue {
        (try? JSONParser().parse(text)) ?? .string(text)
    }

    /// Writes `text` to `path` (made 0644, or emptied first), whole; nil, or the error number when it cannot.
    static func writeFile(_ text: String, to path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return errno }
            written += count
        }
        return nil
    }

    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}

/// Exit status 1: the report already said which step failed.
struct FlowFailed: Error {}
