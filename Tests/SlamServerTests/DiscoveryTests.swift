import Testing
import SlamJSON
import SlamUI
import SlamProtocol
import SlamRPC
@testable import SlamServer
#if canImport(Glibc)
import Glibc
#endif

/// `Protocol/slam.openrpc.json` is what `rpc.discover` returns, generated from the one method list.
/// Regenerate it with `SLAM_UPDATE_OPENRPC=1 swift test --filter DiscoveryTests`.
@Suite struct DiscoveryTests {
    static let root = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    static let path = root + "/Protocol/slam.openrpc.json"

    @Test func committedDescriptionMatchesTheLiveServer() throws {
        let client = TestClient(try demoService())
        let live = client.result("rpc.discover")
        if getenv("SLAM_UPDATE_OPENRPC") != nil {
            let text = String(decoding: try JSONSerializer(style: .pretty(indent: 2)).serialize(live), as: UTF8.self) + "\n"
            let file = try #require(fopen(Self.path, "w"))
            fputs(text, file)
            fclose(file)
        }
        let committed = try JSONParser().parse(try #require(FileContents.readText(atPath: Self.path), "missing \(Self.path)"))
        #expect(committed == live, "Protocol/slam.openrpc.json is stale: run SLAM_UPDATE_OPENRPC=1 swift test --filter DiscoveryTests")
        let names = committed["methods"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == client.result("version")["capabilities"]?["methods"]?.arrayValue?.compactMap(\.stringValue))
    }

    /// `rpc.discover`'s result names a released meta-schema (not master's schema.json, whose `openrpc`
    /// enum is a placeholder), the one committed as `Protocol/openrpc-meta-schema.json`, and that
    /// release accepts the document's `openrpc` version. The Python suite validates the document against it.
    @Test func discoverResultNamesTheCommittedReleasedMetaSchema() throws {
        let document = TestClient(try demoService()).result("rpc.discover")
        let discover = document["methods"]?.arrayValue?.first { $0["name"] == "rpc.discover" }
        #expect(discover?["result"]?["schema"] == ["$ref": "https://github.com/open-rpc/meta-schema/releases/download/1.14.9/open-rpc-meta-schema.json"])
        let metaSchema = try JSONParser().parse(try #require(FileContents.readText(atPath: Self.root + "/Protocol/openrpc-meta-schema.json")))
        #expect(metaSchema["$id"] == "https://meta.open-rpc.org/")
        let versions = try #require(metaSchema["properties"]?["openrpc"]?["enum"]?.arrayValue)
        #expect(versions.contains(try #require(document["openrpc"])), "the meta-schema does not accept openrpc \(document["openrpc"] ?? nil)")
    }

    /// `components.errors` describes every Slam application error (-32001…-32019), each under its
    /// short name in UpperCamelCase, and holds nothing no method refers to; methods refer to
    /// them by `$ref` instead of repeating code and message.
    @Test func everyApplicationErrorIsDescribed() throws {
        let document = TestClient(try demoService()).result("rpc.discover")
        let components = try #require(document["components"]?["errors"]?.objectValue)
        let application = ErrorCode.slamCodes.filter { (-32099 ... -32001).contains($0.code.rawValue) }
        #expect(application.map(\.code.rawValue) == Array((-32019 ... -32001).reversed()))
        for (code, name) in application {
            let key = name.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            #expect(components[key] == ["code": .integer(Int64(code.rawValue)), "message": .string(name)], "\(code.rawValue) \(name) is not described as \(key)")
        }
        var referenced: Set<String> = []
        for method in document["methods"]?.arrayValue ?? [] {
            for error in method["errors"]?.arrayValue ?? [] {
                let reference = try #require(error["$ref"]?.stringValue, "\(method["name"] ?? nil) repeats an error inline: \(error)")
                #expect(error.objectValue?.count == 1)
                #expect(reference.hasPrefix("#/components/errors/"))
                let name = String(reference.dropFirst("#/components/errors/".count))
                #expect(components[name] != nil, "\(reference) refers to nothing")
                referenced.insert(name)
            }
        }
        #expect(Set(components.keys) == referenced, "components.errors nothing refers to: \(Set(components.keys).subtracting(referenced).sorted())")
    }
}
