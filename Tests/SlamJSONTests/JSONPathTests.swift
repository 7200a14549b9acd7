import Testing
@testable import SlamJSON

@Suite struct JSONPathTests {
    @Test func writesDotsForIdentifiersAndBracketsOtherwise() {
        let path = JSONPath.root.appending(key: "controllers").appending(index: 0).appending(key: "view")
            .appending(key: "odd key").appending(key: "9lives")
        #expect(path.description == #"$.controllers[0].view["odd key"]["9lives"]"#)
        #expect(JSONPath.root.description == "$")
    }
}
