import AASAModel
import Foundation

/// The real AASA files of the shared data (`aasa-real/`: current files, their earlier versions
/// in `history/`, broken ones in `odd/`): the one lister of that folder for every test target.
/// Every listing is empty when the folder is absent.
public enum RealAASAFiles {
    public static let directory = SharedData.root.appendingPathComponent("aasa-real")

    /// The path of a file, named relative to the folder (`history/NAME`).
    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The names (relative to the folder) of the files of `subfolder` with this extension, in
    /// name order.
    public static func names(in subfolder: String?, ext: String) -> [String] {
        let folder = subfolder.map { directory.appendingPathComponent($0) } ?? directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { name in
            subfolder.map { "\($0)/\(name)" } ?? name
        }
    }

    /// Every file of `folders` (`""` for the current files) that parses, with its name
    /// (`history/NAME` for a file of a subfolder), in name order.
    public static func documents(in folders: [String]) -> [(name: String, document: AASADocument)] {
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
}
