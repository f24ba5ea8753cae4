import AASAModel
import CoverageStats
import Foundation
import LinkMatcher
import LogParsing
import TestSupport
import Testing
import Workload

@testable import ScanEngine

/// `--per-app` counts, for every app, what it would open or exclude were it the only app
/// installed: the scan gets them from the walk that makes each decision, kept per cache slot
/// for the slot's tally, and must count exactly what deciding every line again per app gives.
struct PerAppScanTests {
    /// The generated 300 rules, and a last entry naming apps of the first two entries with a
    /// catch-all rule: each app's own answer then often differs from the URL's decision.
    static func associations() throws -> Associations {
        var document = try AASADocument.parse(RuleFileGenerator.json(ruleCount: 300))
        var applinks = try #require(document.applinks)
        let shared = [applinks.details[0].appIDs[0], applinks.details[1].appIDs[0]]
        applinks.details.append(
            DetailsEntry(
                ref: "details[\(applinks.details.count)]", appIDs: shared,
                components: [Component(path: "/*")]))
        document.applinks = applinks
        var associations = Associations()
        associations.add(domain: nil, path: "rules.json", rules: CompiledRuleSet(document))
        return associations
    }

    /// The summary of a `--per-app` scan of the log at `url`.
    static func scanPerApp(
        _ url: URL, _ associations: Associations, workers: Int, chunkSize: Int
    ) -> CoverageSummary {
        var configuration = ScanConfiguration()
        configuration.inputs = [url.path]
        configuration.workers = workers
        configuration.chunkSize = chunkSize
        configuration.perApp = true
        return LogScan.run(configuration, associations: associations).summary
    }

    /// Per app, what deciding each line of `log` for every app gives: opened, excluded.
    static func recount(_ log: [UInt8], _ associations: Associations) -> ([UInt64], [UInt64]) {
        let rules = associations.files[0].rules
        let scratch = rules.makeScratch()
        var eligible = [UInt64](repeating: 0, count: associations.appCount)
        var excluded = eligible
        forEachRequest(in: log) { target, weight in
            for own in rules.decidePerApp(target, scratch: scratch) {
                if own.kind == .excluded {
                    excluded[Int(own.app)] += weight
                } else {
                    eligible[Int(own.app)] += weight
                }
            }
        }
        return (eligible, excluded)
    }

    /// Calls `body` with the target and weight of each request of the combined-format `log`.
    static func forEachRequest(
        in log: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, UInt64) -> Void
    ) {
        var parser = LineParser(format: .combined)
        let parseScratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { parseScratch.deallocate() }
        log.withUnsafeBufferPointer { all in
            var start = 0
            for end in all.indices where all[end] == 0x0A {
                let line = UnsafeBufferPointer(rebasing: all[start..<end])
                start = end + 1
                guard case .ok(let request) = parser.parse(line, scratch: parseScratch) else {
                    continue
                }
                body(
                    UnsafeBufferPointer(rebasing: line[request.target]),
                    UInt64(max(request.weight, 0)))
            }
        }
    }

    /// The generated rules cut into entries of ten, for eight apps that share them; most
    /// entries end in a catch-all, some excluding, and a last entry names one app more, which
    /// has no catch-all: most apps answer as their first catch-all says, and earlier rules
    /// override that for some URLs.
    static func catchAllDocument() throws -> AASADocument {
        let document = try AASADocument.parse(RuleFileGenerator.json(ruleCount: 300))
        let rules = try #require(document.applinks?.details.first?.components)
        let apps = (0..<8).map { "T.app\($0)" }
        var details: [DetailsEntry] = []
        for start in stride(from: 0, to: rules.count, by: 10) {
            let index = details.count
            var components = Array(rules[start..<min(start + 10, rules.count)])
            if index % 4 != 3 { components.append(Component(path: "*", exclude: index % 5 == 2)) }
            details.append(
                DetailsEntry(
                    ref: "details[\(index)]",
                    appIDs: [apps[index % 8], apps[(index * 3 + 1) % 8]], components: components))
        }
        details.append(
            DetailsEntry(
                ref: "details[\(details.count)]", appIDs: [apps[7], "T.alone"],
                paths: ["NOT /p*", "/s*"]))
        return AASADocument(applinks: AppLinks(details: details))
    }

    static func catchAllAssociations() throws -> Associations {
        var associations = Associations()
        associations.add(
            domain: nil, path: "rules.json", rules: CompiledRuleSet(try catchAllDocument()))
        return associations
    }

    /// Per app, what the reference matcher decides for each line of `log` (each distinct
    /// target once): opened, excluded; and how many requests have a target too long for the
    /// decision cache.
    static func referenceCount(_ log: [UInt8], _ document: AASADocument, apps: [String])
        -> (eligible: [UInt64], excluded: [UInt64], longTargets: Int)
    {
        let reference = ReferenceMatcher(document)
        let appIndex = Dictionary(uniqueKeysWithValues: apps.enumerated().map { ($1, $0) })
        var known: [String: [(app: Int, excluded: Bool)]] = [:]
        var eligible = [UInt64](repeating: 0, count: apps.count)
        var excluded = eligible
        var longTargets = 0
        forEachRequest(in: log) { bytes, weight in
            if bytes.count > DecisionCache.keyLimit { longTargets += 1 }
            let target = String(decoding: bytes, as: UTF8.self)
            let answers =
                known[target]
                ?? reference.decidePerApp(target).compactMap { own in
                    appIndex[own.appID].map { ($0, own.kind == .excluded) }
                }
            known[target] = answers
            for (app, isExcluded) in answers {
                if isExcluded { excluded[app] += weight } else { eligible[app] += weight }
            }
        }
        return (eligible, excluded, longTargets)
    }

    /// On a file of catch-all entries, the scan counts for each app what the reference
    /// matcher decides for it, line by line, with one worker and with two.
    @Test func catchAllFilesCountEveryAppsOwnAnswer() throws {
        let folder = try TemporaryFolder()
        // Short enough for the reference matcher, which tries every rule for every app.
        let url = try LogScanTests.writeLog(in: folder, lines: 2_000)
        let associations = try Self.catchAllAssociations()
        #expect(associations.files[0].rules.defaultAppDecisions.count == 8)
        let reference = Self.referenceCount(
            Array(try Data(contentsOf: url)), try Self.catchAllDocument(),
            apps: associations.files[0].rules.apps)
        // Apps answer apart from the URL's decision, both ways; and some targets are too
        // long for the decision cache, so their answers are counted as they are decided.
        #expect(reference.excluded.filter { $0 > 0 }.count >= 2)
        #expect(reference.longTargets > 0)
        for workers in [1, 2] {
            let summary = Self.scanPerApp(
                url, associations, workers: workers, chunkSize: 16 << 10)
            #expect(summary.eligibility == .counted)
            #expect(summary.appEligible == reference.eligible)
            #expect(summary.appEligibleExcluded == reference.excluded)
            #expect(zip(reference.eligible, summary.appHandled).contains { $0 > $1 })
        }
    }

    /// The same file on the long log, whose targets outnumber the cache's slots: answers
    /// interned by what differs from the defaults survive their slots' evictions. Checked
    /// against the compiled per-app decisions line by line (the test above ties those to the
    /// reference matcher).
    @Test func catchAllFilesCountEveryAppsOwnAnswerThroughEvictions() throws {
        let folder = try TemporaryFolder()
        let url = try LogScanTests.writeLog(in: folder)
        let associations = try Self.catchAllAssociations()
        let summary = Self.scanPerApp(
            url, associations, workers: 2, chunkSize: 64 << 10)
        let (eligible, excluded) = Self.recount(Array(try Data(contentsOf: url)), associations)
        #expect(summary.eligibility == .counted)
        #expect(summary.appEligible == eligible)
        #expect(summary.appEligibleExcluded == excluded)
    }

    /// A file of one entry gives every app its decision; an entry may name an app twice, and
    /// the app still counts each request once.
    @Test func anAppNamedTwiceInTheOneEntryCountsEachRequestOnce() throws {
        let generated = try AASADocument.parse(RuleFileGenerator.json(ruleCount: 300))
        let details = try #require(generated.applinks?.details)
        let components = details.flatMap { $0.components ?? [] }
        #expect(!components.isEmpty)
        let entry = DetailsEntry(
            ref: "details[0]", appIDs: ["T.one", "T.two", "T.one"], components: components)
        var associations = Associations()
        associations.add(
            domain: nil, path: "rules.json",
            rules: CompiledRuleSet(AASADocument(applinks: AppLinks(details: [entry]))))
        let folder = try TemporaryFolder()
        let url = try LogScanTests.writeLog(in: folder, lines: 20_000)
        let summary = Self.scanPerApp(url, associations, workers: 2, chunkSize: 16 << 10)
        let (eligible, excluded) = Self.recount(Array(try Data(contentsOf: url)), associations)
        #expect(associations.files[0].rules.apps == ["T.one", "T.two"])
        #expect(summary.appEligible == eligible)
        #expect(summary.appEligibleExcluded == excluded)
        // Both apps answer every request as the file decides it: as often as the one the
        // report names for its decision.
        let handled = summary.appHandled.reduce(0, +)
        #expect(handled > 0)
        #expect(summary.appEligible == [handled, handled])
        let excludedRequests = summary.appExcluded.reduce(0, +)
        #expect(summary.appEligibleExcluded == [excludedRequests, excludedRequests])
    }

    @Test(arguments: [1, 2])
    func eligibilityEqualsEveryLineDecidedAgainPerApp(workers: Int) throws {
        let folder = try TemporaryFolder()
        let url = try LogScanTests.writeLog(in: folder)
        let associations = try Self.associations()
        let summary = Self.scanPerApp(
            url, associations, workers: workers, chunkSize: 64 << 10)
        let (eligible, excluded) = Self.recount(Array(try Data(contentsOf: url)), associations)
        #expect(summary.eligibility == .counted)
        #expect(summary.appEligible == eligible)
        #expect(summary.appEligibleExcluded == excluded)
        // The shared entry makes the apps' own answers differ from the URL's decision.
        #expect(zip(eligible, summary.appHandled).contains { $0 > $1 })
        #expect(excluded.contains { $0 > 0 })
    }
}

/// The table of each app's answers that the decision cache's slots point into.
struct AppVectorsTests {
    func decisions(_ pairs: [(Int32, Decision.Kind)]) -> [AppDecision] {
        pairs.map { AppDecision(app: $0.0, kind: $0.1, rule: 0) }
    }

    @Test func equalAnswersShareOneIndexAndEveryIndexKeepsItsAnswers() throws {
        let outcomes = GlobalOutcomes(try PerAppScanTests.associations())
        let none = FileAppDefaults(appCount: 4_000)
        var vectors = AppVectors()
        var indices: [Int32] = []
        // More than the table's first size, so that it grows while answers are added.
        for app in 0..<3_000 {
            let answers = decisions([(Int32(app), .handled), (Int32(app + 1), .excluded)])
            let first = answers.withUnsafeBufferPointer {
                vectors.intern($0, file: 0, defaults: none, outcomes: outcomes)
            }
            let again = answers.withUnsafeBufferPointer {
                vectors.intern($0, file: 0, defaults: none, outcomes: outcomes)
            }
            #expect(first != nil && first == again)
            indices.append(first ?? -1)
        }
        #expect(Set(indices).count == 3_000)
        for (app, index) in indices.enumerated() {
            let entries = vectors.entries(of: index, defaults: none, outcomes: outcomes)
            #expect(
                entries == [
                    AppVectors.Entry(app: Int32(app), excluded: false),
                    AppVectors.Entry(app: Int32(app + 1), excluded: true),
                ])
        }
    }

    @Test func weightsAreSpreadOverTheAppsOfTheirAnswerOnce() throws {
        let outcomes = GlobalOutcomes(try PerAppScanTests.associations())
        let none = FileAppDefaults(appCount: 4_000)
        var vectors = AppVectors()
        let both = decisions([(0, .handled), (1, .excluded)])
        let one = decisions([(1, .handled)])
        let first = both.withUnsafeBufferPointer {
            vectors.intern($0, file: 0, defaults: none, outcomes: outcomes)
        }
        let second = one.withUnsafeBufferPointer {
            vectors.intern($0, file: 0, defaults: none, outcomes: outcomes)
        }
        let (a, b) = try (#require(first), #require(second))
        vectors.add(3, to: a)
        vectors.add(4, to: b)
        vectors.add(5, to: a)
        var spread: [String] = []
        vectors.spread(defaults: [none], outcomes: outcomes) { spread.append("\($0) \($1) \($2)") }
        #expect(spread.sorted() == ["0 false 8", "1 false 4", "1 true 8"])
        vectors.spread(defaults: [none], outcomes: outcomes) { _, _, _ in
            Issue.record("spread twice")
        }
    }

    /// With defaults, an answer is found by the apps that answer otherwise: overrides that
    /// say what the default says change nothing, and every vector holds every app's answer.
    @Test func answersAreFoundByWhatDiffersFromTheDefaults() throws {
        let associations = try PerAppScanTests.catchAllAssociations()
        let rules = associations.files[0].rules
        let outcomes = GlobalOutcomes(associations)
        let defaults = FileAppDefaults(rules)
        var vectors = AppVectors()
        let first = try #require(rules.defaultAppDecisions.first)
        let plain = decisions([]).withUnsafeBufferPointer {
            vectors.intern($0, file: 0, defaults: defaults, outcomes: outcomes)
        }
        let same = decisions([(first.app, first.kind)]).withUnsafeBufferPointer {
            vectors.intern($0, file: 0, defaults: defaults, outcomes: outcomes)
        }
        let otherKind: Decision.Kind = first.kind == .handled ? .excluded : .handled
        let other = decisions([(first.app, otherKind)]).withUnsafeBufferPointer {
            vectors.intern($0, file: 0, defaults: defaults, outcomes: outcomes)
        }
        let alone = Int32(try #require(rules.apps.firstIndex(of: "T.alone")))
        let added = decisions([(alone, .excluded)]).withUnsafeBufferPointer {
            vectors.intern($0, file: 0, defaults: defaults, outcomes: outcomes)
        }
        let (a, b, c) = (try #require(plain), try #require(other), try #require(added))
        #expect(same == a && Set([a, b, c]).count == 3)
        func answers(_ index: Int32) -> [String] {
            vectors.entries(of: index, defaults: defaults, outcomes: outcomes).map {
                "\(rules.apps[Int($0.app)]) \($0.excluded)"
            }
        }
        let byDefault = rules.defaultAppDecisions.map {
            "\(rules.apps[Int($0.app)]) \($0.kind == .excluded)"
        }
        #expect(answers(a) == byDefault)
        var changed = byDefault
        changed[0] = "\(rules.apps[Int(first.app)]) \(otherKind == .excluded)"
        #expect(answers(b) == changed)
        #expect(answers(c) == byDefault + ["T.alone true"])
        // Overrides come in the walk's order, not the apps': the answers are in the apps'.
        let both = decisions([(alone, .excluded), (first.app, otherKind)])
            .withUnsafeBufferPointer {
                vectors.intern($0, file: 0, defaults: defaults, outcomes: outcomes)
            }
        #expect(answers(try #require(both)) == changed + ["T.alone true"])
        // Spread, each vector's weight goes to each of its answers: the defaults once per
        // file, corrected by the overrides, as if each vector held every app's answer.
        let weighted = [(a, 3), (b, 4), (c, 5), (try #require(both), 6)] as [(Int32, UInt64)]
        var expected: [String: UInt64] = [:]
        for (index, weight) in weighted {
            vectors.add(weight, to: index)
            for entry in vectors.entries(of: index, defaults: defaults, outcomes: outcomes) {
                expected["\(entry.app) \(entry.excluded)", default: 0] += weight
            }
        }
        var spread: [String: UInt64] = [:]
        vectors.spread(defaults: [defaults], outcomes: outcomes) { app, excluded, weight in
            spread["\(app) \(excluded)", default: 0] += weight
        }
        #expect(spread == expected)
    }

    @Test func aFullTableSaysSo() throws {
        let outcomes = GlobalOutcomes(try PerAppScanTests.associations())
        let none = FileAppDefaults(appCount: 4_000)
        var vectors = AppVectors(limit: 4)
        let added = (0..<6).map { app in
            decisions([(Int32(app), .handled)]).withUnsafeBufferPointer {
                vectors.intern($0, file: 0, defaults: none, outcomes: outcomes)
            }
        }
        #expect(added.map { $0 != nil } == [true, true, true, true, false, false])
        // What is in stays found.
        let known = decisions([(2, .handled)]).withUnsafeBufferPointer {
            vectors.intern($0, file: 0, defaults: none, outcomes: outcomes)
        }
        #expect(known == added[2])
    }
}
