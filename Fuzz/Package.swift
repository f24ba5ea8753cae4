// swift-tools-version: 6.1
// libFuzzer targets, built apart from the main package: `make fuzz` (see scripts/fuzz.sh)
// builds them with the address sanitizer and coverage instrumentation, then runs each one.
// `aasa-scan` here is a link to the package root.
import PackageDescription

let library = { (name: String) in Target.Dependency.product(name: name, package: "aasa-scan") }

let package = Package(
    name: "aasa-scan-fuzz",
    platforms: [.macOS(.v15)],  // as the main package
    dependencies: [.package(path: "aasa-scan")],
    targets: [
        .systemLibrary(name: "CLibFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CLibFuzzer", library("AASAModel"), library("LinkMatcher"), library("LogIO"),
            ]),
        .executableTarget(name: "fuzz-aasa", dependencies: ["FuzzSupport", library("AASAModel")]),
        .executableTarget(name: "fuzz-pkcs7", dependencies: ["FuzzSupport", library("AASAModel")]),
        .executableTarget(
            name: "fuzz-log-lines", dependencies: ["FuzzSupport", library("LogParsing")]),
        .executableTarget(
            name: "fuzz-url",
            dependencies: ["FuzzSupport", library("AASAModel"), library("LinkMatcher")]),
        .executableTarget(name: "fuzz-differential", dependencies: ["FuzzSupport"]),
        .executableTarget(
            name: "fuzz-state",
            dependencies: ["FuzzSupport", library("ScanEngine"), library("CoverageStats")]),
        .executableTarget(name: "fuzz-chunks", dependencies: ["FuzzSupport", library("LogIO")]),
        .executableTarget(
            name: "fuzz-android", dependencies: ["FuzzSupport", library("AndroidLinks")]),
        .executableTarget(
            name: "fuzz-writers",
            dependencies: [
                "FuzzSupport", library("ScanEngine"), library("CoverageStats"), library("LogIO"),
                library("LogParsing"), library("Reports"), library("CLISupport"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
