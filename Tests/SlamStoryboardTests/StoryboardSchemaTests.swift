import Testing
import SlamJSON
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
        let committed = try #require(readFile(Self.schemaPath), "missing \(Self.schemaPath)")
        #expect(try JSONParser().parse(committed) == generated,
                "Protocol/storyboard.schema.json is stale: run SLAM_UPDATE_SCHEMA=1 swift test --filter StoryboardSchemaTests")
    }
}

/// The checkout this test file lives in (Tests/<suite>/<file> → three levels up).
let repositoryRoot = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")

func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) throws {
    let file = try #require(fopen(path, "w"))
    fputs(text, file)
    fclose(file)
}
