import AASAModel
import LinkMatcher
import Testing
import Workload

struct RuleFileCase: Sendable, CustomTestStringConvertible {
    var count: Int
    var form: RuleFileForm
    var profile: RuleProfile = .standard

    var testDescription: String {
        RuleFileGenerator.fileName(ruleCount: count, form: form, profile: profile)
    }

    /// Every file `generate` writes, both profiles.
    static let all = RuleFileGenerator.standardFiles.map {
        RuleFileCase(count: $0.ruleCount, form: $0.form, profile: $0.profile)
    }

    func document() throws -> AASADocument {
        try AASADocument.parse(
            RuleFileGenerator.json(ruleCount: count, form: form, profile: profile))
    }
}

@Suite("Generated AASA files")
struct RuleFileTests {
    @Test("parses without errors and has the promised rule count", arguments: RuleFileCase.all)
    func parses(file: RuleFileCase) throws {
        let document = try file.document()
        #expect(document.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(ResolvedRule.resolve(document).count == file.count)
        let details = try #require(document.applinks?.details)
        // The shop, news (and, glob-heavy, community) entries, then the legacy app's.
        #expect(details.count == (file.profile == .standard ? 3 : 4))
        if file.form == .paths {
            #expect(details.allSatisfy { $0.components == nil })
        } else {
            #expect(details.filter { $0.components != nil }.count == details.count - 1)
        }
    }

    @Test("file names carry the profile")
    func fileNames() {
        let names = RuleFileGenerator.standardFiles.map {
            RuleFileGenerator.fileName(ruleCount: $0.ruleCount, form: $0.form, profile: $0.profile)
        }
        #expect(
            names == [
                "rules-20.json", "rules-300.json", "rules-5000.json", "rules-300-paths.json",
                "rules-glob-20.json", "rules-glob-300.json", "rules-glob-5000.json",
                "rules-glob-300-paths.json",
            ])
    }

    /// The decision of each request target of 10,000 generated lines.
    private func shares(_ file: RuleFileCase) throws -> [Decision.Kind: Double] {
        let set = CompiledRuleSet(try file.document())
        let scratch = set.makeScratch()
        var generator = AccessLogGenerator(seed: 99)
        var counts: [Decision.Kind: Int] = [:]
        let targets = generator.requestTargets(10_000)
        for target in targets {
            let decision = target.withUnsafeBufferPointer { set.decide($0, scratch: scratch) }
            counts[decision.kind, default: 0] += 1
        }
        return counts.mapValues { Double($0) / Double(targets.count) }
    }

    @Test(
        "rules really decide the traffic: handled, excluded and unmatched are each sizeable",
        arguments: RuleFileCase.all)
    func decidesTraffic(file: RuleFileCase) throws {
        let shares = try shares(file)
        for kind in Decision.Kind.allCases {
            #expect((shares[kind] ?? 0) > 0.05, "\(kind.name): \(shares[kind] ?? 0)")
        }
    }

    @Test("the specific rules of the large file decide a real part of the traffic")
    func specificRulesHit() throws {
        let set = CompiledRuleSet(try RuleFileCase(count: 5_000, form: .components).document())
        // Generic rules are the 3 first and the 11 last of the shop entry (0), and the first
        // and the 3 last of the news entry (1); the rest of those entries are specific.
        var positions: [Int] = []
        var sizes: [Int: Int] = [:]
        for rule in set.rules {
            positions.append(sizes[rule.entryIndex, default: 0])
            sizes[rule.entryIndex, default: 0] += 1
        }
        func isSpecific(_ index: Int) -> Bool {
            let rule = set.rules[index]
            let size = sizes[rule.entryIndex, default: 0]
            switch rule.entryIndex {
            case 0: return (3..<(size - 11)).contains(positions[index])
            case 1: return (1..<(size - 3)).contains(positions[index])
            default: return false
            }
        }
        let scratch = set.makeScratch()
        var generator = AccessLogGenerator(seed: 99)
        var decidedBySpecific = 0
        var specificRulesHit = Set<Int32>()
        for target in generator.requestTargets(10_000) {
            let decision = target.withUnsafeBufferPointer { set.decide($0, scratch: scratch) }
            guard decision.rule >= 0, isSpecific(Int(decision.rule)) else { continue }
            decidedBySpecific += 1
            specificRulesHit.insert(decision.rule)
        }
        #expect(decidedBySpecific > 1_000)
        #expect(specificRulesHit.count > 500)
    }
}
