import Glibc
import SlamClient
import SlamConsole
import SlamJSON
import SlamProtocol

extension Slamctl {
    /// `record`: a flow written from what people and clients do.
    static let recordCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "record", "Write a flow from what people and clients do (presses, text, keys, tasks), until interrupted.",
            discussion: """
                Every action of every client (the browser page, slamctl, a script) becomes a step, naming its
                element by the most robust locator: its role and name (button "Settings") when they are unique,
                else its reference, else its type and text. The file is rewritten
                after each step, so stopping with Ctrl-C at any moment leaves a complete flow. It begins by
                resetting the app and with a reset step, so `slamctl run FILE` replays it from the same start.
                  slamctl record checkout.json      then use the app; Ctrl-C; slamctl run checkout.json
                """,
            arguments: [.init("file", help: "The flow file to write (rewritten after every step).")],
            options: [
                .init("name", valueName: "NAME", help: "The flow's name (default: the file's name)."),
                .init("no-reset", help: "Record from the app as it is: no reset first, and no reset step."),
                .init("steps", valueName: "N", help: "Stop after N steps (default: when interrupted)."),
            ]
        ) { invocation in
            let line = invocation.line
            let path = invocation.argument("file")
            var limit: Int?
            if let text = line.option("steps") {
                guard let count = Int(text), count > 0 else {
                    throw UsageError("--steps must be a positive number, not '\(text)'", command: line.command)
                }
                limit = count
            }
            let fileName = path.split(separator: "/").last.map(String.init) ?? path
            let defaultName = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
            var recorder = FlowRecorder(name: line.option("name") ?? defaultName)
            let connection = try invocation.connect()
            try connection.subscribe([.action])
            // The reset's own action event records the reset step.
            if !line.flag("no-reset") { try connection.reset() }
            if !invocation.json { Output.line("recording into \(path); use the app, then Ctrl-C to stop") }
            while limit.map({ recorder.steps.count < $0 }) ?? true {
                let notification = try connection.nextNotification(timeoutMilliseconds: -1)
                guard case .action(let action)? = SlamEvent(notification), let step = recorder.record(action) else { continue }
                try writeFlow(recorder.fileText, to: path, command: line.command)
                invocation.output(step) { "step \(recorder.steps.count): \(step)" }
            }
        },
    ]

    /// Writes the flow beside `path`, then renames it into place, so the file is always a whole flow.
    private static func writeFlow(_ text: String, to path: String, command: CommandSpecification) throws {
        let temporary = path + ".recording"
        if let failure = writeFile(text, to: temporary) {
            throw UsageError("cannot write \(temporary): \(Output.systemMessage(failure))", command: command)
        }
        guard rename(temporary, path) == 0 else {
            throw UsageError("cannot write \(path): \(Output.systemMessage(errno))", command: command)
        }
    }
}
