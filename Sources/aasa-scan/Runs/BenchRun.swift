import CLISupport
import Dispatch
import LinkMatcher
import Reports
import ScanEngine
import Synchronized

/// The measurements of `bench`, apart from argument parsing: each way of deciding is warmed
/// up once over its URLs, then timed decision by decision for `iterations` rounds; throughput
/// is timed apart, without the per-decision clock, on one thread and on `threads`.
struct BenchRun {
    var rules: CompiledRuleSet
    var reference: ReferenceMatcher
    var urls: BenchURLs
    /// How many of the URLs, from the first, the reference matcher decides.
    var referenceCount: Int
    var iterations: Int
    var threads: Int

    func automaton() -> BenchFigures {
        measure(count: urls.count) {
            let scratch = rules.makeScratch()
            return { index in
                urls.bytes.withUnsafeBufferPointer { all in
                    let decision = rules.decide(
                        UnsafeBufferPointer(rebasing: all[urls.range(index)]), scratch: scratch)
                    return Int(decision.kind.rawValue)
                }
            }
        }
    }

    func cachedAutomaton() -> BenchFigures {
        measure(count: urls.count) {
            let decider = CachedDecider(rules)
            return { index in
                urls.bytes.withUnsafeBufferPointer { all in
                    Int(
                        decider.decide(UnsafeBufferPointer(rebasing: all[urls.range(index)])).kind
                            .rawValue)
                }
            }
        }
    }

    /// The reference matcher takes a millisecond a URL: one timed round, no warm-up (the
    /// agreement check has decided every URL once already).
    func referenceMatcher(_ texts: [String]) -> BenchFigures {
        measure(count: texts.count, rounds: 1, warmUp: false) {
            { index in Int(reference.decide(texts[index]).kind.rawValue) }
        }
    }

    /// Compares the automaton's decisions with the reference matcher's on its URLs, and the
    /// cached decisions with the automaton's on every URL.
    func agreement(_ texts: [String]) -> (matchers: MatcherAgreement, cacheAgrees: Bool) {
        let named = try? AppLinkRules(compiled: rules)
        var agreement = MatcherAgreement()
        let scratch = rules.makeScratch()
        let decider = CachedDecider(rules)
        var cacheAgrees = true
        urls.bytes.withUnsafeBufferPointer { all in
            for index in 0..<urls.count {
                let url = UnsafeBufferPointer(rebasing: all[urls.range(index)])
                let decision = rules.decide(url, scratch: scratch)
                if decider.decide(url) != decision { cacheAgrees = false }
                if index < texts.count, let named {
                    agreement.compare(
                        index: index, automaton: named.named(decision),
                        reference: reference.decide(texts[index]))
                }
            }
        }
        return (agreement, cacheAgrees)
    }

    /// `makeDecider` gives each thread its own decider (scratch, cache); a decider returns
    /// something of its decision so that the work cannot be left out.
    private func measure(
        count: Int, rounds: Int? = nil, warmUp: Bool = true, _ makeDecider: () -> (Int) -> Int
    ) -> BenchFigures {
        let iterations = rounds ?? iterations
        var figures = BenchFigures()
        guard count > 0 else { return figures }
        let decide = makeDecider()
        var sink = 0
        if warmUp {
            for index in 0..<count { sink &+= decide(index) }
        }
        var latencies = [UInt64](repeating: 0, count: count * iterations)
        var slot = 0
        for _ in 0..<iterations {
            for index in 0..<count {
                let start = BenchClock.nanoseconds()
                sink &+= decide(index)
                latencies[slot] = BenchClock.nanoseconds() &- start
                slot += 1
            }
        }
        figures.setLatencies(&latencies)
        figures.perSecond = Self.perSecond(count * iterations) {
            for _ in 0..<iterations {
                for index in 0..<count { sink &+= decide(index) }
            }
        }
        let deciders = Locked((0..<threads).map { _ in makeDecider() })
        let sinks = Locked(0)
        figures.perSecondThreads = Self.perSecond(count * iterations * threads) {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                let decide = deciders.withLock { $0[thread] }
                var local = 0
                for _ in 0..<iterations {
                    for index in 0..<count { local &+= decide(index) }
                }
                sinks.withLock { $0 &+= local }
            }
        }
        BenchRun.keep(sink &+ sinks.withLock { $0 })
        return figures
    }

    private static func perSecond(_ decisions: Int, _ body: () -> Void) -> Double {
        let start = BenchClock.nanoseconds()
        body()
        let elapsed = BenchClock.nanoseconds() &- start
        return elapsed == 0 ? 0 : Double(decisions) * 1e9 / Double(elapsed)
    }

    /// Keeps a value alive so the decisions that made it are not optimised away.
    @inline(never)
    static func keep(_ value: Int) {
        if value == .min { print("", terminator: "") }
    }
}
