// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for Slam: arbitrary bytes into the framing decoder, the
/// JSON layer, the whole dispatcher on the demo app, and one `--web` connection
/// (HTTP, the WebSocket upgrade, frames, a session). Build and run them with
/// `scripts/fuzz.sh` (it passes `-sanitize=fuzzer,address -parse-as-library`).
let package = Package(
    name: "SlamFuzzTesting",
    dependencies: [
        .package(name: "Slam", path: ".."),
        // The version Slam asks for: FuzzWeb runs the web pipeline on its EmbeddedChannel.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzFraming", dependencies: ["FuzzSupport", .product(name: "SlamRPC", package: "Slam")]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", .product(name: "SlamJSON", package: "Slam")]),
        .executableTarget(
            name: "FuzzDispatcher",
            dependencies: [
                "FuzzSupport",
                .product(name: "SlamServer", package: "Slam"),
                .product(name: "SlamRPC", package: "Slam"),
                .product(name: "SlamDemo", package: "Slam"),
                .product(name: "SlamUI", package: "Slam"),
            ]
        ),
        .executableTarget(
            name: "FuzzWeb",
            dependencies: [
                "FuzzSupport",
                .product(name: "SlamDaemon", package: "Slam"),
                .product(name: "SlamServer", package: "Slam"),
                .product(name: "SlamDemo", package: "Slam"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
