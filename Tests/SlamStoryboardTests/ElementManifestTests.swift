import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard

/// `Protocol/elements.json` must be exactly what the element declarations generate; the files
/// generated from it are checked by `scripts/generate_elements.py --check` (a Python test).
/// Regenerate everything with `make generate`.
@Suite struct ElementManifestTests {
    @Test func committedManifestMatchesTheDeclarations() throws {
        try expectCommitted(ElementManifest.document(), at: "Protocol/elements.json", updatedWith: "SLAM_UPDATE_ELEMENTS",
                            by: "ElementManifestTests")
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
