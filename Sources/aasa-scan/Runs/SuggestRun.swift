import AASAModel
import ArgumentParser
import CLISupport
import CoverageStats
import FoundationEssentials
import LinkMatcher
import Reports
import RuleAnalysis
import ScanEngine
import TextFormat

/// The two readings of `suggest`, apart from argument parsing: mine the unmatched paths,
/// choose candidates, then measure every candidate on the same traffic.
struct SuggestRun {
    /// Every file given, as scan applies them; the rules are suggested for `targetFile`,
    /// and only the requests it decides are mined and measured.
    var associations: Associations
    var targetFile: Int
    var bytes: [UInt8]
    var document: AASADocument
    var target: SuggestionTarget
    var configuration: ScanConfiguration
    var candidateLimit: Int
    var quiet: Bool

    /// Patterns the miner keeps (it holds up to twice as many between evictions).
    static let minerCapacity = 2048

    /// What the readings found.
    struct Outcome {
        /// The first reading (its totals are the file's coverage without suggestions).
        var result: ScanResult
        var miner: ShapeMiner
        var candidates: [CandidateRule]
        var ranking: SuggestionRanking
        var elapsedSeconds: Double
    }

    func execute() throws -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        let aasaPath = associations.files[targetFile].path
        let categorizer = PathCategorizer(assetExtensions: configuration.filter.assetExtensions)
        let workerCount = max(1, configuration.workers)
        let miners = (0..<workerCount).map { _ in
            MiningObserver(
                ShapeMiner(
                    capacity: Self.minerCapacity, generaliser: target.generaliser,
                    categorizer: categorizer), file: targetFile)
        }
        let first = scan(associations, observers: miners)
        let miner = miners.dropFirst().reduce(miners[0].miner) { $0 + $1.miner }
        var existing = Set<String>()
        if case .entry(let index) = target.destination {
            // A rule that also constrains the query or fragment leaves room for one that does not.
            for rule in ResolvedRule.resolve(document)
            where rule.entryIndex == index && !rule.exclude && rule.query == .whole("*")
                && rule.fragment == "*"
            {
                existing.insert(rule.path)
            }
        }
        let candidates = CandidateSelection.select(
            miner.entries(), for: target, existing: existing, limit: candidateLimit)
        var ranking = SuggestionRanking(
            ledger: GainLedger(candidateCount: 0), candidates: [])
        if !candidates.isEmpty, first.summary.totals.lines > 0 {
            let sets: CandidateSets
            do {
                sets = try CandidateSets(
                    bytes: bytes, document: document, target: target, candidates: candidates)
            } catch {
                throw CommandFailure.error(
                    "\(TerminalText.escaped(aasaPath)): "
                        + TerminalText.escaped(error.message))
            }
            let measurers = (0..<workerCount).map { _ in
                MeasuringObserver(
                    CandidateMeasurer(sets, categorizer: categorizer), file: targetFile)
            }
            let second = scan(associationsFor(sets.base), observers: measurers)
            try checkSameTraffic(first, second)
            let ledger = measurers.dropFirst().reduce(measurers[0].measurer.ledger) {
                $0 + $1.measurer.ledger
            }
            ranking = SuggestionRanking(ledger: ledger, candidates: candidates)
        }
        let elapsed = clock.now - start
        return Outcome(
            result: first, miner: miner, candidates: candidates, ranking: ranking,
            elapsedSeconds: Double(elapsed.components.seconds)
                + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// The files given, with the target file's rules replaced by `rules`.
    private func associationsFor(_ rules: CompiledRuleSet) -> Associations {
        var replaced = Associations()
        for (index, file) in associations.files.enumerated() {
            replaced.add(
                domain: file.domain, path: file.path,
                rules: index == targetFile ? rules : file.rules)
        }
        return replaced
    }

    private func scan(_ associations: Associations, observers: [any RequestObserver]) -> ScanResult
    {
        let progress = ScanProgress()
        let display = ProgressDisplay.startIfWanted(progress, quiet: quiet)
        defer { display?.stop() }
        return LogScan.run(
            configuration, associations: associations, progress: progress, observers: observers)
    }

    /// The gains are measured on the second reading: it must be the traffic of the first
    /// (a log still being written would not be).
    private func checkSameTraffic(_ first: ScanResult, _ second: ScanResult) throws {
        for (before, after) in zip(first.inputs, second.inputs)
        where before.counts.lines != after.counts.lines
            || before.counts.requests != after.counts.requests
        {
            throw CommandFailure.error(
                "\(TerminalText.escaped(before.path)) changed between the two "
                    + "readings (\(Format.plural(before.counts.lines, "line")), then "
                    + "\(Format.count(after.counts.lines))); suggest reads its inputs twice: give "
                    + "it logs that are no longer written to")
        }
        let a = first.summary.totals
        let b = second.summary.totals
        guard first.inputs.count == second.inputs.count, a.handled == b.handled,
            a.excluded == b.excluded, a.unmatched == b.unmatched
        else {
            throw CommandFailure.error(
                "the inputs changed between the two readings; suggest reads "
                    + "its inputs twice: give it logs that are no longer written to")
        }
    }
}
