import SlamClient
import SlamJSON
import SlamProtocol

/// slam_set_value: a plain value put into an element as a person would put it there.
///
/// A text field's text is replaced (`setText`, as a paste); a stepper, which only steps, is
/// stepped up or down until it holds the number; anything else is pressed with the value
/// (a slider's number, a switch's true or false, a date picker's date).
enum ValueSetting {
    /// The most steps a stepper is moved for one value: more means a value it cannot reach in reason.
    static let maximumSteps = 1_000

    static func set(_ value: JSONValue, params: JSONValue.Object, session: MCPSession) async throws -> MCPToolResult {
        let connection = session.connection
        let element: Snapshot
        do {
            element = try Snapshot(json: try await connection.call(FindRequest.method, ["ref": params["ref"]!]))
        } catch let error as ClientError {
            return try await SlamErrorHint.result(for: error, target: params["ref"], session: session)
        }
        let headline = "Set \(SlamTools.describe(element)) to \(value)."
        if element.type == "TextField" || element["role"]?.stringValue == "textbox" {
            guard let text = value.stringValue else { throw ToolArguments.wrongType("value", "a string for a text field", value) }
            var textParams = params
            textParams["text"] = .string(text)
            return try await ChangeReport.acting(on: session, target: params["ref"]) { () async throws in
                try await connection.call(SetTextRequest.method, textParams)
            } headline: { _ in headline }
        }
        if element.type == "Stepper", let target = value.doubleValue {
            let current = element["value"]?.doubleValue ?? 0, step = element["stepValue"]?.doubleValue ?? 1
            let steps = step > 0 ? Int(((target - current) / step).rounded()) : 0
            guard abs(steps) <= maximumSteps else {
                return .failure("Error: \(SlamTools.describe(element)) cannot reach \(value) in steps of \(step) from \(current).\nNext: choose a value between its minimum and maximum.")
            }
            var stepParams = params
            stepParams["value"] = steps > 0 ? "increment" : "decrement"
            return try await ChangeReport.acting(on: session, target: params["ref"]) { () async throws in
                for _ in 0..<abs(steps) { try await connection.call(PressRequest.method, stepParams) }
            } headline: { _ in headline }
        }
        var pressParams = params
        pressParams["value"] = value
        return try await ChangeReport.acting(on: session, target: params["ref"]) { () async throws in
            try await connection.call(PressRequest.method, pressParams)
        } headline: { _ in headline }
    }
}
