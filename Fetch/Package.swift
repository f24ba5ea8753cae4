// swift-tools-version: 6.1
// `aasa-scan fetch`, built apart from the main package: its HTTP client (AsyncHTTPClient, with
// SwiftNIO and BoringSSL) takes minutes to compile, which `make demo` should not pay for.
// `make fetch` builds `aasa-scan-fetch` and puts it beside `aasa-scan`, which runs it for
// `aasa-scan fetch`. `aasa-scan` here is a link to the package root, as in `Fuzz/`.
import PackageDescription

let library = { (name: String) in Target.Dependency.product(name: name, package: "aasa-scan") }

let package = Package(
    name: "aasa-scan-fetch",
    platforms: [.macOS(.v15)],  // as the main package
    products: [
        .executable(name: "aasa-scan-fetch", targets: ["aasa-scan-fetch"]),
        .library(name: "AASAFetch", targets: ["AASAFetch"]),
    ],
    dependencies: [
        .package(path: "aasa-scan"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "AASAFetch",
            dependencies: [
                library("AASAModel"), library("LinkMatcher"), library("RuleAnalysis"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // TerminalText.swift, JSONText.swift and Format.swift are links to the main CLI's own
        // files: the same escaping of untrusted text and the same numbers, compiled in here too.
        .executableTarget(
            name: "aasa-scan-fetch",
            dependencies: [
                "AASAFetch", library("AASAModel"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "AASAFetchTests",
            dependencies: ["AASAFetch", "aasa-scan-fetch", library("AASAModel")],
            exclude: ["tls_test_server.py"]),
    ],
    swiftLanguageModes: [.v6]
)
