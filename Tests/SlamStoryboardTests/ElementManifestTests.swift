import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard
#if canImport(Glibc)
import Glibc
#endif

/// `Protocol/elements.json` must be exactly what the element declarations generate; the files
/// generated from it are checked by `scripts/generate_elements.py --check` (a Python test).
/// Regenerate everything with `make generate`.
@Suite struct ElementManifestTests {
    static let manifestPath = repositoryRoot + "/Protocol/elements.json"

    @Test func committedManifestMatchesTheDeclarations() throws {
        let generated = ElementManifest.document()
        if getenv("SLAM_UPDATE_ELEMENTS") != nil {
            try writeFile(Self.manifestPath, String(decoding: JSONSerializer(style: .pretty(indent: 2)).serialize(generated), as: UTF8.self) + "\n")
        }
        let committed = try #require(FileContents.readText(atPath: Self.manifestPath), "missing \(Self.manifestPath)")
        #expect(try JSONParser().parse(committed) == generated,
                "Protocol/elements.json is stale: run make generate")
    }

    @Test func eachTypeListsItsSharedSetAndOwnPropertiesInSnapshotOrder() throws {
        let document = ElementManifest.document()
        let sets = try #require(document["propertySets"]?.objectValue)
        for entry in try #require(document["types"]?.arrayValue) {
            let name = try #require(entry["type"]?.stringValue)
            let type = try #require(ElementType.all.first { $0.name == name })
            let inherited = entry["inherits"]?.stringValue.flatMap { sets[$0]?["properties"]?.arrayValue } ?? []
            let listed = (inherited + (entry["properties"]?.arrayValue ?? [])).compactMap { $0["name"]?.stringValue }
            #expect(listed == type.properties.map(\.name), "\(name)")
        }
    }
}
