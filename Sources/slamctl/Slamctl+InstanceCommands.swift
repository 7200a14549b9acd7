import SlamClient
import SlamConsole
import SlamJSON
import SlamProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Slamctl {
    /// `instances [list]`, `instances create`, `instances close HANDLE`: the daemon's isolated apps.
    static let instanceCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "instances", "List the daemon's instances (isolated apps), make one (create) or end one (close).",
            discussion: """
                instances [list]         every open instance, main first: its handle, what it hosts, its label,
                                         how many connections use it now, which connection made it, and * for
                                         the one this command uses (--instance)
                instances create         makes an instance and prints its handle; of the application slamd was
                                         started with, or --app demo, or --storyboard FILE; --label names it
                instances close HANDLE   ends it: its pending waits are answered with error -32019, its
                                         renderers detached; main cannot be closed
                An instance made here is closed by slamd once no connection has used it for slamd's
                --instance-idle-timeout (60 s by default): a slamctl --instance HANDLE ui or watch keeps it.
                  I=$(slamctl instances create --label checkout)
                  slamctl --instance "$I" press increment
                  slamctl instances close "$I"
                """,
            arguments: [.init("action", help: "list (the default), create or close.", isOptional: true,
                              valueKind: .oneOf(["list", "create", "close"])),
                        .init("handle", help: "close: the instance to end (main, i1 …).", isOptional: true)],
            options: [
                .init("app", valueName: "APP", help: "create: launched (the default: what slamd was started with) or demo.",
                      valueKind: .oneOf(["launched", "demo"])),
                .init("storyboard", valueName: "FILE", help: "create: host this storyboard file instead (slamd reads it)."),
                .init("label", valueName: "TEXT", help: "create: a name for people (instances and the page's inspector show it)."),
            ]
        ) { invocation in
            let line = invocation.line
            let action = line.argument("action") ?? "list"
            let handle = line.argument("handle")
            let createOptions = ["app", "storyboard", "label"].filter { line.option($0) != nil }
            if action != "create", let option = createOptions.first {
                throw UsageError("--\(option) goes with instances create", command: line.command)
            }
            if action != "close", handle != nil {
                throw UsageError("only instances close takes a HANDLE", command: line.command)
            }
            switch action {
            case "list":
                try listInstances(invocation)
            case "create":
                try createInstance(invocation)
            case "close":
                guard let handle else { throw UsageError("instances close needs the HANDLE to end (slamctl instances lists them)", command: line.command) }
                let connection = try invocation.connect()
                let answer: JSONValue
                do {
                    answer = try connection.call(InstanceCloseRequest.method, InstanceCloseRequest(instance: handle).params)
                } catch ClientError.server(let error) where error.code == .instanceNotFound {
                    throw invocation.instanceNotFound(handle, error: error, asked: "instances close \(handle)")
                }
                let closed = try InstanceClosed(json: answer)
                invocation.output(answer) {
                    "closed \(closed.instance)" + (closed.connections == 0 ? "" : " (\(closed.connections) connection\(closed.connections == 1 ? "" : "s") used it)")
                }
            default:
                throw UsageError("ACTION must be list, create or close, not '\(action)'", command: line.command)
            }
        },
    ]

    /// `instances`: a table a person reads, or with `--json` the daemon's `instance.list`.
    private static func listInstances(_ invocation: Invocation) throws {
        let listed = try invocation.connect().call(InstanceListRequest.method)
        if invocation.json {
            Output.line(listed.description)
            return
        }
        let entries = try (listed.arrayValue ?? []).map { value throws(ResultDecodingError) in try InstanceEntry(json: value) }
        Output.line(instanceTable(entries))
    }

    /// `instances create`: the new handle alone on a line, for `I=$(slamctl instances create)`.
    private static func createInstance(_ invocation: Invocation) throws {
        let line = invocation.line
        var request = InstanceCreateRequest(app: line.option("app"), label: line.option("label"))
        if let path = line.option("storyboard") {
            guard request.app == nil else { throw UsageError("give --app or --storyboard, not both", command: line.command) }
            // slamd reads the file, from its own working directory: the path it is given is whole.
            guard let resolved = realpath(path, nil) else {
                throw CommandFailed(description: "cannot read the storyboard \(path): \(Output.systemMessage(errno))")
            }
            request.storyboard = String(cString: resolved)
            free(resolved)
        }
        // --json prints the daemon's answer as it came; a person gets the handle.
        let answer = try invocation.connect().call(InstanceCreateRequest.method, request.params)
        let created = try InstanceEntry(json: answer)
        invocation.output(answer) { created.instance }
    }

    /// The columns of `slamctl instances`: `*` marks the instance the command's connection uses.
    static func instanceTable(_ entries: [InstanceEntry]) -> String {
        let header = ["", "INSTANCE", "APP", "LABEL", "CONNECTIONS", "CREATED BY"]
        let rows = entries.map { entry in
            [entry.current ? "*" : "", entry.instance, entry.storyboard.map { "storyboard \($0)" } ?? entry.app,
             entry.label ?? "-", String(entry.connections), entry.createdBy.map { "client \($0)" } ?? "-"]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
