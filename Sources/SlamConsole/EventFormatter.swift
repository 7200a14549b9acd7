import SlamClient
import SlamProtocol
import SlamJSON
import SlamRPC

/// Human lines for `slamctl watch`.
public struct EventFormatter: Sendable {
    public let snapshots: SnapshotFormatter

    public init(style: ConsoleStyle) {
        snapshots = SnapshotFormatter(style: style)
    }

    /// The lines for one notification: one per changed element (`changed`) or
    /// changed state key (`stateChanged`), else one; unknown events as their name and params.
    public func lines(_ notification: Notification) -> [String] {
        let params = notification.params?.jsonValue ?? [:]
        let style = snapshots.style
        switch notification.method {
        case "changed":
            let controller = params["controller"]?.stringValue ?? "?"
            return (params["changes"]?.arrayValue ?? []).compactMap(Snapshot.init).map {
                "\(style.green("changed")) \(controller): \(snapshots.line($0))"
            }
        case "navigated":
            let stack = params["stack"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            return ["\(style.green("navigated")) \(stack.joined(separator: " > "))"]
        case "taskRan":
            let param = params["param"]?.stringValue.map { " \($0)" } ?? ""
            return ["\(style.green("taskRan")) \(params["name"]?.stringValue ?? "?")\(param)"]
        case "openURL":
            return ["\(style.green("openURL")) \(params["address"]?.stringValue ?? "?")"]
        case "stateChanged":
            return (params["values"]?.objectValue ?? [:]).map { key, value in
                "\(style.green("stateChanged")) \(key) = \(value)"
            }
        case "focusChanged":
            let previous = params["previous"]?.stringValue.map { " (from \($0))" } ?? ""
            return ["\(style.green("focusChanged")) \(params["controller"]?.stringValue ?? "?"): "
                    + "\(params["ref"]?.stringValue ?? "none")\(previous)"]
        case "action":
            let element = Self.element(params["ref"]).map { " \($0)" } ?? ""
            let details = (params["params"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            return ["\(style.green("action")) client \(params["client"]?.description ?? "?") \(params["method"]?.stringValue ?? "?")\(element)\(details)"]
        case "log":
            return ["\(style.green("log")) \(params["level"]?.stringValue ?? "?"): \(params["message"]?.stringValue ?? "")"]
        default:
            return ["\(notification.method) \(params)"]
        }
    }
}

extension EventFormatter {
    /// An action event's element as flows and errors write it: a reference bare, else its locator
    /// (`button "Settings"`); nil when the action named none.
    public static func element(_ ref: JSONValue?) -> String? {
        guard let ref, ref != .null else { return nil }
        return (try? ElementLocator.read(ref, path: "ref")).map { $0.plainReference ?? $0.description } ?? ref.description
    }
}
