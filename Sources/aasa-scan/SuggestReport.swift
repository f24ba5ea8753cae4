import ASCIIBytes
import CLISupport
import CoverageStats
import RuleAnalysis
import ScanEngine

/// What `suggest` reports, computed once so that the table, JSON and CSV forms agree.
struct SuggestReport {
    /// One suggestion with the coverage it leads to.
    struct Row {
        var rank: Int
        var suggestion: Suggestion
        /// Handled requests once this suggestion and every one ranked before it are added.
        var handledAfter: UInt64
    }

    /// What `--apply` wrote.
    struct Applied {
        var count: Int
        var output: String
        var gain: UInt64
        var handledAfter: UInt64
    }

    var aasaPath: String
    var target: SuggestionTarget
    var result: ScanResult
    var miner: ShapeMiner
    var candidatesMeasured: Int
    /// Every measured candidate with what it would open alone.
    var measured: [(candidate: CandidateRule, gainAlone: UInt64)]
    var rows: [Row]
    var rejected: [RejectedCandidate]
    var applied: Applied?
    var elapsedSeconds: Double
    /// What may mislead in the suggestions (another site's traffic mined).
    var warnings: [ReportWarning] = []

    var totals: CoverageTotals { result.summary.totals }
    var classified: UInt64 { totals.requests &- totals.filtered.total }

    init(aasaPath: String, target: SuggestionTarget, outcome: SuggestRun.Outcome) {
        self.aasaPath = aasaPath
        self.target = target
        result = outcome.result
        miner = outcome.miner
        candidatesMeasured = outcome.candidates.count
        measured = outcome.candidates.enumerated().map { index, candidate in
            let alone = outcome.ranking.gainsAlone
            return (candidate, index < alone.count ? alone[index] : 0)
        }
        var handled = outcome.result.summary.totals.handled
        rows = outcome.ranking.suggestions.enumerated().map { offset, suggestion in
            handled.addSaturating(suggestion.gain)
            return Row(rank: offset + 1, suggestion: suggestion, handledAfter: handled)
        }
        rejected = outcome.ranking.rejected
        elapsedSeconds = outcome.elapsedSeconds
    }

    /// A share of the classified requests, in percent.
    func percent(_ count: UInt64) -> Double {
        classified == 0 ? 0 : Double(count) * 100 / Double(classified)
    }

    /// Where the rules go: `at the end of details[0]`, or `in a new details entry`.
    var placeName: String {
        (target.entryRef.map { "at the end of \($0)" } ?? "in a new details entry")
            + (target.usesPaths ? " (paths)" : " (components)")
    }

    /// The rule's text as written into the file.
    static func ruleText(_ candidate: CandidateRule) -> String { candidate.rule.jsonText }

    static func reasonName(_ reason: RejectedCandidate.Reason) -> (String, UInt64) {
        switch reason {
        case .opensExcluded(let count): ("opens_excluded", count)
        case .dropsFragmentConstraint(let count): ("drops_fragment_constraint", count)
        case .changesDecisions(let count): ("changes_decisions", count)
        case .notMeasured: ("not_measured", 0)
        }
    }
}
