import AASAModel
import Foundation
import RuleAnalysis
import Testing

/// The real AASA files kept beside the package (`../shared/data/aasa-real`: current files,
/// their earlier versions in `history/`, odd ones in `odd/`); not part of the repository, so
/// these tests skip when it is absent.
enum ShadowCorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RuleAnalysisTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/aasa-real")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: directory.path) }

    /// Every file of the corpus that parses, with its name.
    static func documents() -> [(name: String, document: AASADocument)] {
        var found: [(String, AASADocument)] = []
        for folder in ["", "history", "odd"] {
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

struct ShadowRealFileTests {
    /// Every real file: each finding holds on URLs made to match the reported rule, decided by
    /// the reference matcher.
    @Test(
        .enabled(if: ShadowCorpus.isAvailable, "needs ../shared/data/aasa-real beside the package"))
    func everyFindingOfEveryRealFileHolds() {
        let documents = ShadowCorpus.documents()
        #expect(documents.count >= 190)
        var problems: [String] = []
        var findings = 0
        var checked = 0
        for (index, (name, document)) in documents.enumerated() {
            let found = ShadowAnalysis.findings(for: document)
            findings += found.count
            var check = ShadowSoundnessCheck(document)
            check.check(found, seed: UInt64(index))
            checked += check.checkedURLs
            problems += check.problems.map { "\(name): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        // The corpus has dead rules; the check must have met them.
        #expect(findings >= 20)
        #expect(checked >= 500)
    }
}
