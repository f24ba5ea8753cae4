import AASAModel
import LinkMatcher
import Workload

/// What the matcher benchmarks share: 10,000 request targets of the standard workload, laid
/// out in one buffer as a scan engine would hold them, and the generated rule files of every
/// profile.
enum MatcherFixture {
    static let urlCount = 10_000

    /// The targets back to back, and where each lies.
    static let (urlBytes, urlRanges): ([UInt8], [Range<Int>]) = {
        var generator = AccessLogGenerator(seed: AccessLogGenerator.standardSeed)
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for target in generator.requestTargets(urlCount) {
            ranges.append(bytes.count..<(bytes.count + target.count))
            bytes += target
        }
        return (bytes, ranges)
    }()

    /// The same targets as strings, for `ReferenceMatcher`.
    static let urlStrings: [String] = urlRanges.map {
        String(decoding: urlBytes[$0], as: UTF8.self)
    }

    static func document(rules: Int, profile: RuleProfile) -> AASADocument {
        do {
            return try AASADocument.parse(
                RuleFileGenerator.json(ruleCount: rules, profile: profile))
        } catch {
            fatalError("the generated \(rules)-rule \(profile) file does not parse: \(error)")
        }
    }
}

/// A compiled set with its own scratch, kept across iterations so that lookups run in the
/// steady state that a scan worker reaches after its first few lines.
final class AutomatonRunner {
    let set: CompiledRuleSet
    let scratch: MatchScratch
    let urlBytes: [UInt8]
    let urlRanges: [Range<Int>]
    /// Decisions per kind of the last pass, so the work cannot be optimised away.
    var counts = [0, 0, 0]

    convenience init(rules: Int, profile: RuleProfile) {
        self.init(
            MatcherFixture.document(rules: rules, profile: profile),
            urls: (MatcherFixture.urlBytes, MatcherFixture.urlRanges))
    }

    /// `globCacheBudget` sets the scratch's DFA cache budget (the default when nil).
    init(
        _ document: AASADocument, urls: (bytes: [UInt8], ranges: [Range<Int>]),
        globCacheBudget: Int? = nil
    ) {
        set = CompiledRuleSet(document)
        scratch = globCacheBudget.map { MatchScratch(globCacheBudget: $0) } ?? set.makeScratch()
        (urlBytes, urlRanges) = urls
    }

    /// Decides every URL once; allocates nothing itself, so mallocs are the matcher's. With
    /// `fresh`, a new scratch (an empty DFA cache) serves this pass.
    func pass(fresh: Bool = false) {
        let scratch = fresh ? set.makeScratch() : scratch
        for kind in counts.indices { counts[kind] = 0 }
        urlBytes.withUnsafeBufferPointer { all in
            for range in urlRanges {
                let decision = set.decide(
                    UnsafeBufferPointer(rebasing: all[range]), scratch: scratch)
                counts[Int(decision.kind.rawValue)] += 1
            }
        }
    }
}
