// swift-tools-version:6.0
import PackageDescription

/// Slam: a headless UI runtime driven over JSON-RPC 2.0 on a Unix socket.
///
/// Dependencies point one way:
/// `CJansson` ← `SlamJSON` ← `SlamRPC`. Later modules (`SlamUI`, `SlamProtocol`,
/// `SlamDaemon`, `SlamClient`, `SlamHarness`) are added by the issues that build them.
let package = Package(
    name: "Slam",
    products: [
        .library(name: "SlamJSON", targets: ["SlamJSON"]),
        .library(name: "SlamRPC", targets: ["SlamRPC"]),
        .library(name: "SlamUI", targets: ["SlamUI"]),
        .library(name: "SlamStoryboard", targets: ["SlamStoryboard"]),
        .library(name: "SlamDemo", targets: ["SlamDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
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
        .target(name: "SlamStoryboard", dependencies: ["SlamUI", "SlamJSON"]),
        .target(name: "SlamDemo", dependencies: ["SlamUI", "SlamStoryboard"], resources: [.copy("Resources")]),
        .testTarget(name: "SlamJSONTests", dependencies: ["SlamJSON"]),
        .testTarget(name: "SlamRPCTests", dependencies: ["SlamRPC", "SlamJSON"]),
        .testTarget(name: "SlamUITests", dependencies: ["SlamUI"]),
        .testTarget(name: "SlamStoryboardTests", dependencies: ["SlamStoryboard", "SlamUI", "SlamJSON"]),
        .testTarget(name: "SlamDemoTests", dependencies: ["SlamDemo", "SlamUI"]),
    ],
    swiftLanguageModes: [.v6]
)
