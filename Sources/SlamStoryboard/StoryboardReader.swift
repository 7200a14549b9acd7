import SlamJSON
import SlamUI
import SlamUIJSON

/// Validates a storyboard document and turns it into declarations, stopping at
/// the first mistake with its JSON path.
struct StoryboardReader {
    let elementTypes: [String: ElementType]
    /// Where each reference was first declared (the element's path: written out only for a duplicate).
    private var firstReferencePaths: [String: JSONPath] = [:]

    init(elementTypes: [String: ElementType]) {
        self.elementTypes = elementTypes
    }

    mutating func read(_ json: JSONValue) throws(StoryboardError)
        -> (String, [Storyboard.ControllerDeclaration], [String: StateValue], [Alert], clientTasks: [String]) {
        let root = try object(json, at: .root, named: "storyboard")
        try refuseUnknownMembers(root, allowed: ["initial", "state", "controllers", "alerts", "clientTasks"], at: .root)
        var state: [String: StateValue] = [:]
        if let stateValue = root["state"] {
            let members = try object(stateValue, at: JSONPath.root.appending(key: "state"), named: "state")
            for (key, value) in members { state[key] = StateValue(json: value) }
        }
        let initial = try string(root, "initial", at: .root)
        let controllersPath = JSONPath.root.appending(key: "controllers")
        guard let controllersValue = root["controllers"] else {
            throw StoryboardError(.root, .missingMember(name: "controllers"))
        }
        guard case .array(let controllerValues) = controllersValue else {
            throw StoryboardError(controllersPath, .wrongValueType(name: "controllers", expected: "array", actual: controllersValue.typeName))
        }
        guard !controllerValues.isEmpty else { throw StoryboardError(controllersPath, .emptyValue(name: "controllers")) }

        var controllers: [Storyboard.ControllerDeclaration] = []
        var identifierPaths: [String: String] = [:]
        for (index, value) in controllerValues.enumerated() {
            let path = controllersPath.appending(index: index)
            let controller = try object(value, at: path, named: "controller")
            try refuseUnknownMembers(controller, allowed: ["id", "title", "view"], at: path)
            let identifier = try string(controller, "id", at: path)
            if let first = identifierPaths[identifier] {
                throw StoryboardError(path.appending(key: "id"), .duplicateControllerIdentifier(identifier: identifier, firstPath: first))
            }
            identifierPaths[identifier] = path.appending(key: "id").description
            let title = try optionalString(controller, "title", at: path) ?? identifier
            guard let view = controller["view"] else { throw StoryboardError(path, .missingMember(name: "view")) }
            firstReferencePaths = [:]  // references are unique per controller
            let root = try element(view, at: path.appending(key: "view"))
            controllers.append(.init(identifier: identifier, title: title, view: root))
        }
        guard identifierPaths[initial] != nil else {
            throw StoryboardError(JSONPath.root.appending(key: "initial"),
                                  .unknownInitialController(identifier: initial, known: controllers.map(\.identifier)))
        }
        return (initial, controllers, state, try alerts(root["alerts"], controllerIdentifiers: Set(identifierPaths.keys)),
                try clientTasks(root["clientTasks"]))
    }

    /// `clientTasks`: the names of tasks a client supplies at run time (`tasks.register`), each once.
    private func clientTasks(_ value: JSONValue?) throws(StoryboardError) -> [String] {
        guard let value else { return [] }
        let path = JSONPath.root.appending(key: "clientTasks")
        guard case .array(let items) = value else {
            throw StoryboardError(path, .wrongValueType(name: "clientTasks", expected: "array", actual: value.typeName))
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(index: index)
            guard case .string(let name) = item else {
                throw StoryboardError(itemPath, .wrongValueType(name: "clientTasks", expected: "string", actual: item.typeName))
            }
            guard !name.isEmpty else { throw StoryboardError(itemPath, .emptyValue(name: "clientTasks")) }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `alerts`: `[{"id", "title", "message"?, "buttons": [{"title", "ref"?, "style"?, "task"?, "param"?}]}]`.
    private func alerts(_ value: JSONValue?, controllerIdentifiers: Set<String>) throws(StoryboardError) -> [Alert] {
        guard let value else { return [] }
        let alertsPath = JSONPath.root.appending(key: "alerts")
        guard case .array(let alertValues) = value else {
            throw StoryboardError(alertsPath, .wrongValueType(name: "alerts", expected: "array", actual: value.typeName))
        }
        var alerts: [Alert] = []
        var identifierPaths: [String: String] = [:]
        for (index, alertValue) in alertValues.enumerated() {
            let path = alertsPath.appending(index: index)
            let members = try object(alertValue, at: path, named: "alert")
            try refuseUnknownMembers(members, allowed: ["id", "title", "message", "buttons"], at: path)
            let identifier = try string(members, "id", at: path)
            if let first = identifierPaths[identifier] {
                throw StoryboardError(path.appending(key: "id"), .duplicateControllerIdentifier(identifier: identifier, firstPath: first))
            }
            if controllerIdentifiers.contains(identifier) {
                // An alert is shown under its id: one named like a screen would stand for it in every request.
                throw StoryboardError(path.appending(key: "id"), .duplicateControllerIdentifier(identifier: identifier, firstPath: "$.controllers"))
            }
            identifierPaths[identifier] = path.appending(key: "id").description
            let title = try string(members, "title", at: path)
            let message = try optionalString(members, "message", at: path) ?? ""
            let buttonsPath = path.appending(key: "buttons")
            guard let buttonsValue = members["buttons"] else { throw StoryboardError(path, .missingMember(name: "buttons")) }
            guard case .array(let buttonValues) = buttonsValue else {
                throw StoryboardError(buttonsPath, .wrongValueType(name: "buttons", expected: "array", actual: buttonsValue.typeName))
            }
            guard !buttonValues.isEmpty else { throw StoryboardError(buttonsPath, .emptyValue(name: "buttons")) }
            var actions: [Alert.Action] = []
            for (buttonIndex, buttonValue) in buttonValues.enumerated() {
                let buttonPath = buttonsPath.appending(index: buttonIndex)
                let button = try object(buttonValue, at: buttonPath, named: "button")
                try refuseUnknownMembers(button, allowed: ["title", "ref", "style", "task", "param"], at: buttonPath)
                let styleWord = try optionalString(button, "style", at: buttonPath) ?? ButtonStyle.normal.rawValue
                guard let style = ButtonStyle(rawValue: styleWord) else {
                    throw StoryboardError(buttonPath.appending(key: "style"),
                                          .notOneOf(name: "style", value: styleWord, allowed: ButtonStyle.allCases.map(\.rawValue)))
                }
                actions.append(Alert.Action(title: try string(button, "title", at: buttonPath),
                                            reference: try optionalString(button, "ref", at: buttonPath), style: style,
                                            task: try optionalString(button, "task", at: buttonPath),
                                            param: try optionalString(button, "param", at: buttonPath)))
            }
            let alert = Alert(identifier: identifier, title: title, message: message, buttons: actions)
            var firstRefPaths: [String: String] = [:]
            for (buttonIndex, action) in actions.enumerated() {
                guard let reference = action.reference else { continue }
                let refPath = buttonsPath.appending(index: buttonIndex).appending(key: "ref")
                if let first = firstRefPaths[reference] {
                    throw StoryboardError(refPath, .duplicateReference(reference: reference, firstPath: first))
                }
                firstRefPaths[reference] = refPath.description
            }
            alerts.append(alert)
        }
        return alerts
    }

    private mutating func element(_ value: JSONValue, at path: JSONPath) throws(StoryboardError) -> Storyboard.ElementDeclaration {
        let members = try object(value, at: path, named: "element")
        let typeName = try string(members, "type", at: path)
        guard let type = elementTypes[typeName] else {
            throw StoryboardError(path.appending(key: "type"), .unknownElementType(name: typeName, known: elementTypes.keys.sorted()))
        }
        let reference = try string(members, "ref", at: path)
        if let first = firstReferencePaths[reference] {
            throw StoryboardError(path.appending(key: "ref"), .duplicateReference(reference: reference, firstPath: first.appending(key: "ref").description))
        }
        firstReferencePaths[reference] = path

        let changeMembers = type.userInputProperties.isEmpty ? [] : Storyboard.changeTaskMembers
        let changeTask = changeMembers.isEmpty ? nil : try self.changeTask(members, at: path)
        let accessibilityMembers = Self.accessibilityMembers(of: type)
        let accessibility = try self.accessibility(members, of: type, at: path)
        var values: [String: PropertyValue] = [:]
        for (name, member) in members
        where !["type", "ref", "children", "bind"].contains(name) && !changeMembers.contains(name) && !accessibilityMembers.contains(name) {
            guard let descriptor = type.property(named: name), descriptor.isInspectable else {
                let allowed = ["type", "ref", "children", "bind"] + type.properties.filter(\.isInspectable).map(\.name) + changeMembers
                    + accessibilityMembers
                throw StoryboardError(path.appending(key: name), .unknownProperty(name: name, type: type.name, allowed: allowed))
            }
            values[name] = try propertyValue(member, for: descriptor, at: path.appending(key: name))
        }
        if let (property, reason) = type.declarationProblem(values) {
            throw StoryboardError(path.appending(key: property), .invalidValue(name: property, reason: reason))
        }
        let exclusive = type.exclusiveProperties
        if exclusive.count == 2, exclusive.allSatisfy({ values[$0] != nil }) {
            throw StoryboardError(path.appending(key: exclusive[1]), .exclusiveProperties(exclusive[0], exclusive[1]))
        }
        // Applied in the type's declared order (bounds before values), not the document's.
        let properties = type.properties.compactMap { descriptor in values[descriptor.name].map { (descriptor, $0) } }

        var bindings: [(property: String, binding: StateBinding)] = []
        if let bindValue = members["bind"] {
            let bindPath = path.appending(key: "bind")
            for (property, entry) in try object(bindValue, at: bindPath, named: "bind") {
                guard case .string(let text) = entry else {
                    throw StoryboardError(bindPath.appending(key: property), .wrongValueType(name: property, expected: "string", actual: entry.typeName))
                }
                do throws(StateBindingError) {
                    let binding = try StateBinding(parsing: text)
                    _ = try type.bindableProperty(named: property, for: binding)
                    bindings.append((property, binding))
                } catch {
                    throw StoryboardError(bindPath.appending(key: property), .badBinding(error))
                }
            }
        }

        var children: [Storyboard.ElementDeclaration] = []
        if let childrenValue = members["children"] {
            let childrenPath = path.appending(key: "children")
            guard case .array(let childValues) = childrenValue else {
                throw StoryboardError(childrenPath, .wrongValueType(name: "children", expected: "array", actual: childrenValue.typeName))
            }
            for (index, child) in childValues.enumerated() {
                children.append(try element(child, at: childrenPath.appending(index: index)))
            }
        }
        return .init(type: type, reference: reference, properties: properties, bindings: bindings,
                     changeTask: changeTask, accessibility: accessibility, children: children)
    }

    /// The accessibility members an element of `type` may declare: `label` and `description` on every
    /// one, `heading` on a Label, `region` on a plain View.
    static func accessibilityMembers(of type: ElementType) -> [String] {
        Storyboard.accessibilityMembers + (type.name == "Label" ? ["heading"] : []) + (type.name == "View" ? ["region"] : [])
    }

    /// `label`, `description`, `heading` and `region`, each checked.
    private func accessibility(_ members: JSONValue.Object, of type: ElementType,
                               at path: JSONPath) throws(StoryboardError) -> Storyboard.AccessibilityDeclaration {
        var declaration = Storyboard.AccessibilityDeclaration()
        declaration.label = try optionalString(members, "label", at: path)
        declaration.description = try optionalString(members, "description", at: path)
        if type.name == "View" { declaration.region = try optionalString(members, "region", at: path) }
        if type.name == "Label", let value = members["heading"] {
            let headingPath = path.appending(key: "heading")
            guard let level = value.integerValue else {
                throw StoryboardError(headingPath, .wrongValueType(name: "heading", expected: "integer", actual: value.typeName))
            }
            guard (1...6).contains(level) else {
                throw StoryboardError(headingPath, .invalidValue(name: "heading", reason: "a heading level is 1 to 6, got \(level)"))
            }
            declaration.headingLevel = Int(level)
        }
        for (name, text) in [("label", declaration.label), ("region", declaration.region)] where text?.isEmpty == true {
            throw StoryboardError(path.appending(key: name), .emptyValue(name: name))
        }
        return declaration
    }

    /// `changeTask`, `changeParam` and `changeDebounceMs`: what runs when a person changes the element's value.
    /// Read only for a type with such a value: on any other they are unknown properties.
    private func changeTask(_ members: JSONValue.Object, at path: JSONPath) throws(StoryboardError) -> ChangeTask? {
        guard let name = members["changeTask"] == nil ? nil : try string(members, "changeTask", at: path) else {
            for dependent in ["changeParam", "changeDebounceMs"] where members[dependent] != nil {
                throw StoryboardError(path, .missingMember(name: "changeTask"))
            }
            return nil
        }
        let param = try optionalString(members, "changeParam", at: path)
        var debounce: Int?
        if let value = members["changeDebounceMs"] {
            let debouncePath = path.appending(key: "changeDebounceMs")
            guard let milliseconds = value.integerValue else {
                throw StoryboardError(debouncePath, .wrongValueType(name: "changeDebounceMs", expected: "integer", actual: value.typeName))
            }
            guard (0...Int64(ChangeTask.maximumDebounceMilliseconds)).contains(milliseconds) else {
                throw StoryboardError(debouncePath, .invalidValue(name: "changeDebounceMs",
                                                                  reason: "must be between 0 and \(ChangeTask.maximumDebounceMilliseconds) (milliseconds), got \(milliseconds)"))
            }
            debounce = Int(milliseconds)
        }
        return ChangeTask(name: name, param: param, debounceMilliseconds: debounce)
    }

    /// `path` is made only for an error (building one per property was a tenth of loading a large storyboard).
    private func propertyValue(_ value: JSONValue, for descriptor: PropertyDescriptor, at path: @autoclosure () -> JSONPath) throws(StoryboardError) -> PropertyValue {
        let converted: PropertyValue? = switch (descriptor.kind, value) {
        case (.bool, .bool(let flag)): .bool(flag)
        case (.integer, _), (.optionalInteger, _): value.integerValue.map { .integer(Int($0)) } ?? (value.isNull && descriptor.kind == .optionalInteger ? .null : nil)
        case (.double, _): value.doubleValue.map(PropertyValue.double)
        case (.string, .string(let text)), (.optionalString, .string(let text)): .string(text)
        case (.optionalString, .null): .null
        case (.strings, .array(let elements)):
            elements.allSatisfy { $0.stringValue != nil } ? .strings(elements.compactMap(\.stringValue)) : nil
        case (.integers, .array), (.stringLists, .array), (.positions, .array), (.tableSections, .array), (.collectionSections, .array):
            try structuredValue(value, for: descriptor, at: path())
        default: nil
        }
        guard let converted else {
            throw StoryboardError(path(), .wrongValueType(name: descriptor.name, expected: descriptor.kind.rawValue, actual: value.typeName))
        }
        if let reason = descriptor.validate?(converted) {
            throw StoryboardError(path(), .invalidValue(name: descriptor.name, reason: reason))
        }
        if let allowed = descriptor.allowedValues, case .string(let word) = converted, !allowed.contains(word) {
            throw StoryboardError(path(), .notOneOf(name: descriptor.name, value: word, allowed: allowed))
        }
        return converted
    }

    /// A nested value (a picker's components, a table's sections), its inner mistakes named by their own path.
    private func structuredValue(_ value: JSONValue, for descriptor: PropertyDescriptor, at path: JSONPath) throws(StoryboardError) -> PropertyValue {
        do throws(PropertyValue.ShapeError) {
            return try PropertyValue.parse(StateValue(json: value), as: descriptor.kind)
        } catch {
            throw StoryboardError(path: path.description + error.path, reason: .invalidValue(name: descriptor.name, reason: error.reason))
        }
    }

    private func object(_ value: JSONValue, at path: JSONPath, named name: String) throws(StoryboardError) -> JSONValue.Object {
        guard case .object(let members) = value else {
            throw StoryboardError(path, .wrongValueType(name: name, expected: "object", actual: value.typeName))
        }
        return members
    }

    private func string(_ members: JSONValue.Object, _ name: String, at path: JSONPath) throws(StoryboardError) -> String {
        guard let value = members[name] else { throw StoryboardError(path, .missingMember(name: name)) }
        guard case .string(let text) = value else {
            throw StoryboardError(path.appending(key: name), .wrongValueType(name: name, expected: "string", actual: value.typeName))
        }
        guard !text.isEmpty else { throw StoryboardError(path.appending(key: name), .emptyValue(name: name)) }
        return text
    }

    private func optionalString(_ members: JSONValue.Object, _ name: String, at path: JSONPath) throws(StoryboardError) -> String? {
        guard let value = members[name] else { return nil }
        guard case .string(let text) = value else {
            throw StoryboardError(path.appending(key: name), .wrongValueType(name: name, expected: "string", actual: value.typeName))
        }
        return text
    }

    private func refuseUnknownMembers(_ members: JSONValue.Object, allowed: [String], at path: JSONPath) throws(StoryboardError) {
        if let unknown = members.keys.first(where: { !allowed.contains($0) }) {
            throw StoryboardError(path.appending(key: unknown), .unknownMember(name: unknown, allowed: allowed))
        }
    }
}
