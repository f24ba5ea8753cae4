import Foundation

/// The real-world AASA corpus kept beside the package (`../shared/data/aasa-real`).
/// It is not part of the repository, so tests that read it are skipped when it is absent.
enum SharedData {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AASAModelTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/aasa-real")

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.path)
    }

    /// File names (relative to the corpus folder) in `subfolder` with the given extension.
    static func files(in subfolder: String?, ext: String) -> [String] {
        let folder = subfolder.map { directory.appendingPathComponent($0) } ?? directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { name in
            subfolder.map { "\($0)/\(name)" } ?? name
        }
    }

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
