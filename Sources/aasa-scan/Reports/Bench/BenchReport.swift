import CLISupport
import LinkMatcher

/// What `bench` measured, for its table and its JSON (`aasa-scan.bench/1`).
package struct BenchReport {
    package var aasa: String
    /// `inputs` or `generated`.
    package var source: String
    package var urls: Int
    package var referenceURLs: Int
    package var iterations: Int
    package var threads: Int
    package var seed: UInt64
    package var compileMilliseconds: Double
    package var compiledBytes: Int
    package var clockOverhead: UInt64
    package var automaton: BenchFigures
    package var cached: BenchFigures
    package var reference: BenchFigures
    package var agreement: MatcherAgreement
    package var cacheAgrees: Bool
    /// The text of the URL at each disagreement's index.
    package var disagreementURLs: [String]

    package init(
        aasa: String, source: String, urls: Int, referenceURLs: Int, iterations: Int, threads: Int,
        seed: UInt64, compileMilliseconds: Double, compiledBytes: Int, clockOverhead: UInt64,
        automaton: BenchFigures, cached: BenchFigures, reference: BenchFigures,
        agreement: MatcherAgreement, cacheAgrees: Bool, disagreementURLs: [String]
    ) {
        self.aasa = aasa
        self.source = source
        self.urls = urls
        self.referenceURLs = referenceURLs
        self.iterations = iterations
        self.threads = threads
        self.seed = seed
        self.compileMilliseconds = compileMilliseconds
        self.compiledBytes = compiledBytes
        self.clockOverhead = clockOverhead
        self.automaton = automaton
        self.cached = cached
        self.reference = reference
        self.agreement = agreement
        self.cacheAgrees = cacheAgrees
        self.disagreementURLs = disagreementURLs
    }

    package var agree: Bool { agreement.agree && cacheAgrees }

    /// How many times faster the automaton is than the reference matcher.
    package var speedup: (p50: Double, perSecond: Double) {
        (
            automaton.p50 == 0 ? 0 : Double(reference.p50) / Double(automaton.p50),
            reference.perSecond == 0 ? 0 : automaton.perSecond / reference.perSecond
        )
    }
}
