import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard
#if canImport(Glibc)
import Glibc
#endif

/// `Protocol/storyboard.schema.json` must be exactly what the element declarations generate.
/// Regenerate it with `make generate` (or `SLAM_UPDATE_SCHEMA=1 swift test --filter StoryboardSchemaTests`).
@Suite struct StoryboardSchemaTests {
    @Test func committedSchemaMatchesTheDeclarations() throws {
        try expectCommitted(StoryboardSchema.document(), at: "Protocol/storyboard.schema.json", updatedWith: "SLAM_UPDATE_SCHEMA",
                            by: "StoryboardSchemaTests")
    }
}

/// Expects the committed file at `path` (from the checkout's root) to hold `generated`; when the
/// environment sets `variable`, writes it first. A stale file is named with the commands that regenerate it.
func expectCommitted(_ generated: JSONValue, at path: String, updatedWith variable: String, by suite: String,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
    let fullPath = repositoryRoot + "/" + path
    if getenv(variable) != nil {
        try writeFile(fullPath, String(decoding: JSONSerializer(style: .pretty(indent: 2)).serialize(generated), as: UTF8.self) + "\n")
    }
    let committed = try #require(FileContents.readText(atPath: fullPath), "missing \(path)", sourceLocation: sourceLocation)
    #expect(try JSONParser().parse(committed) == generated,
            "\(path) is stale: run make generate (or \(variable)=1 swift test --filter \(suite))", sourceLocation: sourceLocation)
}

/// The checkout this test file lives in (Tests/<suite>/<file> → three levels up).
let repositoryRoot = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")

func writeFile(_ path: String, _ text: String) throws {
    let file = try #require(fopen(path, "w"))
    fputs(text, file)
    fclose(file)
}
