import Testing
import SlamJSON
import SlamProtocol

/// The tree template matcher the daemon and every Swift client share: each
/// rule, each kind of mismatch and the text a person reads, malformed templates.
@Suite struct TreeTemplateTests {
    /// A screen as `tree` answers it: a title, a form with two fields, and Save / Cancel buttons.
    static var tree: JSONValue { [
        "type": "View", "ref": "root", "visible": true, "axis": "vertical", "spacing": 8.0, "children": [
            ["type": "Label", "ref": "title", "visible": true, "text": "Edit note", "children": []],
            ["type": "View", "ref": "form", "visible": true, "axis": "vertical", "spacing": 8.0, "children": [
                ["type": "TextField", "ref": "name", "visible": true, "enabled": true, "text": "Groceries", "children": []],
                ["type": "Stepper", "ref": "count", "visible": true, "enabled": true, "value": 5.0, "children": []],
            ]],
            ["type": "Button", "ref": "cancel", "visible": true, "enabled": true, "text": "Cancel", "children": []],
            ["type": "Button", "ref": "save", "visible": true, "enabled": false, "text": "Save", "children": []],
            ["type": "SingleItemTableView", "ref": "list", "visible": true, "items": ["Milk", "Eggs"],
             "selection": ["section": 0, "row": 1], "children": []],
            ["type": "Label", "ref": "", "visible": true, "text": "footer", "children": []],
        ]] }

    /// The diff, checked against the fast yes-or-no path the daemon takes while a wait is pending.
    func diff(_ template: JSONValue, strict: Bool = false, against tree: JSONValue = tree,
              sourceLocation: SourceLocation = #_sourceLocation) throws -> TemplateDiff {
        let compiled = try TreeTemplate(json: template)
        let diff = compiled.match(tree, strict: strict)
        #expect(compiled.matches(tree, strict: strict) == diff.isMatch, "matches agrees with match", sourceLocation: sourceLocation)
        return diff
    }

    func text(_ template: JSONValue, strict: Bool = false) throws -> String {
        try diff(template, strict: strict).description
    }

    // MARK: Properties

    @Test func onlyThePropertiesWrittenAreCompared() throws {
        #expect(try diff([:]).isMatch)
        #expect(try diff(["type": "View"]).isMatch)
        #expect(try diff(["ref": "root", "axis": "vertical"]).isMatch)
        #expect(try text(["type": "Label"]) == #"root > type: expected "Label", got "View""#)
    }

    @Test func aPropertyTheElementLacksIsReported() throws {
        #expect(try text(["text": "Edit"]) == #"root > text: expected "Edit", but the element has no 'text'"#)
        let mismatch = try #require(try diff(["text": "Edit"]).mismatches.first)
        #expect(mismatch.kind == .propertyMissing && mismatch.actual == nil && mismatch.pointer == "$.text")
    }

    @Test func numbersCompareByValue() throws {
        #expect(try diff(["spacing": 8]).isMatch)
        #expect(try diff(["children": [["ref": "form", "children": [["value": 5]]]]]).isMatch)
        #expect(try text(["spacing": 8.5]) == "root > spacing: expected 8.5, got 8.0")
        #expect(try text(["visible": 1]) == "root > visible: expected 1, got true", "a boolean is not a number")
    }

    @Test func nullMatchesOnlyNull() throws {
        let tree: JSONValue = ["type": "Button", "ref": "b", "task": nil]
        #expect(try diff(["task": nil], against: tree).isMatch)
        #expect(try diff(["task": "push"], against: tree).description == #"root > task: expected "push", got null"#)
        #expect(try diff(["type": nil], against: tree).description == #"root > type: expected null, got "Button""#)
    }

    @Test func arraysCompareItemByItemAndObjectsByTheMembersWritten() throws {
        let list: JSONValue = ["children": [["ref": "list", "items": ["Milk", "/^E/"], "selection": ["row": 1]]]]
        #expect(try diff(list).isMatch)
        #expect(try text(["children": [["ref": "list", "items": ["Milk"]]]]) == """
            root > children: no child matches {ref: "list", items: ["Milk"]}
              closest: root > children[4] (ref "list", SingleItemTableView) > items: expected ["Milk"], got ["Milk", "Eggs"]
            """)
        let nested = try diff(["children": [["ref": "list", "items": ["Milk", "Bread"], "selection": ["row": 0, "column": 1]]]])
        #expect(nested.mismatches.first?.closest.map(\.description) == [
            #"root > children[4] (ref "list", SingleItemTableView) > items[1]: expected "Bread", got "Eggs""#,
            #"root > children[4] (ref "list", SingleItemTableView) > selection.row: expected 0, got 1"#,
            #"root > children[4] (ref "list", SingleItemTableView) > selection.column: expected 1, but there is no 'column'"#,
        ])
        #expect(nested.mismatches.first?.closest.map(\.pointer) == ["$.children[4].items[1]", "$.children[4].selection.row",
                                                                    "$.children[4].selection.column"])
        #expect(try text(["axis": ["vertical"]]) == #"root > axis: expected ["vertical"], got "vertical""#)
    }

    // MARK: Regular expressions

    @Test func slashesMakeARegularExpressionSearchedInTheText() throws {
        #expect(try diff(["children": [["text": "/note/"]]]).isMatch, "a search, not a whole match")
        #expect(try diff(["children": [["text": "/^Edit note$/"]]]).isMatch)
        #expect(try diff(["children": [["ref": "title", "text": "/^note/"]]]).description.contains(
            #"root > children[0] (ref "title", Label) > text: expected /^note/, got "Edit note""#))
        #expect(try diff(["children": [["text": "/^EDIT/i"]]]).isMatch, "/i ignores case")
        #expect(!(try diff(["children": [["text": "/^EDIT/"]]]).isMatch))
        #expect(try diff(["type": #"/^(View|Label)$/"#, "ref": "/^ro+t$/"]).isMatch, "any string property, type and ref too")
        #expect(try diff(["value": "/5/"], against: ["type": "Stepper", "ref": "s", "value": 5.0]).description
                == "root > value: expected /5/, got 5.0", "a regular expression matches strings only")
    }

    @Test func aStringThatIsNotSlashedIsComparedExactly() throws {
        let tree: JSONValue = ["type": "Label", "ref": "path", "text": "/usr/"]
        #expect(try diff(["text": "/usr/"], against: tree).isMatch, "as a regular expression, /usr/ finds usr")
        #expect(try diff(["text": "/"], against: ["type": "Label", "ref": "", "text": "/"]).isMatch, "a lone slash is text")
        #expect(try diff(["text": "/a/b"], against: ["type": "Label", "ref": "", "text": "/a/b"]).isMatch, "no closing slash: text")
        #expect(try diff(["text": "Edit"]).description.contains(#"expected "Edit""#))
    }

    // MARK: Children

    @Test func childrenMatchInOrderAsASubsequence() throws {
        #expect(try diff(["children": [["ref": "title"], ["ref": "save"]]]).isMatch, "children between are skipped")
        #expect(try diff(["children": [["type": "Button"], ["type": "Button"]]]).isMatch)
        #expect(try diff(["children": [["type": "Button", "text": "Save"]]]).isMatch, "the first Button does not use up the search")
        #expect(try diff(["children": []]).isMatch)
        #expect(try text(["children": [["ref": "save"], ["ref": "cancel"]]]) ==
                #"root > children: no child after [3] matches {ref: "cancel"}"#, "out of order")
        #expect(try text(["children": [["ref": "title"], ["type": "Button", "text": "Save"], ["type": "Button"]]]) ==
                #"root > children: no child after [3] matches {type: "Button"}"#)
    }

    @Test func childrenNestAtEveryLevel() throws {
        #expect(try diff(["children": [["ref": "form", "children": [["ref": "count"]]]]]).isMatch)
        let deep = try diff(["children": [["ref": "form", "children": [["ref": "name", "text": "/^Gro/"], ["ref": "count", "value": 4]]]]])
        #expect(deep.description == """
            root > children: no child matches {ref: "form", children: [2 elements]}
              closest: root > children[1] (ref "form", View) > children: no child after [0] matches {ref: "count", value: 4}
                closest: root > children[1] (ref "form", View) > children[1] (ref "count", Stepper) > value: expected 4, got 5.0
            """)
    }

    @Test func aMissingChildNamesTheClosestCandidate() throws {
        let missing = try diff(["children": [["ref": "title"], ["type": "Button", "text": "Done"]]])
        #expect(missing.description == """
            root > children: no child after [0] matches {type: "Button", text: "Done"}
              closest: root > children[2] (ref "cancel", Button) > text: expected "Done", got "Cancel"
            """)
        let mismatch = try #require(missing.mismatches.first)
        #expect(mismatch.kind == .noMatchingChild && mismatch.pointer == "$.children" && mismatch.closestIndex == 2)
        #expect(mismatch.expected == ["type": "Button", "text": "Done"])
        // The ref written weighs most, then the type: a person names the element they mean.
        let byReference = try diff(["children": [["ref": "save", "type": "Button", "text": "/^Sa/", "enabled": true]]])
        #expect(byReference.description == """
            root > children: no child matches {ref: "save", type: "Button", text: /^Sa/, enabled: true}
              closest: root > children[3] (ref "save", Button) > enabled: expected true, got false
            """)
        let byType = try diff(["children": [["type": "Button", "text": "/^Sa/", "visible": false]]])
        #expect(byType.mismatches.first?.closestIndex == 3, "the Save button differs in one property, Cancel in two")
        let tie = try diff(["children": [["type": "Button", "text": "/^Sa/", "enabled": true]]])
        #expect(tie.mismatches.first?.closestIndex == 2, "Cancel and Save differ in one property each: the first")
    }

    @Test func noClosestCandidateWhenNothingAgrees() throws {
        #expect(try text(["children": [["type": "Switch"]]]) == #"root > children: no child matches {type: "Switch"}"#)
        #expect(try diff(["children": [["type": "Switch"]]]).mismatches.first?.closestIndex == nil)
        let leaf: JSONValue = ["type": "Label", "ref": "x", "children": []]
        #expect(try diff(["children": [["ref": "y"]]], against: leaf).description
                == #"root > children: no child matches {ref: "y"}: the element has no children"#)
        #expect(try text(["children": [["ref": ""], ["ref": "y"]]]) ==
                #"root > children: no child after [5] matches {ref: "y"}: [5] is the last child"#)
        #expect(try diff(["children": [["ref": "y"]]], against: ["type": "Label", "ref": "x"]).description
                == #"root > children: no child matches {ref: "y"}: the element has no children"#, "a tree cut by depth has none")
    }

    @Test func anElementWrittenOneLevelTooHighIsFoundDeeper() throws {
        #expect(try text(["children": [["ref": "count"]]]) == """
            root > children: no child matches {ref: "count"}; one matches deeper: root > children[1] (ref "form", View) > children[1] (ref "count", Stepper)
            """)
        #expect(try text(["children": [["ref": "save"], ["type": "TextField"]]]) ==
                #"root > children: no child after [3] matches {type: "TextField"}"#, "only children after the last match, and below them")
    }

    @Test func anonymousChildrenAreNamedByTheirType() throws {
        #expect(try diff(["children": [["ref": "", "text": "header"]]]).description
                == #"root > children: no child matches {ref: "", text: "header"}"# + "\n"
                + #"  closest: root > children[5] (Label) > text: expected "header", got "footer""#)
    }

    @Test func everyMissingChildIsReportedAndTheOthersStillMatch() throws {
        let diff = try diff(["children": [["ref": "nope"], ["ref": "title"], ["ref": "gone"], ["ref": "save"]]])
        #expect(diff.lines == [#"root > children: no child matches {ref: "nope"}"#,
                               #"root > children: no child after [0] matches {ref: "gone"}"#])
    }

    // MARK: Strict

    @Test func strictChildrenMatchOneToOneAtEveryLevel() throws {
        let all: JSONValue = ["children": [
            ["ref": "title"], ["ref": "form", "children": [["ref": "name"], ["ref": "count"]]],
            ["ref": "cancel"], ["ref": "save"], ["ref": "list"], ["text": "footer"]]]
        #expect(try diff(all, strict: true).isMatch)
        #expect(try diff(["children": [["ref": "title"], ["ref": "save"]]], strict: true).description == """
            root > children: expected 2 children (strict), got 6
            root > children[1] (ref "form", View) > ref: expected "save", got "form"
            """)
        let nested: JSONValue = ["children": [
            ["ref": "title"], ["ref": "form", "children": [["ref": "name"]]],
            ["ref": "cancel"], ["ref": "save"], ["ref": "list"], ["text": "footer"]]]
        #expect(try diff(nested, strict: true).description == "root > children[1] (ref \"form\", View) > children: expected 1 child (strict), got 2")
        #expect(try diff(nested).isMatch, "the same template matches as a subsequence")
        #expect(try diff(["ref": "root"], strict: true).isMatch, "children not written are not compared, even strictly")
        let childCount = try #require(try diff(["children": []], strict: true).mismatches.first)
        #expect(childCount.kind == .childCount && childCount.expected == 0 && childCount.actual == 6)
    }

    // MARK: Diff forms

    @Test func theJSONFormReadsBack() throws {
        let diff = try diff(["type": "View", "text": "x", "children": [["type": "Button", "text": "Done"]]])
        #expect(diff.mismatches.count == 2)
        #expect(diff.jsonValue[0] == ["kind": "missing", "path": "root > text", "pointer": "$.text",
                                      "message": "expected \"x\", but the element has no 'text'", "expected": "x"])
        #expect(diff.jsonValue[1]?["closest"]?[0]?["actual"] == "Cancel")
        #expect(try TemplateDiff(json: diff.jsonValue) == diff)
        #expect(throws: ResultDecodingError.self) { try TemplateDiff(json: ["kind": "value"]) }
        #expect(TemplateDiff(mismatches: []).description == "the tree matches the template")
    }

    @Test func templatesRenderAsWritten() throws {
        let template = try TreeTemplate(json: ["type": "Button", "text": "/^Sa/i", "a-b": [1, nil], "children": [["ref": "x"]]])
        #expect(template.description == #"{type: "Button", text: /^Sa/i, "a-b": [1, null], children: [{ref: "x"}]}"#)
        #expect(template == (try TreeTemplate(json: template.json)))
        #expect(template.matches(["type": "Button", "ref": "b", "text": "save", "a-b": [1.0, nil], "children": [["ref": "x"]]] as JSONValue))
    }

    // MARK: Malformed templates

    @Test func malformedTemplatesNameTheirJSONPath() {
        func error(_ json: JSONValue) -> TreeTemplate.FormatError? {
            do {
                _ = try TreeTemplate(json: json)
                return nil
            } catch {
                return error
            }
        }
        #expect(error("Save")?.description == "$: an element template must be an object (as `tree` answers), got string")
        #expect(error(["children": ["ref": "x"]])?.description == "$.children: children must be an array of element templates, got object")
        #expect(error(["children": [["ref": "x"], "y"]])?.description
                == "$.children[1]: an element template must be an object (as `tree` answers), got string")
        let regex = error(["children": [["children": [["text": "/(unclosed/"]]]]])
        #expect(regex?.path.description == "$.children[0].children[0].text")
        #expect(regex?.reason.hasPrefix("/(unclosed/ is not a valid regular expression (") == true)
        #expect(regex?.path(under: "template") == "template.children[0].children[0].text")
        #expect(error(["items": ["a", "/[/"]])?.path.description == "$.items[1]")
        #expect(error(["selection": ["row": "/*/"]])?.path.description == "$.selection.row")
    }

    /// Compiled patterns are heavy: a template's together are bounded, refused before any is compiled.
    @Test func aTemplateWhosePatternsAreTooLongTogetherIsRefused() throws {
        let pattern = "/^" + String(repeating: "a", count: 996) + "$/"  // 1,000 characters
        #expect(try TreeTemplate(json: ["children": .array(Array(repeating: ["text": .string(pattern)], count: 10))]).patternCharacters == 10_000)
        #expect(throws: TreeTemplate.FormatError(path: .root, reason: "its regular expressions hold 10003 characters together, more than 10000")) {
            try TreeTemplate(json: ["ref": "/x/", "children": .array(Array(repeating: ["text": .string(pattern)], count: 10))])
        }
    }
}
