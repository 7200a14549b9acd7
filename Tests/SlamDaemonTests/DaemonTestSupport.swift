import Foundation
import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC

/// A storyboard of the tests' own: storyboard-only navigation, autoUI and tasks, no Swift.
let testStoryboard = """
{"initial": "Start",
 "controllers": [
  {"id": "Start", "title": "Start", "view": {"type": "View", "ref": "root", "children": [
    {"type": "Label", "ref": "heading", "text": "Welcome"},
    {"type": "Button", "ref": "next", "text": "Next", "task": "push", "param": "Second", "autoUI": true},
    {"type": "Switch", "ref": "flag", "isOn": false},
    {"type": "Button", "ref": "locked", "text": "Locked", "enabled": false},
    {"type": "Label", "ref": "secret", "text": "hidden", "visible": false},
    {"type": "View", "ref": "drawer", "visible": false, "children": [
      {"type": "Button", "ref": "tucked", "text": "Tucked away"}]},
    {"type": "SingleItemTableView", "ref": "list", "items": ["a", "b", "c"]}]}},
  {"id": "Second", "title": "Second", "view": {"type": "View", "ref": "root", "children": [
    {"type": "Label", "ref": "arrived", "text": "You made it"},
    {"type": "Button", "ref": "back", "text": "Back", "task": "pop"}]}}]}
"""

/// Writes `text` to a new file in a new temporary directory and returns its path.
func writeTemporaryFile(named name: String, _ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slam-fixture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// Removes the directory ``writeTemporaryFile(named:_:)`` made for `path`.
func removeTemporaryFile(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
}

/// The checkout root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

extension SlamConnection {
    /// Calls and expects a JSON-RPC error; returns it.
    func expectError(_ method: String, _ params: JSONValue.Object? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> ResponseError? {
        let response = try request(method, params: params.map { .byName($0) })
        guard case .failure(let error) = response.outcome else {
            Issue.record("\(method) succeeded, expected an error", sourceLocation: sourceLocation)
            return nil
        }
        return error
    }
}

/// Runs a shell command, returns (status, output).
@discardableResult
func shell(_ command: String) throws -> (Int32, String) {
    try runShell(command)
}
