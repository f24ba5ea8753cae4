import AASAModel
import Foundation

/// The real AASA files beside the package (`../shared/data/aasa-real`, with earlier versions
/// in its `history` folder); not part of the repository, so tests skip when it is absent.
enum SharedFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RuleAnalysisTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/aasa-real")

    /// Each earlier version paired with the current file of the same repository and path
    /// (`NAME--vBLOB.json` with `NAME.json` or `NAME--deleted-BLOB.json`).
    static func versionPairs() -> [(name: String, old: AASADocument, new: AASADocument)] {
        let manager = FileManager.default
        let history = directory.appendingPathComponent("history")
        guard let current = try? manager.contentsOfDirectory(atPath: directory.path),
            let earlier = try? manager.contentsOfDirectory(atPath: history.path)
        else { return [] }
        var pairs: [(String, AASADocument, AASADocument)] = []
        for name in earlier.sorted() where name.hasSuffix(".json") {
            guard let cut = name.range(of: "--v", options: .backwards) else { continue }
            let stem = String(name[..<cut.lowerBound])
            guard
                let match = current.sorted().first(where: {
                    $0 == stem + ".json" || $0.hasPrefix(stem + "--deleted-")
                }),
                let old = try? AASADocument.load(path: history.appendingPathComponent(name).path),
                let new = try? AASADocument.load(path: directory.appendingPathComponent(match).path)
            else { continue }
            pairs.append((name, old, new))
        }
        return pairs
    }
}
