import Testing
import SlamDemo
import SlamJSON
import SlamUI
@testable import SlamServer

/// The random actions property tests take on the demo, as another client would: presses, text,
/// keys and focus, state sets, pushes, pops, alerts, keyed re-renders (the to-do list's rows
/// reordered, added, removed), updates and resets, and the app's own timers.
enum RandomDemoActions {
    /// A small seeded generator, so a failing sequence can be replayed from its seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The demo as slamd serves it, made by a factory so `reset` can make it again, with an alert to raise.
    static func makeService(scheduler: ManualScheduler) throws -> SlamService {
        try SlamService(makeApplication: makeApplication, scheduler: scheduler)
    }

    /// The demo with an alert to raise.
    static func makeApplication() throws -> Application {
        let application = try DemoApp.makeApplication()
        application.registerAlert(Alert(identifier: "question", title: "Go on?", message: "Pick one.", buttons: [
            .init(title: "Yes", task: "increment", param: "count"), .init(title: "No", style: .cancel),
        ]))
        return application
    }

    /// The to-do rows keyed re-renders pick from.
    static let todoPool: [JSONValue] = (1...6).map { ["id": .string("t\($0)"), "title": .string("Task \($0)"), "done": .bool($0 % 2 == 0)] }

    /// One random action by `actor`, described for the failure message.
    static func perform(actor: TestClient, scheduler: ManualScheduler, random: inout SeededGenerator) throws -> String {
        let stack = actor.result("controllers").arrayValue ?? []
        _ = actor.take()
        switch Int.random(in: 0..<113, using: &random) {
        case 100..<108:
            // Keys: the focus moves, fields are typed into, buttons pressed, alerts answered, screens popped.
            let key = ["Tab", "Tab", "Shift+Tab", "Enter", " ", "a", "Backspace", "ArrowUp", "ArrowDown", "ArrowRight", "Escape"]
                .randomElement(using: &random)!
            actor.request("key", ["key": .string(key)])
            return "key \(key)"
        case 108..<110 where stack.count < 5:
            actor.request("runTask", ["name": "alert", "param": "question"])
            return "alert"
        case 110..<113:
            actor.request("reset")
            return "reset"
        case 0..<40:
            let candidates = (actor.result("query", ["visible": true, "enabled": true]).arrayValue ?? []).filter {
                ["Button", "Switch", "Stepper", "SegmentedControl", "PageControl", "SingleItemTableView"].contains($0["type"]?.stringValue ?? "")
                    && $0["ref"]?.stringValue != "website"
            }
            guard let element = candidates.randomElement(using: &random), let reference = element["ref"]?.stringValue else { return "nothing to press" }
            var params: JSONValue.Object = ["ref": .string(reference)]
            switch element["type"]?.stringValue {
            case "Stepper": params["value"] = Bool.random(using: &random) ? "increment" : "decrement"
            case "SegmentedControl":
                let count = element["segments"]?.arrayValue?.count ?? 0
                if count > 0 { params["value"] = .integer(Int64(Int.random(in: 0..<count, using: &random))) }
            case "SingleItemTableView":
                let count = element["items"]?.arrayValue?.count ?? 0
                guard count > 0 else { return "empty table" }
                params["value"] = .integer(Int64(Int.random(in: 0..<count, using: &random)))
            default: break
            }
            actor.request("press", .object(params))
            return "press \(params)"
        case 40..<55:
            let fields = actor.result("query", ["type": "TextField"]).arrayValue ?? []
            guard let field = fields.randomElement(using: &random)?["ref"]?.stringValue else { return "no text field" }
            let text = ["", "Eggs", "Tea with milk", "é ✓", String(repeating: "x", count: Int.random(in: 1...20, using: &random))].randomElement(using: &random)!
            actor.request("setText", ["ref": .string(field), "text": .string(text)])
            return "setText \(field) \(text)"
        case 55..<72:
            // A keyed re-render: the to-do rows reordered, some added, some removed.
            let todos = todoPool.shuffled(using: &random).prefix(Int.random(in: 0...todoPool.count, using: &random))
            if Bool.random(using: &random) {
                actor.request("state.set", ["key": "todos", "value": .array(Array(todos))])
                return "state.set todos \(todos.map { $0["id"]?.stringValue ?? "" })"
            }
            let key = ["draft", "note", "count"].randomElement(using: &random)!
            let value: JSONValue = [.integer(Int64(Int.random(in: 0...9, using: &random))), "text", .null, .bool(true)].randomElement(using: &random)!
            actor.request("state.set", ["key": .string(key), "value": value])
            return "state.set \(key) \(value)"
        case 72..<84 where stack.count < 5:
            let screen = ["Settings", "List", "About", "Todos"].randomElement(using: &random)!
            actor.request("runTask", ["name": "push", "param": .string(screen)])
            return "push \(screen)"
        case 72..<92 where stack.count > 1:
            actor.request("runTask", ["name": "pop"])
            return "pop"
        case 92..<96:
            actor.request(Bool.random(using: &random) ? "updateUI" : "resetUI")
            return "update or reset"
        default:
            scheduler.advance(milliseconds: Int.random(in: 0...2000, using: &random))
            return "time passes"
        }
    }
}
