import CLISupport
import Dispatch
import LinkMatcher
import Reports
import RuleAnalysis
import ScanEngine
import Synchronized

/// Which rules of a set of AASA files can never decide (the reports' `shadowed_by`): per rule
/// of the files, file by file and rule by rule (so at a file's `ruleOffset` plus the rule's
/// index), the rule that makes it never decide, or nil.
enum ShadowMarks {
    /// The marks of the rules `examining` picks by global index; the others get nil.
    ///
    /// The rules to examine are dealt out in turn to one analysis per core. Each
    /// analysis builds its own languages and caches (they are not shared between threads),
    /// and dealing in turn spreads the few costly rules (those proven dead by a union) over
    /// all of them. An analysis on another thread hands its findings over before it frees
    /// what it built, and this returns without waiting for that clean-up. A single analysis
    /// runs on the caller's thread.
    static func byRule(_ files: [Associations.File], examining: (Int) -> Bool) -> [String?] {
        outcomes(files, examining: examining).marks
    }

    /// `byRule`'s marks, and per rule whether its proof stopped at its work budget (AASA605).
    static func outcomes(_ files: [Associations.File], examining: (Int) -> Bool) -> (
        marks: [String?], notProven: [Bool]
    ) {
        let handedOver = DispatchGroup()
        let found = Locked<[[ShadowFinding]]>(Array(repeating: [], count: files.count))
        for (index, file) in files.enumerated() {
            let count = file.rules.rules.count
            // The lane that examines each rule, or -1.
            var lanes = [Int](repeating: -1, count: count)
            let examined = (0..<count).filter { examining(file.ruleOffset + $0) }
            let laneCount = max(1, min(ProcessInfoCores.count, examined.count / rulesPerLane))
            for (position, rule) in examined.enumerated() { lanes[rule] = position % laneCount }
            for lane in 0..<laneCount {
                handedOver.enter()
                let analyse: @Sendable () -> Void = { [lanes] in
                    ShadowAnalysis.findings(
                        for: file.rules, checkingExclusions: false,
                        examining: { lanes[$0] == lane },
                        deliver: { own in
                            found.withLock { $0[index] += own }
                            handedOver.leave()
                        })
                }
                if laneCount == 1 {
                    analyse()
                } else {
                    DispatchQueue.global().async(execute: analyse)
                }
            }
        }
        handedOver.wait()
        var all: [String?] = []
        var notProven: [Bool] = []
        for (index, file) in files.enumerated() {
            var row = [String?](repeating: nil, count: file.rules.rules.count)
            var open = [Bool](repeating: false, count: file.rules.rules.count)
            for finding in found.withLock({ $0[index] }) {
                row[finding.rule] = finding.coveredBy
                open[finding.rule] = finding.kind == .notProven
            }
            all += row
            notProven += open
        }
        return (all, notProven)
    }

    /// Fewest rules worth a thread of their own: below it, building a second copy of the
    /// file's languages costs more than it saves.
    private static let rulesPerLane = 200

    /// Marks the rule rows of a report of `files`. Only the rules that decided no request are
    /// examined: one that decided a request is not dead, whatever the proof would say, and on
    /// real traffic most rules of a large file decide some (5,000 rules: a few tens of ms
    /// instead of most of a second's CPU beside the scan). Those `ahead` proved while the
    /// scan ran are taken as they are. Returns how many of the rules examined were proven
    /// while the scan ran, and how many after it.
    @discardableResult
    static func mark(
        _ report: inout ScanReport, files: [Associations.File], ahead: ProofsAhead? = nil
    ) -> (whileScanning: Int, after: Int) {
        let examined = report.undecidedRules.count
        let left = ahead.map { report.mark(with: $0.finish()) } ?? report.undecidedRules
        let leftOver = Set(left)
        let (marks, notProven) = outcomes(files) { leftOver.contains($0) }
        var proofs = RuleProofs(ruleCount: report.rules.count)
        for rule in left where rule < marks.count {
            proofs.record(rule, coveredBy: marks[rule], notProven: notProven[rule])
        }
        report.mark(with: proofs)
        return (examined - left.count, left.count)
    }
}
