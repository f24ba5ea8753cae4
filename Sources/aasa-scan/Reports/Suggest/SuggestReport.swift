import ASCIIBytes
import CLISupport
import CoverageStats
import RuleAnalysis
import ScanEngine

/// What `suggest` reports, computed once so that the table, JSON and CSV forms agree.
package struct SuggestReport {
    /// One suggestion with the coverage it leads to.
    package struct Row {
        package var rank: Int
        package var suggestion: Suggestion
        /// Handled requests once this suggestion and every one ranked before it are added.
        package var handledAfter: UInt64
    }

    /// What `--apply` wrote.
    package struct Applied {
        package var count: Int
        package var output: String
        package var gain: UInt64
        package var handledAfter: UInt64

        package init(count: Int, output: String, gain: UInt64, handledAfter: UInt64) {
            self.count = count
            self.output = output
            self.gain = gain
            self.handledAfter = handledAfter
        }
    }

    package var aasaPath: String
    package var target: SuggestionTarget
    package var result: ScanResult
    package var miner: ShapeMiner
    package var candidatesMeasured: Int
    /// Every measured candidate with what it would open alone.
    package var measured: [(candidate: CandidateRule, gainAlone: UInt64)]
    package var rows: [Row]
    package var rejected: [RejectedCandidate]
    package var applied: Applied?
    package var elapsedSeconds: Double
    /// What may mislead in the suggestions (another site's traffic mined).
    package var warnings: [ReportWarning] = []

    package var totals: CoverageTotals { result.summary.totals }
    package var classified: UInt64 { totals.requests &- totals.filtered.total }

    /// The report of what suggest's two readings found: the first reading's `result`, the
    /// patterns mined, the candidates measured and their ranking.
    package init(
        aasaPath: String, target: SuggestionTarget, result: ScanResult, miner: ShapeMiner,
        candidates: [CandidateRule], ranking: SuggestionRanking, elapsedSeconds: Double
    ) {
        self.aasaPath = aasaPath
        self.target = target
        self.result = result
        self.miner = miner
        candidatesMeasured = candidates.count
        measured = candidates.enumerated().map { index, candidate in
            let alone = ranking.gainsAlone
            return (candidate, index < alone.count ? alone[index] : 0)
        }
        var handled = result.summary.totals.handled
        rows = ranking.suggestions.enumerated().map { offset, suggestion in
            handled.addSaturating(suggestion.gain)
            return Row(rank: offset + 1, suggestion: suggestion, handledAfter: handled)
        }
        rejected = ranking.rejected
        self.elapsedSeconds = elapsedSeconds
    }

    /// A share of the classified requests, in percent.
    package func percent(_ count: UInt64) -> Double {
        classified == 0 ? 0 : Double(count) * 100 / Double(classified)
    }

    /// Where the rules go: `at the end of details[0]`, or `in a new details entry`.
    package var placeName: String {
        (target.entryRef.map { "at the end of \($0)" } ?? "in a new details entry")
            + (target.usesPaths ? " (paths)" : " (components)")
    }

    /// The rule's text as written into the file.
    package static func ruleText(_ candidate: CandidateRule) -> String { candidate.rule.jsonText }

    package static func reasonName(_ reason: RejectedCandidate.Reason) -> (String, UInt64) {
        switch reason {
        case .opensExcluded(let count): ("opens_excluded", count)
        case .dropsFragmentConstraint(let count): ("drops_fragment_constraint", count)
        case .changesDecisions(let count): ("changes_decisions", count)
        case .notMeasured: ("not_measured", 0)
        }
    }
}
