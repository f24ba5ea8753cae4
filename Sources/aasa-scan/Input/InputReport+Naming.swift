import FoundationEssentials
import ScanEngine

extension InputReport {
    /// The report with `path` shown as `name` (the spooled copy of standard input as `-`).
    func naming(_ path: String, _ name: String) -> InputReport {
        var renamed = self
        if renamed.path == path { renamed.path = name }
        renamed.error = renamed.error?.replacing(path, with: name)
        return renamed
    }
}
