import CoverageStats
import LinkMatcher

/// Turns a file's decision into the summary's terms: global app and rule indices over all the
/// association files. Plain memory, read for every tally, where array accesses would retain
/// and release their storage.
final class GlobalOutcomes {
    /// Per file: global index of its first app and of its first rule.
    private let appOffsets: UnsafeMutableBufferPointer<Int>
    private let ruleOffsets: UnsafeMutableBufferPointer<Int>
    /// Per global rule: the app an exclusion by that rule counts for (its entry's first).
    private let exclusionApp: UnsafeMutableBufferPointer<Int>

    init(_ associations: Associations) {
        appOffsets = .copying(associations.files.map(\.appOffset))
        ruleOffsets = .copying(associations.files.map(\.ruleOffset))
        exclusionApp = .copying(
            associations.files.flatMap { file in
                file.rules.rules.map { file.entryFirstApp[$0.entryIndex] }
            })
    }

    deinit {
        for buffer in [appOffsets, ruleOffsets, exclusionApp] { buffer.deallocate() }
    }

    @inline(always)
    func outcome(_ decision: Decision, file: Int) -> CoverageOutcome {
        let rule = self.rule(decision.rule, file: file)
        switch decision.kind {
        case .handled: return .handled(app: app(decision.app, file: file), rule: rule)
        case .excluded: return .excluded(app: exclusionApp[rule], rule: rule)
        case .unmatched: return .unmatched
        }
    }

    /// Global index of rule `rule` of file `file`.
    @inline(always)
    func rule(_ rule: Int32, file: Int) -> Int { ruleOffsets[file] + Int(rule) }

    /// Global index of app `app` of file `file`.
    @inline(always)
    func app(_ app: Int32, file: Int) -> Int { appOffsets[file] + Int(app) }
}
