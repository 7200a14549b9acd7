import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard

/// The example from the storyboard issue, verbatim, plus the Detail it pushes.
let exampleStoryboard = """
{"initial": "Home",
 "controllers": [{"id": "Home", "title": "Home",
   "view": {"type": "View", "ref": "root", "children": [
     {"type": "Label", "ref": "greeting", "text": "Hello"},
     {"type": "Button", "ref": "next", "text": "Next", "task": "push", "param": "Detail", "autoUI": true},
     {"type": "Switch", "ref": "wifi", "isOn": true, "enabled": false}]}},
   {"id": "Detail", "view": {"type": "View", "ref": "root"}}]}
"""

@Suite struct StoryboardLoadingTests {
    @Test func theExampleLoadsWithItsStaticValues() throws {
        let storyboard = try Storyboard(bytes: Array(exampleStoryboard.utf8))
        #expect(storyboard.initialController == "Home")
        let home = try storyboard.instantiateController(identifier: "Home")
        #expect(home.title == "Home")
        #expect(home.findLabel(with: "greeting")?.text == "Hello")
        let next = try #require(home.findButton(with: "next"))
        #expect(next.text == "Next" && next.task == "push" && next.param == "Detail" && next.autoUI)
        let wifi = try #require(home.findSwitch(with: "wifi"))
        #expect(wifi.isOn && !wifi.isEnabled)
        #expect(try storyboard.instantiateController(identifier: "Detail").title == "Detail", "title defaults to the id")
    }

    @Test func aStoryboardOnlyAppNavigatesByTask() throws {
        let storyboard = try Storyboard(bytes: Array(exampleStoryboard.utf8))
        let application = Application()
        storyboard.install(in: application)
        try application.start(with: storyboard.initialController)
        try application.topController!.findButton(with: "next")!.press(nil)
        #expect(application.stack.map(\.controller.identifier) == ["Home", "Detail"])
    }

    @Test func eachInstantiationIsNew() throws {
        let storyboard = try Storyboard(bytes: Array(exampleStoryboard.utf8))
        let first = try storyboard.instantiateController(identifier: "Home")
        let second = try storyboard.instantiateController(identifier: "Home")
        first.findLabel(with: "greeting")!.text = "changed"
        #expect(second.findLabel(with: "greeting")!.text == "Hello")
    }

    @Test func staticValuesAreAppliedInTheTypesOrderNotTheDocuments() throws {
        let storyboard = try Storyboard(bytes: Array("""
            {"initial":"A","controllers":[{"id":"A","view":{"type":"View","ref":"root","children":[
              {"type":"PageControl","ref":"pages","currentPage":2,"numberOfPages":4},
              {"type":"Stepper","ref":"s","value":50,"maximumValue":80,"minimumValue":10,"stepValue":5},
              {"type":"SegmentedControl","ref":"seg","selectedSegment":1,"segments":["a","b"]},
              {"type":"SingleItemTableView","ref":"t","items":["x","y"],"selectUI":true},
              {"type":"ProgressView","ref":"p","progress":0.25},
              {"type":"ActivityIndicator","ref":"spin","animating":true},
              {"type":"TextField","ref":"f","placeholder":"Name","text":"Ada"},
              {"type":"WebView","ref":"w","html":"<title>Hi</title>"},
              {"type":"Label","ref":"hidden","visible":false}]}}]}
            """.utf8))
        let controller = try storyboard.instantiateController(identifier: "A")
        #expect(controller.findPageControl(with: "pages")?.currentPage == 2)
        let stepper = try #require(controller.findStepper(with: "s"))
        #expect(stepper.value == 50 && stepper.minimumValue == 10 && stepper.maximumValue == 80 && stepper.stepValue == 5)
        #expect(controller.findSegmentedControl(with: "seg")?.selectedSegment == 1)
        let table = try #require(controller.findSingleItemTableView(with: "t"))
        #expect(table.staticListLabels == ["x", "y"] && table.selectUI)
        controller.resetUI()
        #expect(table.rows == ["x", "y"])
        #expect(controller.findProgressView(with: "p")?.progress == 0.25)
        #expect(controller.findActivityIndicator(with: "spin")?.isAnimating == true)
        #expect(controller.findTextField(with: "f")?.placeholder == "Name")
        #expect(controller.findWebView(with: "w")?.currentTitle == "Hi")
        #expect(controller.findLabel(with: "hidden")?.isHidden == true)
    }
}

@Suite struct StoryboardErrorTests {
    func refusal(_ text: String) -> StoryboardError? {
        do {
            _ = try Storyboard(bytes: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// One controller "A" whose root has `children`.
    func withChildren(_ children: String) -> String {
        #"{"initial":"A","controllers":[{"id":"A","view":{"type":"View","ref":"root","children":[\#(children)]}}]}"#
    }

    @Test func unknownType() throws {
        let error = try #require(refusal(withChildren(#"{"type":"Buton","ref":"b"}"#)))
        #expect(error.path == "$.controllers[0].view.children[0].type")
        #expect(error.message.hasPrefix("unknown element type 'Buton'; known types: ActivityIndicator, Button,"))
        #expect(error.message.hasSuffix(", WebView; did you mean 'Button'?"))
        #expect(error.suggestions == ["Button"])
    }

    /// Every refusal of a name that is not known says which known name is nearest, as the daemon's errors do.
    @Test(arguments: [
        (#"{"initial":"A","controllers":[{"id":"A","view":{"type":"View","ref":"root","children":[{"type":"Label","ref":"l","txt":"x"}]}}]}"#,
         "$.controllers[0].view.children[0].txt", ["text"]),
        (#"{"initial":"A","controllers":[{"id":"A","titl":"x","view":{"type":"View","ref":"root"}}]}"#, "$.controllers[0].titl", ["title"]),
        (#"{"initial":"A","controllers":[{"id":"A","view":{"type":"View","ref":"root","axis":"horizntal"}}]}"#, "$.controllers[0].view.axis", ["horizontal"]),
        (#"{"initial":"Hom","controllers":[{"id":"Home","view":{"type":"View","ref":"root"}}]}"#, "$.initial", ["Home"]),
        (#"{"initial":"A","controllers":[{"id":"A","view":{"type":"Label","ref":"l","bind":{"txt":"k"}}}]}"#, "$.controllers[0].view.bind.txt", ["text"]),
    ])
    func mistypedNamesGetSuggestions(text: String, path: String, suggestions: [String]) throws {
        let error = try #require(refusal(text))
        #expect(error.path == path)
        #expect(error.suggestions == suggestions)
        #expect(error.message.hasSuffix("; did you mean '\(suggestions[0])'?"), "\(error.message)")
    }

    @Test func aNameNearNothingGetsNoSuggestion() throws {
        let error = try #require(refusal(withChildren(#"{"type":"Label","ref":"l","isOn":true}"#)))
        #expect(error.suggestions.isEmpty)
        #expect(!error.message.contains("did you mean"))
    }

    @Test func missingRef() throws {
        let error = try #require(refusal(withChildren(#"{"type":"Label","text":"x"}"#)))
        #expect(error.description == "$.controllers[0].view.children[0]: missing required member 'ref'")
    }

    @Test func duplicateRefNamesBothPaths() throws {
        let error = try #require(refusal(withChildren(#"{"type":"Label","ref":"a"},{"type":"View","ref":"box","children":[{"type":"Button","ref":"a"}]}"#)))
        #expect(error.description == "$.controllers[0].view.children[1].children[0].ref: duplicate reference 'a'; first used at $.controllers[0].view.children[0].ref")
    }

    /// A view's declared layout reaches the element and its snapshot; a view that declares none is vertical, 8 apart.
    @Test func viewsDeclareTheirLayout() throws {
        let storyboard = try Storyboard(bytes: Array(withChildren(#"{"type":"View","ref":"row","axis":"horizontal","spacing":12,"children":[{"type":"Label","ref":"a"}]}"#).utf8))
        let controller = try storyboard.instantiateController(identifier: "A")
        let row = try #require(controller.find("row"))
        #expect(row.axis == .horizontal)
        #expect(row.spacing == 12)
        #expect(controller.view.axis == .vertical)
        #expect(controller.view.spacing == 8)
        #expect(type(of: row).properties.map(\.name) == ["visible", "axis", "spacing"])
    }

    @Test func theSameRefInTwoControllersIsFine() {
        #expect(refusal(#"{"initial":"A","controllers":[{"id":"A","view":{"type":"View","ref":"root"}},{"id":"B","view":{"type":"View","ref":"root"}}]}"#) == nil)
    }

    @Test(arguments: [
        (#"{"type":"Switch","ref":"s","isOn":"yes"}"#, "$.controllers[0].view.children[0].isOn", "'isOn' must be a boolean, got string"),
        (#"{"type":"PageControl","ref":"p","currentPage":1.5}"#, "$.controllers[0].view.children[0].currentPage", "'currentPage' must be an integer, got number"),
        (#"{"type":"SegmentedControl","ref":"s","segments":["a",2]}"#, "$.controllers[0].view.children[0].segments", "'segments' must be an array of strings, got array"),
        (#"{"type":"Stepper","ref":"s","value":"3"}"#, "$.controllers[0].view.children[0].value", "'value' must be a number, got string"),
        (#"{"type":"Label","ref":7}"#, "$.controllers[0].view.children[0].ref", "'ref' must be a string, got integer"),
        (#"{"type":"Label","ref":"l","children":{}}"#, "$.controllers[0].view.children[0].children", "'children' must be an array, got object"),
        (#"{"type":"View","ref":"row","axis":"diagonal"}"#, "$.controllers[0].view.children[0].axis", "'axis' must be one of 'vertical', 'horizontal', got 'diagonal'"),
        (#"{"type":"View","ref":"row","spacing":"wide"}"#, "$.controllers[0].view.children[0].spacing", "'spacing' must be a number, got string"),
    ])
    func wrongValueType(child: String, path: String, message: String) throws {
        let error = try #require(refusal(withChildren(child)))
        #expect(error.path == path)
        #expect(error.message == message)
    }

    @Test func unknownInitialController() throws {
        let error = try #require(refusal(#"{"initial":"Nope","controllers":[{"id":"A","view":{"type":"View","ref":"root"}}]}"#))
        #expect(error.description == "$.initial: initial controller 'Nope' is not declared; declared: A")
    }

    @Test(arguments: [
        (#"{"type":"Label","ref":"l","isOn":true}"#, "unknown property 'isOn' for Label; Label takes type, ref, children, bind, visible, text, label, description, heading"),
        (#"{"type":"Label","ref":"l","enabled":false}"#, "unknown property 'enabled' for Label; Label takes type, ref, children, bind, visible, text, label, description, heading"),
        (#"{"type":"WebView","ref":"w","title":"T"}"#, "unknown property 'title' for WebView; WebView takes type, ref, children, bind, visible, url, html, label, description"),
    ])
    func unknownProperty(child: String, message: String) throws {
        let error = try #require(refusal(withChildren(child)))
        #expect(error.message == message)
    }

    @Test func exclusiveProperties() throws {
        let error = try #require(refusal(withChildren(#"{"type":"TextView","ref":"t","text":"a","textFile":"b.txt"}"#)))
        #expect(error.message == "'text' and 'textFile' cannot be used together")
    }

    @Test func notJSONNamesThePosition() throws {
        let error = try #require(refusal(#"{"initial": "A", "controllers": [}"#))
        #expect(error.path == "$")
        #expect(error.message.hasPrefix("not valid JSON: ") && error.message.contains("line 1"))
    }

    @Test(arguments: [
        (#"{"initial":"A"}"#, "$: missing required member 'controllers'"),
        (#"{"initial":"A","controllers":[]}"#, "$.controllers: 'controllers' must not be empty"),
        (#"{"initial":"A","controllers":[{"id":"A","view":{"type":"View","ref":"root"},"colour":"red"}]}"#,
         "$.controllers[0].colour: unknown member 'colour'; allowed: id, title, view"),
        (#"{"initial":"A","controllers":[{"id":"A"}]}"#, "$.controllers[0]: missing required member 'view'"),
        (#"{"initial":"A","controllers":[{"id":"A","view":{"type":"View","ref":"root"}},{"id":"A","view":{"type":"View","ref":"root"}}]}"#,
         "$.controllers[1].id: duplicate controller id 'A'; first used at $.controllers[0].id"),
        (#"[]"#, "$: 'storyboard' must be an object, got array"),
    ])
    func documentShapeErrors(text: String, description: String) throws {
        let error = try #require(refusal(text))
        #expect(error.description == description)
    }
}
