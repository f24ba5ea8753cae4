// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "aasa-scan",
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
            providers: [.apt(["libzstd-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // A header-only hint to the processor; no library to link.
        .systemLibrary(name: "CPrefetch"),
        // ASCII and byte helpers every per-line path shares; internal to the package.
        .target(name: "ASCIIBytes"),
        .target(name: "AASAModel", dependencies: ["ASCIIBytes"]),
        .target(name: "LinkMatcher", dependencies: ["AASAModel", "ASCIIBytes"]),
        .target(name: "RuleAnalysis", dependencies: ["LinkMatcher", "AASAModel", "ASCIIBytes"]),
        .target(name: "LogIO", dependencies: ["CZstd", "CZlib", "ASCIIBytes"]),
        .target(name: "LogParsing", dependencies: ["ASCIIBytes"]),
        .target(name: "CoverageStats", dependencies: ["ASCIIBytes"]),
        .target(name: "Workload"),
        .target(
            name: "ScanEngine",
            dependencies: [
                "AASAModel", "LinkMatcher", "LogIO", "LogParsing", "CoverageStats", "CPrefetch",
                "ASCIIBytes",
            ]
        ),
        .executableTarget(
            name: "aasa-scan",
            dependencies: [
                "AASAModel", "LinkMatcher", "LogIO", "LogParsing", "CoverageStats", "ScanEngine",
                "RuleAnalysis",
                "Workload", "ASCIIBytes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ASCIIBytesTests", dependencies: ["ASCIIBytes"]),
        .testTarget(name: "AASAModelTests", dependencies: ["AASAModel"]),
        .testTarget(
            name: "LinkMatcherTests", dependencies: ["LinkMatcher", "AASAModel", "Workload"]),
        .testTarget(name: "LogIOTests", dependencies: ["LogIO"]),
        .testTarget(name: "LogParsingTests", dependencies: ["LogParsing", "LogIO"]),
        .testTarget(name: "CoverageStatsTests", dependencies: ["CoverageStats", "Workload"]),
        .testTarget(
            name: "ScanEngineTests",
            dependencies: [
                "ScanEngine", "LinkMatcher", "AASAModel", "CoverageStats", "LogParsing", "Workload",
            ]),
        .testTarget(name: "CLITests", dependencies: ["aasa-scan"]),
        .testTarget(
            name: "WorkloadTests", dependencies: ["Workload", "AASAModel", "LinkMatcher"]),
        .testTarget(
            name: "RuleAnalysisTests",
            dependencies: ["RuleAnalysis", "LinkMatcher", "AASAModel", "Workload"]),
    ],
    swiftLanguageModes: [.v6]
)
