import Dispatch
import LinkMatcher
import RuleAnalysis
import ScanEngine

/// Which rules of a set of AASA files can never decide (the reports' `shadowed_by`), worked
/// out on another thread while the scan runs: a 5,000-rule file takes a good part of a second.
final class ShadowMarks: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let marks = Locked<[String?]>([])

    /// Starts the analysis of every file of `associations`.
    init(_ associations: Associations) {
        let files = associations.files
        DispatchQueue.global().async { [self] in
            var all: [String?] = []
            for file in files {
                var row = [String?](repeating: nil, count: file.rules.rules.count)
                for finding in ShadowAnalysis.findings(for: file.rules, checkingExclusions: false) {
                    row[finding.rule] = finding.coveredBy
                }
                all += row
            }
            self.marks.withLock { $0 = all }
            self.done.signal()
        }
    }

    /// Per rule of the files, file by file and rule by rule (so at a file's `ruleOffset` plus
    /// the rule's index): the rule that makes it never decide, or nil. Waits for the analysis.
    var byRule: [String?] {
        done.wait()
        defer { done.signal() }
        return marks.withLock { $0 }
    }

    /// Marks the report's rule rows (in the same order as `byRule`).
    func mark(_ report: inout ScanReport) {
        let all = byRule
        for index in report.rules.indices where index < all.count {
            report.rules[index].shadowedBy = all[index]
        }
    }
}
