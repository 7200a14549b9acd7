import Testing
import SlamDemo
import SlamJSON
import SlamProtocol
import SlamUI
@testable import SlamServer

/// A pending template wait reads the elements themselves (only the members a template names);
/// it must decide exactly as the diff made from the whole tree as JSON does.
@Suite struct TemplateSubjectTests {
    static var templates: [JSONValue] { [
        [:],
        ["type": "View", "ref": "root", "spacing": 8],
        ["type": "Label"],
        ["children": [["ref": "count", "text": "/^Count: \\d+$/"], ["ref": "counterButtons"]]],
        ["children": [["ref": "counterButtons"], ["ref": "count"]]],
        ["children": [["ref": "counterButtons", "children": [["text": "+1", "enabled": true], ["text": "Reset"]]]]],
        ["children": [["ref": "counterButtons", "children": [["text": "-1", "enabled": true]]]]],
        ["children": [["ref": "progress", "progress": 0], ["ref": "goal", "visible": false]]],
        ["children": [["ref": "goal", "visible": true]]],
        ["children": [["ref": "menu", "children": [["task": "push", "param": "/^S/"], ["task": "url"]]]]],
        ["children": [["ref": "menu", "children": [["task": nil]]]]],
        ["children": [["ref": "heading", "nothing": 1]]],
        ["children": [["children": [["text": "/about/i"]]]]],
        ["children": [[:], [:], [:], [:], [:], [:]]],
        ["children": [[:], [:], [:], [:], [:], [:], [:]]],
    ] }

    @Test func theElementsDecideAsTheirJSONTreeDoes() throws {
        let service = try demoService()
        let client = TestClient(service)
        let root = try #require(service.application.topController?.view)
        var outcomes: [Bool] = []
        for pressed in 0..<2 {
            let tree = root.treeValue()
            for json in Self.templates {
                let template = try TreeTemplate(json: json)
                for strict in [false, true] {
                    outcomes.append(template.matches(ElementTemplateSubject(element: root), strict: strict))
                    #expect(template.matches(ElementTemplateSubject(element: root), strict: strict)
                            == template.match(tree, strict: strict).isMatch, "\(json) strict: \(strict), after \(pressed) presses")
                }
            }
            _ = client.request("press", ["ref": "increment"])
        }
        #expect(outcomes.filter { $0 }.count > 10 && outcomes.filter { !$0 }.count > 10, "both outcomes are exercised")
    }
}
