import AASAModel
import Foundation
import RuleAnalysis
import TestSupport
import Testing

/// `DiagnosticCode` is the one table of codes: every catalogue reads from it and every
/// diagnostic the tools emit carries a code of it, at its severity.
struct DiagnosticCodeTableTests {
    @Test func codesAreUniqueAndInNumericOrder() {
        let codes = DiagnosticCode.all.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes == codes.sorted())
        #expect(codes.allSatisfy { $0.hasPrefix("AASA") && $0.count == 7 })
        #expect(DiagnosticCode.all.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func everyCatalogueIsASliceOfTheTable() {
        let shadow = ShadowFinding.Kind.allCases.compactMap { DiagnosticCode.named($0.code) }
        #expect(shadow.count == ShadowFinding.Kind.allCases.count)
        #expect(
            DiagnosticCode.all
                == AASALint.catalogue + shadow + [ExclusionBypass.diagnosticCode]
                + HostingCheck.catalogue)
        for kind in ShadowFinding.Kind.allCases {
            let row = DiagnosticCode.named(kind.code)
            #expect(row?.severity == kind.severity && row?.summary == kind.summary, "\(kind)")
        }
        for check in HostingCheck.allCases {
            let row = DiagnosticCode.named(check.code)
            #expect(row?.severity == check.severity && row?.summary == check.summary, "\(check)")
        }
        #expect(DiagnosticCode.named(AASAParseError.code)?.severity == .error)
        #expect(DiagnosticCode.named("AASA999") == nil)
    }

    /// What `lint` reports on every real file, broken ones included: each code is in the table
    /// and the diagnostic has the table's severity.
    @Test(.needsSharedData("aasa-real"))
    func everyDiagnosticOfTheRealFilesIsInTheTable() throws {
        var diagnostics = 0
        var parseErrors = 0
        var problems: [String] = []
        for path in Self.realFiles() {
            let found: [Diagnostic]
            do {
                let document = try AASADocument.load(path: path)
                found =
                    AASALint.lint(document) + ShadowAnalysis.diagnostics(for: document)
                    + ExclusionBypass.diagnostics(for: document)
            } catch {
                parseErrors += 1
                if DiagnosticCode.named(error.code)?.severity != .error {
                    problems.append("\(path): parse error code \(error.code)")
                }
                continue
            }
            diagnostics += found.count
            for diagnostic in found
            where DiagnosticCode.named(diagnostic.code)?.severity != diagnostic.severity {
                problems.append("\(path): \(diagnostic.severity) \(diagnostic.code)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        // The corpus has plenty of findings and some files that do not parse.
        #expect(diagnostics >= 50)
        #expect(parseErrors >= 1)
    }

    /// Every file of the corpus: the current files and the `history` and `odd` folders.
    private static func realFiles() -> [String] {
        var paths: [String] = []
        for folder in ["", "history", "odd"] {
            let url =
                folder.isEmpty
                ? RealAASAFiles.directory
                : RealAASAFiles.directory.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() {
                var isFolder: ObjCBool = false
                let path = url.appendingPathComponent(name).path
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
                    !isFolder.boolValue
                {
                    paths.append(path)
                }
            }
        }
        return paths
    }
}
