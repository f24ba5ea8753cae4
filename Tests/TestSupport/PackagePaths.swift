import Foundation

/// Where the package and its bundled sample data are, found from this file's location so that
/// every test target sees the same folders whatever the working directory is.
public enum PackagePaths {
    /// The package root (this file is `Tests/TestSupport/PackagePaths.swift`).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A file of the repository's `data/` folder (the sample AASA files and logs).
    public static func bundledData(_ name: String) -> String {
        root.appendingPathComponent("data/\(name)").path
    }
}
