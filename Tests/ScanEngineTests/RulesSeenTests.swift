import Dispatch
import Foundation
import RuleAnalysis
import TestSupport
import Testing

@testable import ScanEngine

/// `RulesSeen`, the rules some request decided, as the workers mark them while they count.
struct RulesSeenTests {
    @Test func aBitOnceSetStaysAndTouchesNoOther() {
        let seen = RulesSeen(ruleCount: 130)
        for rule in [0, 63, 64, 129] { seen.insert(rule) }
        seen.insert(64)
        #expect((0..<130).filter(seen.contains) == [0, 63, 64, 129])
        // Out of range: nothing to set, nothing seen.
        seen.insert(130)
        seen.insert(-1)
        #expect(!seen.contains(130) && !seen.contains(-1))
        #expect(!RulesSeen(ruleCount: 0).contains(0))
    }

    /// After a scan, exactly the rules that decided a request are seen, with one worker or two
    /// (each counting some of the requests), and with each app's own answers counted or not.
    @Test(arguments: [1, 2], [false, true])
    func theWorkersMarkExactlyTheRulesThatDecidedARequest(workers: Int, perApp: Bool) throws {
        let temporary = try TemporaryFolder()
        var (configuration, associations) = try generatedScan(lines: 40_000, in: temporary)
        configuration.workers = workers
        configuration.perApp = perApp
        let seen = RulesSeen(ruleCount: associations.ruleCount)
        configuration.rulesSeen = seen
        let hits = LogScan.run(configuration, associations: associations).summary.ruleHits
        let decided = hits.indices.filter { hits[$0] > 0 }
        #expect(decided.count >= 20 && decided.count < hits.count)
        #expect((0..<associations.ruleCount).filter(seen.contains) == decided)
    }
}

/// `ScanReport.mark(with:)`: proofs mark only the rules that decided no request.
struct RuleProofsMarkTests {
    @Test func proofsMarkOnlyTheRulesThatDecidedNoRequest() throws {
        let temporary = try TemporaryFolder()
        let (configuration, associations) = try generatedScan(lines: 5_000, in: temporary)
        var report = ScanReport(LogScan.run(configuration, associations: associations), top: 5)
        let undecided = report.undecidedRules
        let decided = report.rules.indices.filter { report.rules[$0].hits > 0 }
        try #require(undecided.count >= 3 && !decided.isEmpty)
        #expect(Set(undecided).isDisjoint(with: decided))
        #expect(undecided.count + decided.count == report.rules.count)

        // Proofs of two undecided rules and one decided rule (whose proof ran out of budget).
        var proofs = RuleProofs(ruleCount: report.rules.count)
        proofs.record(undecided[0], coveredBy: "details[0].components[0]", notProven: false)
        proofs.record(undecided[1], coveredBy: nil, notProven: true)
        proofs.record(decided[0], coveredBy: nil, notProven: true)
        let left = report.mark(with: proofs)
        #expect(left == Array(undecided.dropFirst(2)))
        #expect(report.rules[undecided[0]].shadowedBy == "details[0].components[0]")
        #expect(!report.rules[undecided[0]].proofNotFinished)
        #expect(report.rules[undecided[1]].shadowedBy == nil)
        #expect(report.rules[undecided[1]].proofNotFinished)
        #expect(!report.rules[decided[0]].proofNotFinished, "a rule that decided is not in doubt")
        #expect(report.rules.filter { $0.shadowedBy != nil || $0.proofNotFinished }.count == 2)

        // The rest, proven later, are marked too; the first two keep their marks.
        var late = RuleProofs(ruleCount: report.rules.count)
        for rule in left {
            late.record(rule, coveredBy: "details[0].components[1]", notProven: false)
        }
        #expect(report.mark(with: late) == Array(undecided.prefix(2)))
        #expect(report.shadowedRules.count == undecided.count - 1)
        #expect(report.rules[undecided[0]].shadowedBy == "details[0].components[0]")
        #expect(report.rules[undecided[1]].proofNotFinished)
    }
}

/// Dead-rule proofs made on another thread while a scan of the same rules runs, as `scan`
/// makes them (under the thread sanitizer in CI): they read the rules the workers read and
/// the marks the workers set, and each outcome is the one the whole analysis makes.
struct ProofsBesideAScanTests {
    private final class Outcomes: @unchecked Sendable {
        let lock = NSLock()
        var byRule: [Int: ShadowFinding?] = [:]
    }

    @Test func proofsBesideAScanReadWhatTheWorkersReadAndFindTheSame() throws {
        let temporary = try TemporaryFolder()
        var (configuration, associations) = try generatedScan(lines: 20_000, in: temporary)
        let rules = associations.files[0].rules
        configuration.workers = 2
        let seen = RulesSeen(ruleCount: associations.ruleCount)
        configuration.rulesSeen = seen
        let outcomes = Outcomes()
        let proving = DispatchGroup()
        DispatchQueue.global().async(group: proving) {
            ShadowAnalysis.proveOneByOne(rules, wanted: { !seen.contains($0) }) { rule, finding in
                outcomes.lock.withLock { outcomes.byRule[rule] = finding }
                return true
            }
        }
        let hits = LogScan.run(configuration, associations: associations).summary.ruleHits
        proving.wait()
        var expected = [ShadowFinding?](repeating: nil, count: rules.rules.count)
        for finding in ShadowAnalysis.findings(for: rules, checkingExclusions: false) {
            expected[finding.rule] = finding
        }
        let handed = outcomes.lock.withLock { outcomes.byRule }
        #expect(handed.count >= 100)
        for (rule, finding) in handed { #expect(finding == expected[rule], "rule \(rule)") }
        // A rule proven before any request it decides was read may have decided one since;
        // one that decided no request was proven (the scan's rules are all wanted until seen).
        #expect(hits.indices.filter { hits[$0] == 0 }.allSatisfy { handed[$0] != nil })
    }
}

/// A scan of a generated log of `lines` lines, written in `folder`, with the generated
/// 300-rule file, in chunks of 64 KiB.
func generatedScan(lines: Int, in folder: TemporaryFolder) throws -> (
    ScanConfiguration, Associations
) {
    let url = try LogScanTests.writeLog(in: folder, lines: lines)
    var associations = Associations()
    associations.add(
        domain: nil, path: "rules-300.json", rules: try LogScanTests.rules(.asGenerated))
    var configuration = ScanConfiguration()
    configuration.inputs = [url.path]
    configuration.chunkSize = 64 << 10
    return (configuration, associations)
}
