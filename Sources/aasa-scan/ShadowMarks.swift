import Dispatch
import LinkMatcher
import RuleAnalysis
import ScanEngine

/// Which rules of a scan's AASA files can never decide (the report's `shadowed_by`), worked
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

    /// Marks the report's rule rows (in the same order: file by file, rule by rule), waiting
    /// for the analysis to end.
    func mark(_ report: inout ScanReport) {
        done.wait()
        let all = marks.withLock { $0 }
        done.signal()
        for index in report.rules.indices where index < all.count {
            report.rules[index].shadowedBy = all[index]
        }
    }
}
