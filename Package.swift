// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "aasa-scan",
    // Darwin: the standard library's `Atomic` (progress counters, compile counts) needs macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "aasa-scan", targets: ["aasa-scan"]),
        .library(name: "AASAModel", targets: ["AASAModel"]),
        .library(name: "LinkMatcher", targets: ["LinkMatcher"]),
        .library(name: "LogIO", targets: ["LogIO"]),
        .library(name: "LogParsing", targets: ["LogParsing"]),
        .library(name: "CoverageStats", targets: ["CoverageStats"]),
        .library(name: "ScanEngine", targets: ["ScanEngine"]),
        .library(name: "RuleAnalysis", targets: ["RuleAnalysis"]),
        .library(name: "Workload", targets: ["Workload"]),
        .library(name: "CLISupport", targets: ["CLISupport"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "AndroidLinks", targets: ["AndroidLinks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `make docs`: the DocC documentation of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        // The XML of AndroidManifest.xml, read through libxml2's streaming reader.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            // zlib is part of the macOS SDK: without a zlib.pc there, `link "z"` finds it.
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The system's HTTP client for `fetch` (part of macOS; libcurl4-openssl-dev on Debian):
        // its headers only. The library is opened when a fetch needs it (shim.h), so it is not
        // linked, and no other command loads it.
        .systemLibrary(name: "CCurl"),
        // A header-only hint to the processor; no library to link.
        .systemLibrary(name: "CPrefetch"),
        // Where the lines of a chunk end, found 64 bytes at a time where the processor allows;
        // header-only too.
        .systemLibrary(name: "CLineEnds"),
        // The platform's C library (Glibc, Musl or Darwin) under one name.
        .target(name: "LibC"),
        // ASCII and byte helpers every per-line path shares; internal to the package.
        .target(name: "ASCIIBytes", dependencies: ["LibC"]),
        // A value behind a mutex, for the few places threads share one; internal to the package.
        .target(name: "Synchronized", dependencies: ["LibC"]),
        .target(name: "AASAModel", dependencies: ["ASCIIBytes", "LibC"]),
        // Android App Links: the manifest's intent filters and `assetlinks.json`, read into plain
        // rules (docs/android-semantics.md) and compiled into a matcher on bytes. Reads files
        // once, so Foundation's XML parser is fine there; the matcher uses no Foundation.
        .target(
            name: "AndroidLinks", dependencies: ["AASAModel", "ASCIIBytes", "CLibXML2", "LibC"]),
        .target(
            name: "LinkMatcher", dependencies: ["AASAModel", "ASCIIBytes", "LibC", "Synchronized"]),
        .target(
            name: "RuleAnalysis",
            dependencies: ["LinkMatcher", "AASAModel", "ASCIIBytes", "TextFormat"]),
        .target(
            name: "LogIO",
            dependencies: ["CZstd", "CZlib", "CLineEnds", "ASCIIBytes", "LibC", "Synchronized"]),
        .target(name: "LogParsing", dependencies: ["ASCIIBytes", "LibC"]),
        .target(name: "CoverageStats", dependencies: ["ASCIIBytes"]),
        // Numbers as people read them (12,345, 51.9%, 1.2 MB), for every target that writes text.
        .target(name: "TextFormat"),
        // Sites of hosts by the Public Suffix List, built in (scripts/public-suffix-table.py).
        .target(name: "PublicSuffix"),
        .target(name: "Workload", dependencies: ["ASCIIBytes"]),
        .target(
            name: "ScanEngine",
            dependencies: [
                "AASAModel", "LinkMatcher", "LogIO", "LogParsing", "CoverageStats", "CPrefetch",
                "ASCIIBytes", "LibC", "PublicSuffix", "Synchronized", "TextFormat", "AndroidLinks",
            ]
        ),
        // What every command that prints shares: the report options, terminal facts, the
        // escapers, number formatting, the output writer and the command error.
        .target(
            name: "CLISupport",
            dependencies: [
                "LibC", "ASCIIBytes", "TextFormat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // `fetch`: each domain's file from Apple's CDN and the site, and the checks of both.
        .target(
            name: "AASAFetch",
            dependencies: ["AASAModel", "LinkMatcher", "RuleAnalysis", "CCurl", "LibC"]),
        // Each command's report model and its renderers (JSON, table, CSV, HTML, metrics).
        .target(
            name: "Reports",
            dependencies: [
                "CLISupport", "AASAModel", "LinkMatcher", "RuleAnalysis", "ScanEngine",
                "CoverageStats", "AASAFetch", "ASCIIBytes", "TextFormat", "LogParsing",
            ],
            path: "Sources/aasa-scan/Reports"),
        .executableTarget(
            name: "aasa-scan",
            dependencies: [
                "AASAModel", "LinkMatcher", "LogIO", "LogParsing", "CoverageStats", "ScanEngine",
                "RuleAnalysis", "Workload", "ASCIIBytes", "LibC", "AASAFetch", "CLISupport",
                "Reports", "Synchronized", "TextFormat", "AndroidLinks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Reports/ is the Reports target, so that the fuzz target and the tests use the
            // renderers as they are, with no links to these files.
            exclude: ["Reports"]
        ),
        // What every test target shares: temporary folders, the shared real data beside the
        // package, shell fixtures, seeded random choices, and running the built tool. Neither a
        // product nor part of the executable.
        .target(
            name: "TestSupport", dependencies: ["AASAModel", "CZlib", "LibC", "Workload"],
            path: "Tests/TestSupport"),
        .testTarget(name: "ASCIIBytesTests", dependencies: ["ASCIIBytes"]),
        .testTarget(name: "PublicSuffixTests", dependencies: ["PublicSuffix"]),
        .testTarget(name: "AASAModelTests", dependencies: ["AASAModel", "TestSupport"]),
        .testTarget(name: "AndroidLinksTests", dependencies: ["AndroidLinks", "TestSupport"]),
        .testTarget(
            name: "LinkMatcherTests",
            dependencies: ["LinkMatcher", "AASAModel", "Workload", "TestSupport"]),
        .testTarget(name: "LogIOTests", dependencies: ["LogIO", "LibC", "TestSupport"]),
        .testTarget(
            name: "LogParsingTests", dependencies: ["LogParsing", "LogIO", "LibC", "TestSupport"]),
        .testTarget(
            name: "CoverageStatsTests", dependencies: ["CoverageStats", "Workload", "TestSupport"]),
        .testTarget(
            name: "ScanEngineTests",
            dependencies: [
                "ScanEngine", "LinkMatcher", "AASAModel", "CoverageStats", "LogParsing", "Workload",
                "AndroidLinks", "RuleAnalysis", "TestSupport", "LibC", "Synchronized",
            ]),
        .testTarget(
            name: "CLITests",
            dependencies: ["aasa-scan", "CLISupport", "Reports", "LinkMatcher", "TestSupport"]),
        .testTarget(
            name: "WorkloadTests",
            dependencies: ["Workload", "AASAModel", "LinkMatcher", "TestSupport"]),
        // HTTPS servers on loopback (tls_test_server.py) with a CA made by the tests.
        .testTarget(
            name: "FetchTests",
            dependencies: ["AASAFetch", "AASAModel", "aasa-scan", "TestSupport"],
            exclude: ["tls_test_server.py"]),
        .testTarget(
            name: "RuleAnalysisTests",
            dependencies: ["RuleAnalysis", "LinkMatcher", "AASAModel", "Workload", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
