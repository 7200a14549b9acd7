// swift-tools-version:6.0
import PackageDescription

/// Slam: a headless UI runtime driven over JSON-RPC 2.0 on a Unix socket (and, with `slamd --web`, a WebSocket).
///
/// Dependencies point one way: `scripts/layers.json` lists what each target may import and
/// `scripts/check-layers.py` (`make layers`) fails on anything else, here or in a source file;
/// docs/architecture.md ("Modules and layers") draws the map.
let package = Package(
    name: "Slam",
    products: [
        // For app developers (docs/swift-api.md): screens and their elements, hosting them with slamd's command
        // line, and driving them from Swift and tests. Their public API changes only with the release notes' say.
        .library(name: "SlamUI", targets: ["SlamUI"]),
        .library(name: "SlamHost", targets: ["SlamHost"]),
        .library(name: "SlamClient", targets: ["SlamClient"]),
        .library(name: "SlamHarness", targets: ["SlamHarness"]),
        .library(name: "SlamHarnessInProcess", targets: ["SlamHarnessInProcess"]),
        .library(name: "SlamStoryboard", targets: ["SlamStoryboard"]),
        .executable(name: "slamctl", targets: ["slamctl"]),
        .executable(name: "slamd", targets: ["slamd"]),
        // Slam's own layers, libraries so that its tools, fuzz targets and benchmarks can link them: public for
        // that, not for apps, and free to change between releases.
        .library(name: "SlamSuggestions", targets: ["SlamSuggestions"]),
        .library(name: "SlamJSON", targets: ["SlamJSON"]),
        .library(name: "SlamRPC", targets: ["SlamRPC"]),
        .library(name: "SlamUIJSON", targets: ["SlamUIJSON"]),
        .library(name: "SlamDemo", targets: ["SlamDemo"]),
        .library(name: "SlamProtocol", targets: ["SlamProtocol"]),
        .library(name: "SlamServer", targets: ["SlamServer"]),
        .library(name: "SlamDaemon", targets: ["SlamDaemon"]),
        .library(name: "SlamConsole", targets: ["SlamConsole"]),
        .library(name: "SlamMCP", targets: ["SlamMCP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        // "Did you mean": below every module that answers a mistyped name (RPC, storyboards, server, console).
        .target(name: "SlamSuggestions"),
        .target(
            name: "SlamJSON",
            dependencies: [
                "CJansson",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .target(
            name: "SlamRPC",
            dependencies: ["SlamJSON", "SlamSuggestions"]
        ),
        .target(name: "SlamUI", dependencies: ["SlamSuggestions"]),
        // SlamUI's values as JSON (state values, property schemas): for storyboards and the server alike.
        .target(name: "SlamUIJSON", dependencies: ["SlamUI", "SlamJSON"]),
        .target(name: "SlamStoryboard", dependencies: ["SlamUI", "SlamJSON", "SlamUIJSON", "SlamSuggestions"]),
        // The demo's storyboard and files stay in Sources/SlamDemo/Resources, found there or installed (DemoApp),
        // not declared as SwiftPM resources: the accessor SwiftPM writes for a Swift target's resources imports
        // Foundation, and slamd links no Foundation (docs/architecture.md, "Modules and layers").
        .target(name: "SlamDemo", dependencies: ["SlamUI", "SlamStoryboard"], exclude: ["Resources"]),
        .target(
            name: "SlamProtocol",
            dependencies: ["SlamRPC", "SlamJSON", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .target(name: "SlamServer", dependencies: ["SlamProtocol", "SlamRPC", "SlamUI", "SlamJSON", "SlamUIJSON", "SlamSuggestions"]),
        // The C allocator's tuning for large replies (glibc's mallopt, which Swift cannot import).
        .target(name: "CMemoryTuning"),
        // The renderer page `slamd --web` serves (`--web-root DIR` serves another directory), copied by the build
        // beside every executable that links SlamDaemon as the folder Slam_SlamWebPage.resources. A C target carries
        // it because SwiftPM writes no resource accessor for one, where a Swift target's would import Foundation.
        .target(
            name: "SlamWebPage",
            path: "Sources/SlamDaemon/Resources",
            sources: ["SlamWebPage.c"],
            resources: [.copy("web")],
            publicHeadersPath: "."
        ),
        .target(
            name: "SlamDaemon",
            dependencies: [
                "SlamWebPage", "SlamServer", "SlamProtocol", "SlamRPC", "SlamUI", "CMemoryTuning",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Resources"]
        ),
        // SlamHost.main: a developer's application served with slamd's whole command line (slamd itself uses it).
        .target(
            name: "SlamHost",
            dependencies: [
                "SlamDaemon", "SlamServer", "SlamUI", "SlamStoryboard", "SlamProtocol", "SlamConsole", "SlamMCP", "SlamClient", "SlamJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "SlamClient", dependencies: ["SlamProtocol", "SlamRPC", "SlamJSON"]),
        // The harness a test that launches slamd links: the client side only, no daemon, no SwiftNIO.
        .target(name: "SlamHarness", dependencies: ["SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON"]),
        // SlamApp.inProcess: the daemon (and SwiftNIO) inside the test's process.
        .target(
            name: "SlamHarnessInProcess",
            dependencies: [
                "SlamHarness", "SlamDaemon",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(name: "SlamConsole", dependencies: ["SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON", "SlamSuggestions"]),
        // The Model Context Protocol server agents use (`slamctl mcp`, `/mcp` on `slamd --web`): tools over a client connection.
        .target(name: "SlamMCP", dependencies: ["SlamConsole", "SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON", "SlamSuggestions"]),
        .executableTarget(
            name: "slamctl",
            dependencies: [
                "SlamConsole", "SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON", "SlamMCP",
            ]
        ),
        .executableTarget(
            name: "slamd",
            dependencies: [
                "SlamHost", "SlamDaemon", "SlamDemo", "SlamStoryboard", "SlamProtocol", "SlamConsole",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // An application hosted with SlamHost.main as a developer writes one, for SlamHostTests to launch.
        .executableTarget(name: "SlamHostFixture", dependencies: ["SlamHost", "SlamUI"], path: "Tests/Fixtures/SlamHostFixture"),
        .executableTarget(
            name: "SlamBenchmarks",
            dependencies: ["SlamUI", "SlamStoryboard", "SlamServer", "SlamProtocol", "SlamJSON", "SlamDemo"],
            path: "Benchmarks/SlamBenchmarks"
        ),
        .executableTarget(
            name: "SlamEchoFloor",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/SlamEchoFloor"
        ),
        .testTarget(name: "SlamSuggestionsTests", dependencies: ["SlamSuggestions"]),
        .testTarget(name: "SlamJSONTests", dependencies: ["SlamJSON"]),
        .testTarget(name: "SlamRPCTests", dependencies: ["SlamRPC", "SlamJSON"]),
        .testTarget(name: "SlamUITests", dependencies: ["SlamUI"]),
        .testTarget(name: "SlamStoryboardTests", dependencies: ["SlamStoryboard", "SlamUI", "SlamUIJSON", "SlamJSON"]),
        .testTarget(name: "SlamDemoTests", dependencies: ["SlamDemo", "SlamStoryboard", "SlamUI"]),
        .testTarget(name: "SlamProtocolTests", dependencies: ["SlamProtocol", "SlamRPC", "SlamJSON"]),
        .testTarget(name: "SlamServerTests", dependencies: ["SlamServer", "SlamClient", "SlamProtocol", "SlamDemo", "SlamStoryboard", "SlamUI", "SlamRPC", "SlamJSON"]),
        .testTarget(
            name: "SlamDaemonTests",
            dependencies: [
                "SlamHarness", "SlamHarnessInProcess", "SlamClient", "SlamRPC", "SlamJSON", "slamd", "SlamDaemon", "SlamServer",
                "SlamProtocol", "SlamDemo", "SlamStoryboard", "SlamHost",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SlamHostTests",
            dependencies: ["SlamHarness", "SlamClient", "SlamHostFixture"]
        ),
        .testTarget(
            name: "SlamClientTests",
            dependencies: ["SlamClient", "SlamHarness", "SlamHarnessInProcess", "SlamProtocol", "SlamJSON", "SlamRPC", "SlamDemo"]
        ),
        .testTarget(
            name: "SlamMCPTests",
            dependencies: [
                "SlamMCP", "SlamConsole", "SlamClient", "SlamHarness", "SlamHarnessInProcess", "SlamProtocol", "SlamRPC", "SlamJSON", "SlamDemo",
                "SlamStoryboard", "SlamUI",
            ]
        ),
        .testTarget(name: "SlamConsoleTests", dependencies: ["SlamConsole", "SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON", "SlamUI"]),
        .testTarget(
            name: "SlamctlTests",
            dependencies: [
                "SlamHarness", "SlamHarnessInProcess", "SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON", "SlamStoryboard", "SlamUI",
                "slamctl", "slamd",
            ]
        ),
        .testTarget(
            name: "SlamHarnessTests",
            dependencies: [
                "SlamHarness", "SlamHarnessInProcess", "SlamClient", "SlamProtocol", "SlamJSON", "SlamRPC", "SlamDemo", "SlamUI", "slamd",
            ],
            resources: [.copy("Golden")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
