// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for Slam: arbitrary bytes into the framing decoder, the
/// JSON layer and the whole dispatcher on the demo app. Build and run them with
/// `scripts/fuzz.sh` (it passes `-sanitize=fuzzer,address -parse-as-library`).
let package = Package(
    name: "SlamFuzzTesting",
    dependencies: [.package(name: "Slam", path: "..")],
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
    ],
    swiftLanguageModes: [.v6]
)
