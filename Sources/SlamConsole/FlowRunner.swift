import SlamClient
import SlamProtocol
import SlamJSON
import SlamRPC

/// Runs a ``Flow`` against a daemon, step by step, waiting for each element
/// before acting on it, and reports the first failing step with what was
/// expected and the element's actual snapshot.
public struct FlowRunner {
    /// The outcome of a run: human lines, and the same as JSON.
    public struct Report: Sendable {
        public let passed: Bool
        public let lines: [String]
        /// `{flow, passed, steps: [{step, passed, error?}]}`, the steps run so far.
        public let json: JSONValue
        /// The step that failed, for reports that name it apart (JUnit); nil when the flow passed.
        public let failure: Failure?
    }

    /// The failing step of a flow, without colours.
    public struct Failure: Sendable, Equatable {
        /// Its number, from 1.
        public let step: Int
        /// How many steps the flow has.
        public let steps: Int
        /// The step as reports write it: `expect count text = "Count: 1"`.
        public let summary: String
        /// What went wrong: the daemon's error, then the expected and actual values (or the template's diff).
        public let details: [String]

        /// `step 2 of 3: expect count text = "Count: 1": error -32008: Wait timed out: …`, on one line.
        public var message: String {
            "step \(step) of \(steps): \(summary)" + (details.first.map { ": " + $0 } ?? "")
        }
    }

    public let connection: SlamConnection
    public let style: ConsoleStyle

    public init(connection: SlamConnection, style: ConsoleStyle) {
        self.connection = connection
        self.style = style
    }

    public func run(_ flow: Flow) throws(ClientError) -> Report {
        var lines = [style.bold("flow \(flow.name): \(flow.steps.count) step\(flow.steps.count == 1 ? "" : "s")")]
        var results: [JSONValue] = []
        func report(failure: Failure?) -> Report {
            Report(passed: failure == nil, lines: lines,
                   json: ["flow": .string(flow.name), "passed": .bool(failure == nil), "steps": .array(results)],
                   failure: failure)
        }
        for (index, entry) in flow.steps.enumerated() {
            let label = "step \(index + 1): \(entry.step.summary)"
            do throws(ClientError) {
                try perform(entry.step, timeout: entry.timeoutMilliseconds, controller: entry.controller)
                lines.append("\(style.green("ok")) \(label)")
                results.append(["step": .string(entry.step.summary), "passed": true])
            } catch .server(let error) {
                let details = explain(error, step: entry.step)
                lines.append("\(style.red("FAILED")) \(label)")
                lines.append(contentsOf: details.map { "  " + $0 })
                lines.append(style.red("flow \(flow.name) failed at step \(index + 1) of \(flow.steps.count)"))
                results.append(["step": .string(entry.step.summary), "passed": false, "error": error.jsonValue])
                return report(failure: Failure(step: index + 1, steps: flow.steps.count, summary: entry.step.summary, details: details))
            }
        }
        lines.append(style.green("flow \(flow.name) passed"))
        return report(failure: nil)
    }

    /// Acting steps ask the daemon to wait until a person could act (the element exists, is
    /// visible, enabled and not covered), then act, within the step's timeout.
    private func perform(_ step: Flow.Step, timeout: Int, controller: String?) throws(ClientError) {
        switch step {
        case let .press(reference, value):
            try connection.press(reference, value: value, controller: controller, timeoutMilliseconds: timeout)
        case let .text(reference, text):
            try connection.setText(reference, text, controller: controller, timeoutMilliseconds: timeout)
        case let .typeText(reference, text):
            try connection.typeText(reference, text, controller: controller, timeoutMilliseconds: timeout)
        case let .focus(reference):
            try connection.focus(reference, controller: controller, timeoutMilliseconds: timeout)
        case let .key(names):
            try connection.keys(names)
        case let .task(name, param):
            try connection.runTask(name, param: param)
        case let .wait(reference, state):
            try connection.waitFor(reference, state: state, timeoutMilliseconds: timeout, controller: controller)
        case let .waitProperty(reference, property, value), let .expect(reference, property, value):
            try connection.waitFor(reference, property: property, equals: value, timeoutMilliseconds: timeout, controller: controller)
        case let .expectAbsent(reference):
            try connection.waitFor(reference, state: .absent, timeoutMilliseconds: timeout, controller: controller)
        case let .expectTree(template, reference, strict):
            try connection.waitFor(template: template, reference, strict: strict, timeoutMilliseconds: timeout, controller: controller)
        case let .expectAria(template, reference):
            try connection.waitFor(aria: template, reference, timeoutMilliseconds: timeout, controller: controller)
        case .reset:
            try connection.reset()
        }
    }

    private func explain(_ error: ResponseError, step: Flow.Step) -> [String] {
        if case .expectTree = step {
            return messageLines(error)
        }
        if case .expectAria = step {
            // The message ends with the unified diff from the template to the snapshot.
            return messageLines(error)
        }
        var lines = ["error \(error.code.rawValue): \(error.message)"]
        if let data = error.data {
            if let condition = data["condition"] {
                lines.append("expected: \(condition.stringValue.map { "to \($0)" } ?? condition.description)")
            }
            if let snapshot = data["snapshot"] {
                lines.append("actual:   \(snapshot.isNull ? "no such element on screen" : snapshot.description)")
            }
        }
        if case .expect(_, let property, let expected) = step, let actual = error.data?["snapshot"]?[property] {
            lines.append("\(property): expected \(expected), got \(actual)")
        }
        return lines
    }

    /// The message a line at a time: it ends with the diff, a line per mismatch; the tree itself is too long to show.
    private func messageLines(_ error: ResponseError) -> [String] {
        var lines = error.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return ["error \(error.code.rawValue): \(lines[0])"] + lines.dropFirst()
    }
}
