import AASAModel
import Foundation

/// The real AASA files beside the package (`../shared/data/aasa-real`: current files, their
/// earlier versions in `history/`, broken ones in `odd/`); not part of the repository, so
/// tests that read them skip when it is absent. The one lister of the folder for this target.
enum SharedFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RuleAnalysisTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/aasa-real")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: directory.path) }

    /// Every file of `folders` (`""` for the current files) that parses, with its name
    /// (`history/NAME` for a file of a subfolder), in name order.
    static func documents(in folders: [String]) -> [(name: String, document: AASADocument)] {
        var found: [(String, AASADocument)] = []
        for folder in folders {
            let url = folder.isEmpty ? directory : directory.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() {
                let path = url.appendingPathComponent(name).path
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
                    !isFolder.boolValue, let document = try? AASADocument.load(path: path)
                else { continue }
                found.append((folder.isEmpty ? name : "\(folder)/\(name)", document))
            }
        }
        return found
    }

    /// An earlier version of a file and the current one.
    struct VersionPair {
        var oldName: String
        var old: AASADocument
        var newName: String
        var new: AASADocument
    }

    /// Each earlier version paired with the current file of the same repository and path
    /// (`NAME--vBLOB.json` with `NAME.json` or `NAME--deleted-BLOB.json`).
    static func versionPairs() -> [VersionPair] {
        let manager = FileManager.default
        let history = directory.appendingPathComponent("history")
        guard let current = try? manager.contentsOfDirectory(atPath: directory.path),
            let earlier = try? manager.contentsOfDirectory(atPath: history.path)
        else { return [] }
        var pairs: [VersionPair] = []
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
            pairs.append(VersionPair(oldName: name, old: old, newName: match, new: new))
        }
        return pairs
    }
}
