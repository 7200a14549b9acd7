import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard
#if canImport(Glibc)
import Glibc
#endif

/// `Protocol/storyboard.schema.json` must be exactly what the element declarations generate.
/// Regenerate it with `SLAM_UPDATE_SCHEMA=1 swift test --filter StoryboardSchemaTests`.
@Suite struct StoryboardSchemaTests {
    static let schemaPath = repositoryRoot + "/Protocol/storyboard.schema.json"

    @Test func committedSchemaMatchesTheDeclarations() throws {
        let generated = StoryboardSchema.document()
        if getenv("SLAM_UPDATE_SCHEMA") != nil {
            try writeFile(Self.schemaPath, String(decoding: JSONSerializer(style: .pretty(indent: 2)).serialize(generated), as: UTF8.self) + "\n")
        }
        let committed = try #require(FileContents.readText(atPath: Self.schemaPath), "missing \(Self.schemaPath)")
        #expect(try JSONParser().parse(committed) == generated,
                "Protocol/storyboard.schema.json is stale: run SLAM_UPDATE_SCHEMA=1 swift test --filter StoryboardSchemaTests")
    }
}

/// The checkout this test file lives in (Tests/<suite>/<file> → three levels up).
let repositoryRoot = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")

func writeFile(_ path: String, _ text: String) throws {
    let file = try #require(fopen(path, "w"))
    fputs(text, file)
    fclose(file)
}
