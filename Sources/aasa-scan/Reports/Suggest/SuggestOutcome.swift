import RuleAnalysis
import ScanEngine

/// What suggest's two readings of the inputs found: the model its report is made of.
package struct SuggestOutcome {
    /// The first reading (its totals are the file's coverage without suggestions).
    package var result: ScanResult
    package var miner: ShapeMiner
    package var candidates: [CandidateRule]
    package var ranking: SuggestionRanking
    package var elapsedSeconds: Double

    package init(
        result: ScanResult, miner: ShapeMiner, candidates: [CandidateRule],
        ranking: SuggestionRanking, elapsedSeconds: Double
    ) {
        self.result = result
        self.miner = miner
        self.candidates = candidates
        self.ranking = ranking
        self.elapsedSeconds = elapsedSeconds
    }
}
