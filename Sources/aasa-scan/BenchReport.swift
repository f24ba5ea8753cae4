import CLISupport
import LinkMatcher

/// What `bench` measured, for its table and its JSON (`aasa-scan.bench/1`).
struct BenchReport {
    var aasa: String
    /// `inputs` or `generated`.
    var source: String
    var urls: Int
    var referenceURLs: Int
    var iterations: Int
    var threads: Int
    var seed: UInt64
    var compileMilliseconds: Double
    var compiledBytes: Int
    var clockOverhead: UInt64
    var automaton: BenchFigures
    var cached: BenchFigures
    var reference: BenchFigures
    var agreement: MatcherAgreement
    var cacheAgrees: Bool
    /// The text of the URL at each disagreement's index.
    var disagreementURLs: [String]

    var agree: Bool { agreement.agree && cacheAgrees }

    /// How many times faster the automaton is than the reference matcher.
    var speedup: (p50: Double, perSecond: Double) {
        (
            automaton.p50 == 0 ? 0 : Double(reference.p50) / Double(automaton.p50),
            reference.perSecond == 0 ? 0 : automaton.perSecond / reference.perSecond
        )
    }
}
