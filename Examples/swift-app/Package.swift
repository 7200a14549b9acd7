// swift-tools-version:6.0
import PackageDescription

/// A Slam app of your own: two screens written in Swift, served by `counter-app` with slamd's
/// whole command line, and tested with the harness in process and launched.
///
/// Slam comes from this checkout (`../..`), or from the checkout `SLAM_CHECKOUT` names, so a copy
/// of this directory elsewhere builds as it is. Outside this repository, depend on Slam by URL
/// and version instead (README.md).
let slamCheckout = Context.environment["SLAM_CHECKOUT"] ?? "../.."

let package = Package(
    name: "counter-app",
    dependencies: [
        .package(name: "Slam", path: slamCheckout),
    ],
    targets: [
        // The screens, in a library so the tests can build them without a daemon.
        .target(name: "CounterScreens", dependencies: [.product(name: "SlamUI", package: "Slam")]),
        .executableTarget(
            name: "counter-app",
            dependencies: [
                "CounterScreens",
                .product(name: "SlamHost", package: "Slam"),
                .product(name: "SlamUI", package: "Slam"),
            ]
        ),
        .testTarget(
            name: "CounterScreensTests",
            dependencies: [
                "CounterScreens",
                // Makes `swift build --build-tests` build the app the launched tests start.
                "counter-app",
                .product(name: "SlamUI", package: "Slam"),
                .product(name: "SlamHarness", package: "Slam"),
                .product(name: "SlamHarnessInProcess", package: "Slam"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
