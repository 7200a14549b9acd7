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

/// The loop of `slamctl ui`: one `poll()` over the keyboard, the daemon's socket and
/// the signal pipe; the model follows `ui.redraw`, each turn repaints what changed.
final class TerminalUI {
    let connection: SlamConnection
    let terminal: TerminalSession
    let model = RemoteUIModel()
    var renderer: ScreenRenderer
    var repaint: TerminalRepaint
    var decoder = TerminalKeyDecoder()
    var frame: TerminalFrame?
    var status = "Ready"
    /// Actions this connection asked for whose `action` events are still to come (not shown as others').
    var ownActions: [String] = []
    /// The node that held the focus on the top screen when the model was last looked at.
    var focusedNode: Int?
    /// The last focus announcement on the status line, whole (a move the model shows later is not said twice).
    var lastAnnouncement: String?
    /// Runs before Ctrl-C or a signal ends slamctl, which returns from nothing: what the command made is undone.
    var beforeInterruptedExit: () -> Void = {}

    init(connection: SlamConnection, terminal: TerminalSession, usesColor: Bool) {
        self.connection = connection
        self.terminal = terminal
        renderer = ScreenRenderer(usesColor: usesColor)
        repaint = TerminalRepaint(usesColor: usesColor)
    }

    func run(mouse: Bool) throws {
        try model.attach(connection.call(UIAttachRequest.method))
        try connection.subscribe([.action, .openURL])
        try terminal.start(mouse: mouse)
        defer { terminal.restore() }
        status = "Ready"
        followFocus()
        paint()
        var descriptors = [pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: terminal.signalDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                throw TerminalError("poll", errno)
            }
            if descriptors[2].revents != 0 {
                for signal in terminal.takeSignals() {
                    if signal == SIGWINCH {
                        repaint.invalidate()
                    } else {
                        terminal.restore()
                        beforeInterruptedExit()
                        exit(128 + signal)
                    }
                }
            }
            if descriptors[1].revents != 0 { try drain() }
            if descriptors[0].revents != 0 {
                guard let bytes = TerminalSession.readAvailable(terminal.input), !bytes.isEmpty || descriptors[0].revents & Int16(POLLIN) == 0 else {
                    return  // the terminal went away
                }
                if descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0 && bytes.isEmpty { return }
                for input in decoder.decode(bytes) {
                    if try !handle(input) { return }
                }
            }
            try drain()
            followFocus()
            paint()
        }
    }

    /// Announces the focused element when the focus has moved on the top screen since the last look (another
    /// client's `focus`, a new screen, an element removed), unless a reply here said it already.
    func followFocus() {
        let focus = model.focusedElement
        defer { focusedNode = focus?.node }
        guard let focus else {
            // Focus lost: coming back to the same element is news again.
            if focusedNode != nil { lastAnnouncement = nil }
            return
        }
        guard focus.node != focusedNode else { return }
        let whole = FocusAnnouncement.text(for: focus.snapshot, limit: .max)
        guard whole != lastAnnouncement else { return }
        status = announcement(of: focus.snapshot, after: "")
    }

    /// `prefix` and the announcement of `snapshot`, cut to fit the status line; remembered as said.
    func announcement(of snapshot: JSONValue, after prefix: String) -> String {
        lastAnnouncement = FocusAnnouncement.text(for: snapshot, limit: .max)
        // The status line starts one column in; on a very narrow terminal the renderer cuts the rest.
        let room = terminal.size.columns - 2 - prefix.count
        return prefix + FocusAnnouncement.text(for: snapshot, limit: max(room, 24))
    }

    /// Applies every notification that has arrived.
    func drain() throws {
        while true {
            let notification: Notification
            do {
                notification = try connection.nextNotification(timeoutMilliseconds: 0)
            } catch {
                if case .timedOut = error { return }
                throw error
            }
            if let detached = UIDetachedNotice(notification) {
                // Its app is gone: nothing here would answer any more (the daemon refuses it with -32019).
                throw CommandFailed(description: "the instance \(detached.instance) this terminal showed was \(detached.reason) "
                                    + "(slamctl instances lists those open)")
            } else if let redraw = UIRedraw(notification) {
                do {
                    try model.apply(JSONValue.object(["seq": .integer(Int64(redraw.seq)), "ops": .array(redraw.ops)]))
                } catch {
                    // Lost track (a gap, an unknown node): start again from the whole state.
                    try model.attach(connection.call(UIAttachRequest.method))
                }
            } else if notification.method == EventKind.action.rawValue, let params = notification.params?.jsonValue {
                let method = params["method"]?.stringValue ?? ""
                if let index = ownActions.firstIndex(of: method) {
                    ownActions.remove(at: index)
                } else {
                    let ref = EventFormatter.element(params["ref"]) ?? params["params"]?["name"]?.stringValue ?? params["params"]?["key"]?.stringValue ?? ""
                    let client = params["client"]?.integerValue.map { "client \($0)" } ?? "another client"
                    status = "\(client): \(method) \(ref)".trimmingSuffix()
                }
            } else if notification.method == EventKind.openURL.rawValue {
                status = "open \(notification.params?.jsonValue["address"]?.stringValue ?? "") (in a browser)"
            }
        }
    }

    /// Acts on one input; false to leave.
    func handle(_ input: TerminalInput) throws -> Bool {
        switch input {
        case .quit:
            return false
        case .interrupt:
            // Ctrl-C ends `ui` as SIGINT ends every other long-running command: status 130.
            terminal.restore()
            beforeInterruptedExit()
            exit(128 + SIGINT)
        case .repaint:
            repaint.invalidate()
        case .wheel:
            break
        case .key(let name):
            var outcome = try send("key", ["key": .string(name)], describing: name)
            if outcome?["handled"]?.boolValue == false {
                // Arrows the focused element does not use move the focus; Backspace outside a field goes back.
                let fallback: String? = switch name {
                case "ArrowDown", "ArrowRight": "Tab"
                case "ArrowUp", "ArrowLeft": "Shift+Tab"
                case "Backspace": "Escape"
                default: nil
                }
                if let fallback { outcome = try send("key", ["key": .string(fallback)], describing: name) }
            }
            if let outcome {
                let handled = outcome["handled"]?.boolValue == true
                let prefix = "\(Self.keyLabel(name)) → " + (handled ? "" : "nothing to do · ")
                if let focused = outcome["focused"], focused != .null {
                    status = announcement(of: focused, after: prefix)
                } else {
                    lastAnnouncement = nil
                    status = prefix + "no focus"
                }
            }
        case .click(let row, let column):
            guard let region = frame?.region(atRow: row, column: column) else { break }
            guard !region.ref.isEmpty else {
                status = "click: this \(region.type) has no reference to press"
                break
            }
            switch region.action {
            case .focus:
                if let focused = try send("focus", ["ref": .string(region.ref)], describing: "click") {
                    status = announcement(of: focused, after: "click → ")
                }
            case .press(let value):
                var params: JSONValue.Object = ["ref": .string(region.ref)]
                if let value { params["value"] = value }
                if let pressed = try send("press", params, describing: "click") {
                    // Pressing the focused element: say what it is now (a switch turned off), as a key would.
                    status = pressed["focused"]?.boolValue == true ? announcement(of: pressed, after: "click → ")
                        : "click: press \(region.type) \(region.ref)" + (value.map { " \($0)" } ?? "")
                }
            }
        }
        return true
    }

    /// Calls the daemon; an error answer goes to the status line (nil), a lost daemon ends the UI.
    func send(_ method: String, _ params: JSONValue.Object, describing what: String) throws -> JSONValue? {
        ownActions.append(method)
        do {
            return try connection.call(method, params)
        } catch {
            guard case .server(let answer) = error else { throw error }
            ownActions.removeLast()
            status = "\(Self.keyLabel(what)): error \(answer.code.rawValue): \(answer.message)"
            return nil
        }
    }

    static func keyLabel(_ name: String) -> String {
        name == " " ? "Space" : name
    }

    func paint() {
        let size = terminal.size
        let top = model.screens.indices.last
        let chrome = ScreenRenderer.Chrome(title: top.map { model.screens[$0].title } ?? "(no screen)",
                                           stack: model.screens.map(\.id), status: status)
        let next = renderer.render(chrome, root: top.map { model.tree(ofScreenAt: $0, nodeNumbers: true) },
                                   width: size.columns, height: size.rows)
        frame = next
        let bytes = repaint.update(to: next)
        if !bytes.isEmpty { terminal.write(bytes) }
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
