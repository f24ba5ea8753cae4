import AASAModel
import Foundation

extension RealAASAFiles {
    /// An earlier version of a file and the current one.
    public struct VersionPair {
        public var oldName: String
        public var old: AASADocument
        public var newName: String
        public var new: AASADocument
    }

    /// Each earlier version paired with the current file of the same repository and path
    /// (`NAME--vBLOB.json` with `NAME.json` or `NAME--deleted-BLOB.json`).
    public static func versionPairs() -> [VersionPair] {
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
