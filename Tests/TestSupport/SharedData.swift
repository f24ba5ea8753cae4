import Foundation

/// The real files kept beside the package (`../shared/data`: real AASA files in `aasa-real/`,
/// real logs in `logs-real/`). They are not part of the repository, so tests that read them
/// carry the `needsSharedData` trait and are skipped when the folder is absent.
public enum SharedData {
    public static let root = PackagePaths.root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data")

    /// Whether the folder (or one of its subfolders) is there.
    public static func isAvailable(_ subfolder: String = "") -> Bool {
        FileManager.default.fileExists(atPath: path(subfolder))
    }

    /// The path of a file or folder of the shared data, relative to its root.
    public static func path(_ relative: String) -> String {
        relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
    }
}
