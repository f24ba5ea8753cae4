// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that the main package never depends on
// package-benchmark. Run them with `swift package benchmark` in this folder (`make bench`).
let package = Package(
    name: "aasa-scan-benchmarks",
    platforms: [.macOS(.v15)],  // as the main package
    dependencies: [
        // Named, so that products resolve whatever the checkout folder is called.
        .package(name: "aasa-scan", path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
            traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "MatcherBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AASAModel", package: "aasa-scan"),
                .product(name: "AndroidLinks", package: "aasa-scan"),
                .product(name: "LinkMatcher", package: "aasa-scan"),
                .product(name: "Workload", package: "aasa-scan"),
            ],
            path: "Benchmarks/MatcherBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PipelineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AASAModel", package: "aasa-scan"),
                .product(name: "LinkMatcher", package: "aasa-scan"),
                .product(name: "LogIO", package: "aasa-scan"),
                .product(name: "LogParsing", package: "aasa-scan"),
                .product(name: "ScanEngine", package: "aasa-scan"),
                .product(name: "Workload", package: "aasa-scan"),
            ],
            path: "Benchmarks/PipelineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SummaryBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AASAModel", package: "aasa-scan"),
                .product(name: "CoverageStats", package: "aasa-scan"),
                .product(name: "LinkMatcher", package: "aasa-scan"),
                .product(name: "RuleAnalysis", package: "aasa-scan"),
                .product(name: "Workload", package: "aasa-scan"),
            ],
            path: "Benchmarks/SummaryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
