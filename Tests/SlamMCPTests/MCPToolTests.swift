import SlamMCP
import Testing

@Suite struct MCPToolTests {
    @Test func toolNamesAreUniqueAndPrefixed() {
        let names = SlamTools.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasPrefix("slam_") })
    }
}
