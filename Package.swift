// swift-tools-version:6.0
import PackageDescription

/// Slam: a headless UI runtime driven over JSON-RPC 2.0 on a Unix socket (and, with `slamd --web`, a WebSocket).
///
/// Dependencies point one way (see the README's "Where things live"):
/// `CJansson` ← `SlamJSON` ← `SlamRPC` ← `SlamProtocol` (the typed vocabulary both sides share)
/// ← `SlamServer` (+ `SlamUI`) ← `SlamDaemon` ← `slamd`;
/// `SlamProtocol` ← `SlamClient` ← `SlamConsole` ← `slamctl`; `SlamClient` + `SlamDaemon` ← `SlamHarness`.
let package = Package(
    name: "Slam",
    products: [
        .library(name: "SlamJSON", targets: ["SlamJSON"]),
        .library(name: "SlamRPC", targets: ["SlamRPC"]),
        .library(name: "SlamUI", targets: ["SlamUI"]),
        .library(name: "SlamStoryboard", targets: ["SlamStoryboard"]),
        .library(name: "SlamDemo", targets: ["SlamDemo"]),
        .library(name: "SlamProtocol", targets: ["SlamProtocol"]),
        .library(name: "SlamServer", targets: ["SlamServer"]),
        .library(name: "SlamDaemon", targets: ["SlamDaemon"]),
        .library(name: "SlamClient", targets: ["SlamClient"]),
        .library(name: "SlamHarness", targets: ["SlamHarness"]),
        .library(name: "SlamConsole", targets: ["SlamConsole"]),
        .executable(name: "slamctl", targets: ["slamctl"]),
        .executable(name: "slamd", targets: ["slamd"]),
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
        .target(
            name: "SlamJSON",
            dependencies: [
                "CJansson",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .target(
            name: "SlamRPC",
            dependencies: ["SlamJSON"]
        ),
        .target(name: "SlamUI"),
        // SlamRPC only for NameSuggestions: a refusal says "did you mean" as the daemon's errors do.
        .target(name: "SlamStoryboard", dependencies: ["SlamUI", "SlamJSON", "SlamRPC"]),
        .target(name: "SlamDemo", dependencies: ["SlamUI", "SlamStoryboard"], resources: [.copy("Resources")]),
        .target(
            name: "SlamProtocol",
            dependencies: ["SlamRPC", "SlamJSON", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .target(name: "SlamServer", dependencies: ["SlamProtocol", "SlamRPC", "SlamUI", "SlamJSON", "SlamStoryboard"]),
        .target(
            name: "SlamDaemon",
            dependencies: [
                "SlamServer", "SlamProtocol", "SlamRPC", "SlamUI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The renderer page `slamd --web` serves (`--web-root DIR` serves another directory).
            resources: [.copy("Resources/web")]
        ),
        .target(name: "SlamClient", dependencies: ["SlamProtocol", "SlamRPC", "SlamJSON"]),
        .target(
            name: "SlamHarness",
            dependencies: [
                "SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON", "SlamDaemon", "SlamUI",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(name: "SlamConsole", dependencies: ["SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON"]),
        .executableTarget(
            name: "slamctl",
            dependencies: [
                "SlamConsole", "SlamClient", "SlamProtocol", "SlamRPC", "SlamJSON",
            ]
        ),
        .executableTarget(
            name: "slamd",
            dependencies: [
                "SlamDaemon", "SlamServer", "SlamDemo", "SlamStoryboard", "SlamUI", "SlamProtocol", "SlamConsole",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "SlamBenchmarks",
            dependencies: ["SlamUI", "SlamStoryboard", "SlamServer", "SlamProtocol", "SlamRPC", "SlamJSON", "SlamDemo"],
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
        .testTarget(name: "SlamJSONTests", dependencies: ["SlamJSON"]),
        .testTarget(name: "SlamRPCTests", dependencies: ["SlamRPC", "SlamJSON"]),
        .testTarget(name: "SlamUITests", dependencies: ["SlamUI"]),
        .testTarget(name: "SlamStoryboardTests", dependencies: ["SlamStoryboard", "SlamUI", "SlamJSON"]),
        .testTarget(name: "SlamDemoTests", dependencies: ["SlamDemo", "SlamStoryboard", "SlamUI"]),
        .testTarget(name: "SlamProtocolTests", dependencies: ["SlamProtocol", "SlamRPC", "SlamJSON"]),
        .testTarget(name: "SlamServerTests", dependencies: ["SlamServer", "SlamClient", "SlamProtocol", "SlamDemo", "SlamStoryboard", "SlamUI", "SlamRPC", "SlamJSON"]),
        .testTarget(
            name: "SlamDaemonTests",
            dependencies: [
                "SlamHarness", "SlamClient", "SlamRPC", "SlamJSON", "slamd", "SlamDaemon", "SlamServer", "SlamProtocol", "SlamDemo",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "SlamClientTests", dependencies: ["SlamClient", "SlamHarness", "SlamJSON", "SlamRPC", "SlamDemo"]),
        .testTarget(name: "SlamConsoleTests", dependencies: ["SlamConsole", "SlamClient", "SlamJSON", "SlamUI"]),
        .testTarget(name: "SlamctlTests", dependencies: ["SlamHarness", "SlamClient", "SlamJSON", "SlamUI", "slamctl", "slamd"]),
        .testTarget(
            name: "SlamHarnessTests",
            dependencies: ["SlamHarness", "SlamClient", "SlamJSON", "SlamRPC", "SlamDemo", "SlamUI", "slamd"],
            resources: [.copy("Golden")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
