import Testing
import SlamUI

/// `Protocol/elements.md` lists every element type with every property, in declared order.
@Suite struct ElementDocumentationTests {
    @Test func everyTypeAndPropertyIsDocumented() throws {
        let text = try #require(FileContents.readText(atPath: repositoryRoot + "/Protocol/elements.md"))
        // The properties table's rows (every type has `visible`); the table after it lists what a person can do.
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.contains("`visible` (") }
        // Alert is documented too, though storyboards do not place it (alerts make it).
        let documented = ElementType.builtIn.mapValues(\.properties).merging(["Alert": AlertView.properties]) { first, _ in first }
        for (name, properties) in documented {
            let row = try #require(rows.first { $0.hasPrefix("| `\(name)` |") }, "no row for \(name)")
            var searchFrom = row.startIndex
            for property in properties {
                let range = try #require(row[searchFrom...].firstRange(of: "`\(property.name)` ("),
                                         "\(name).\(property.name) is missing or out of order")
                searchFrom = range.upperBound
            }
        }
        #expect(rows.count == documented.count)
    }
}
