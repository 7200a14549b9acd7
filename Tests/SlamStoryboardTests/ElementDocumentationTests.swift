import Testing
import SlamUI

/// `Protocol/elements.md` lists every element type with every property, in declared order.
@Suite struct ElementDocumentationTests {
    @Test func everyTypeAndPropertyIsDocumented() throws {
        let text = try #require(FileContents.readText(atPath: repositoryRoot + "/Protocol/elements.md"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for (name, type) in ElementType.builtIn {
            let row = try #require(rows.first { $0.hasPrefix("| `\(name)` |") }, "no row for \(name)")
            var searchFrom = row.startIndex
            for property in type.properties {
                let range = try #require(row[searchFrom...].firstRange(of: "`\(property.name)` ("),
                                         "\(name).\(property.name) is missing or out of order")
                searchFrom = range.upperBound
            }
        }
        #expect(rows.count == ElementType.builtIn.count)
    }
}
