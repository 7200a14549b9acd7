import SlamConsole
import SlamJSON
import SlamProtocol

/// What `slam_flow` writes a flow from: the `action` events the session received and the checks
/// `slam_verify` passed, in the order they happened.
///
/// Events come from every client that acts (a person in the browser page, a script); the flow
/// keeps the ones that name this connection's number (``clientNumber``, which `subscribe` answers).
struct SessionRecording: Sendable {
    /// A check that passed, as the flow step that checks it again when the flow replays.
    enum Expectation: Sendable, Hashable {
        /// A snapshot property equals a value (`expect`).
        case property(ElementLocator, name: String, equals: JSONValue)
        /// The element reaches a state (`wait`; `expectAbsent` for `absent`).
        case state(ElementLocator, WaitState)
        /// The element's accessibility snapshot contains a partial one (`expectAria`).
        case aria(String, in: ElementLocator)
    }

    enum Entry: Sendable {
        case action(ActionEvent)
        case expectation(Expectation)
    }

    private(set) var entries: [Entry] = []
    /// The daemon's number for the session's connection, as `action` events name it; nil until `subscribe` answered it.
    /// Once known, other clients' actions are no longer kept (a person may use the page for hours).
    var clientNumber: Int? {
        didSet {
            guard let clientNumber else { return }
            entries.removeAll { if case .action(let action) = $0 { action.client != clientNumber } else { false } }
        }
    }

    /// The most entries kept: a session can live as long as slamd (the one `/mcp` shares among stateless
    /// agents does), so past this the oldest go, a thousand at a time.
    static let maximumEntries = 10_000

    mutating func append(_ action: ActionEvent) {
        if let clientNumber, action.client != clientNumber { return }
        append(.action(action))
    }

    mutating func append(_ expectation: Expectation) {
        append(.expectation(expectation))
    }

    private mutating func append(_ entry: Entry) {
        if entries.count >= Self.maximumEntries { entries.removeFirst(min(1_000, entries.count)) }
        entries.append(entry)
    }

    /// The flow of what the connection numbered `client` did, with the checks in between, in order.
    func flow(named name: String, client: Int) -> FlowRecorder {
        var recorder = FlowRecorder(name: name)
        for entry in entries {
            switch entry {
            case .action(let action) where action.client == client:
                recorder.record(action)
            case .action:
                continue
            case let .expectation(.property(element, property, value)):
                recorder.expect(element, property: property, equals: value)
            case let .expectation(.state(element, state)):
                recorder.expect(element, state: state)
            case let .expectation(.aria(template, element)):
                recorder.expectAria(template, in: element)
            }
        }
        return recorder
    }
}
