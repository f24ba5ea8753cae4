// swift-tools-version: 6.2
import PackageDescription

// A Hummingbird server that answers `GET /decide?url=...` from one compiled AASA rule set.
// An example beside the package, not a dependency of it.
let package = Package(
    name: "decide-server",
    platforms: [.macOS(.v15)],  // as the main package
    dependencies: [
        .package(name: "aasa-scan", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "DecideService",
            dependencies: [
                .product(name: "LinkMatcher", package: "aasa-scan"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "decide-server",
            dependencies: [
                "DecideService",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "DecideServiceTests",
            dependencies: [
                "DecideService",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
