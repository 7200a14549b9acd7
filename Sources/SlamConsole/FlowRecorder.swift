import SlamJSON
import SlamProtocol

/// Writes a flow from what clients did: each `action` event becomes a step that does
/// the same again, with the locator the daemon chose as most robust for the element.
///
/// Successive edits of one text field become one step (a browser sends the whole
/// text on every keystroke: only the last text matters), and typing goes on into
/// the step that typed before. A focus step right before typing into the same
/// field goes (typing focuses it again when it replays); other focus steps stay,
/// since the keys after them go to whatever has the focus. A step names the
/// controller when the action did.
public struct FlowRecorder {
    public let name: String
    /// The steps so far, as a flow file writes them.
    public private(set) var steps: [JSONValue] = []

    public init(name: String) {
        self.name = name
    }

    /// Adds the step that repeats `action`; returns it (nil for an action no step repeats).
    @discardableResult
    public mutating func record(_ action: ActionEvent) -> JSONValue? {
        let element = action.ref?.parameterJSON
        if let element, action.method == "typeText", case .object(let last)? = steps.last, last["focus"] == element {
            steps.removeLast()
        }
        var step: JSONValue.Object
        switch (action.method, element) {
        case ("press", let element?):
            step = ["press": element]
            if let value = action.params["value"], value != .null { step["value"] = value }
        case ("setText", let element?):
            step = ["text": element, "value": action.params["text"] ?? ""]
            if case .object(let last)? = steps.last, last["text"] == element, last.count == step.count {
                steps.removeLast()
            }
        case ("typeText", let element?):
            step = ["typeText": element, "value": action.params["text"] ?? ""]
            if case .object(let last)? = steps.last, last["typeText"] == element,
               case .string(let before)? = last["value"], case .string(let typed)? = step["value"] {
                steps.removeLast()
                step["value"] = .string(before + typed)
            }
        case ("focus", let element?):
            step = ["focus": element]
            if case .object(let last)? = steps.last, last == step { return nil }
        case ("key", _):
            guard let key = action.params["key"] else { return nil }
            if let element { steps.append(["focus": element]) }
            step = ["key": key]
        case ("runTask", _):
            guard let name = action.params["name"] else { return nil }
            step = ["task": name]
            if let param = action.params["param"], param != .null { step["param"] = param }
        case ("reset", _):
            step = ["reset": true]
        default:
            return nil
        }
        if let controller = action.params["controller"], element != nil { step["controller"] = controller }
        steps.append(.object(step))
        return .object(step)
    }

    /// Adds an `expect` step: `property` of `element` must equal `value` when the flow replays.
    public mutating func expect(_ element: ElementLocator, property: String, equals value: JSONValue) {
        steps.append(["expect": element.parameterJSON, "property": .string(property), "equals": value])
    }

    /// Adds a step that checks `element` reaches `state` when the flow replays: `expectAbsent` for
    /// `absent`, else a `wait` step (which fails the flow when its timeout passes).
    public mutating func expect(_ element: ElementLocator, state: WaitState) {
        if state == .absent {
            steps.append(["expectAbsent": element.parameterJSON])
        } else {
            steps.append(["wait": element.parameterJSON, "state": .string(state.rawValue)])
        }
    }

    /// Adds an `expectAria` step: the accessibility snapshot of `element` must contain `template`
    /// (written as its lines) when the flow replays.
    public mutating func expectAria(_ template: String, in element: ElementLocator) {
        let lines = template.split(separator: "\n", omittingEmptySubsequences: true).map { JSONValue.string(String($0)) }
        steps.append(["expectAria": .array(lines), "ref": element.parameterJSON])
    }

    /// The flow file: `{"name", "steps"}`, pretty-printed, one step per line.
    public var fileText: String {
        let lines = steps.map { "    " + $0.description }
        return "{\n  \"name\": \(JSONValue.string(name)),\n  \"steps\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
