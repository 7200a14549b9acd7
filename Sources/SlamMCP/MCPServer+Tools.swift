import SlamClient
import SlamJSON
import SlamRPC
import SlamSuggestions

extension MCPServer {
    /// `tools/list`: every tool, always in the same order; the list never changes while the server runs.
    func listTools(_ revision: MCPRevision) -> JSONValue.Object {
        var result: JSONValue.Object = ["tools": .array(tools.map { description(of: $0, in: revision) })]
        if revision.isStateless {
            result["ttlMs"] = Self.unchangingTimeToLive
            result["cacheScope"] = "public"
        }
        return result
    }

    /// A tool as `tools/list` shows it; 2025-03-26 knows neither titles nor output schemas.
    func description(of tool: MCPTool, in revision: MCPRevision) -> JSONValue {
        var entry: JSONValue.Object = ["name": .string(tool.name)]
        if revision.hasStructuredContent { entry["title"] = .string(tool.title) }
        entry["description"] = .string(tool.description)
        entry["inputSchema"] = tool.inputSchema
        if revision.hasStructuredContent, let outputSchema = tool.outputSchema { entry["outputSchema"] = outputSchema }
        entry["annotations"] = [
            "title": .string(tool.title),
            "readOnlyHint": .bool(tool.annotations.readOnly),
            "destructiveHint": .bool(tool.annotations.destructive),
            "idempotentHint": .bool(tool.annotations.idempotent),
            // The app is all a tool touches: nothing outside the daemon.
            "openWorldHint": false,
        ]
        return .object(entry)
    }

    /// `tools/call`: runs the named tool with the call's arguments.
    ///
    /// An unknown tool or arguments that are not an object (or do not fit, as the tool says) are
    /// -32602; a daemon error the tool did not turn into a hint is still an `isError` result the
    /// agent can read; a lost daemon is -32603 with the reason.
    func callTool(_ params: JSONValue.Object, revision: MCPRevision) async throws(ResponseError) -> JSONValue.Object {
        guard let name = params["name"]?.stringValue else {
            throw .invalidParams("tools/call needs params.name, the tool's name (a string)", data: ["parameter": "name"])
        }
        guard let tool = tools.first(where: { $0.name == name }) else {
            let suggestions = NameSuggestions.nearest(to: name, in: tools.map(\.name))
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))?"
            throw ResponseError(code: .invalidParams, message: "Unknown tool: \(name)\(hint)",
                                data: ["tool": .string(name), "suggestions": .array(suggestions.map(JSONValue.string))])
        }
        let arguments: JSONValue.Object
        switch params["arguments"] {
        case nil, .null?: arguments = [:]
        case .object(let given)?: arguments = given
        case let other?:
            throw .invalidParams("the arguments of \(name) are an object, not \(other.typeName)", data: ["tool": .string(name)])
        }
        let result: MCPToolResult
        do {
            result = try await toolCalls.run { try await tool.run(arguments, session) }
        } catch MCPToolError.invalidArguments(let message) {
            throw ResponseError(code: .invalidParams, message: message, data: ["tool": .string(name)])
        } catch ClientError.server(let error) {
            result = .failure("Error: \(error.message)")
        } catch is CancellationError {
            throw ResponseError.internalError("the call was cancelled")
        } catch {
            throw ResponseError.internalError("\(name) failed: \(error)", data: ["tool": .string(name)])
        }
        var answer: JSONValue.Object = ["content": [["type": "text", "text": .string(result.text)]]]
        if revision.hasStructuredContent, let structured = result.structured { answer["structuredContent"] = structured }
        answer["isError"] = .bool(result.isError)
        return answer
    }
}
