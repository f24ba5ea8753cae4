import AASAModel
import CoverageStats
import Foundation
import LinkMatcher
import LogParsing
import TestSupport
import Testing
import Workload

@testable import ScanEngine

/// The scan pipeline against a plain line-by-line recount that uses neither the decision
/// cache nor its tallies: every exact figure must be the same.
struct LogScanTests {
    static let lineCount = 120_000

    /// A generated combined log with more distinct targets than the cache has slots, so
    /// targets are evicted with their tallies many times over.
    static func writeLog(in folder: TemporaryFolder, lines: Int = lineCount) throws -> URL {
        var generator = AccessLogGenerator(seed: 99)
        var bytes: [UInt8] = []
        generator.appendLines(lines, to: &bytes)
        return URL(fileURLWithPath: try folder.write("access.log", bytes))
    }

    /// What the scan must count, one line at a time straight through the automaton; and the
    /// exact request count of every unmatched path.
    static func recount(_ log: [UInt8], _ associations: Associations)
        -> (CoverageSummary, unmatched: [[UInt8]: UInt64])
    {
        let file = associations.files[0]
        var summary = CoverageSummary(
            shape: CoverageShape(
                appCount: associations.appCount, ruleCount: associations.ruleCount))
        let scratch = file.rules.makeScratch()
        var parser = LineParser(format: .combined)
        let parseScratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { parseScratch.deallocate() }
        var unmatched: [[UInt8]: UInt64] = [:]
        log.withUnsafeBufferPointer { all in
            var start = 0
            for end in all.indices where all[end] == 0x0A {
                let line = UnsafeBufferPointer(rebasing: all[start..<end])
                start = end + 1
                guard case .ok(let request) = parser.parse(line, scratch: parseScratch) else {
                    summary.recordSkipped()  // counts the line; the kind is not compared here
                    continue
                }
                let target = UnsafeBufferPointer(rebasing: line[request.target])
                let parts = URLParts.split(target)
                let decision = file.rules.decide(parts, in: target, scratch: scratch)
                let outcome: CoverageOutcome
                switch decision.kind {
                case .handled:
                    outcome = .handled(app: Int(decision.app), rule: Int(decision.rule))
                case .excluded:
                    let entry = file.rules.rules[Int(decision.rule)].entryIndex
                    outcome = .excluded(app: file.entryFirstApp[entry], rule: Int(decision.rule))
                case .unmatched:
                    outcome = .unmatched
                    unmatched[Array(target[parts.path]), default: 0] += 1
                }
                summary.record(
                    outcome, host: UnsafeRawBufferPointer(start: nil, count: 0),
                    path: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: target[parts.path])),
                    weight: UInt64(max(request.weight, 0)))
            }
        }
        return (summary, unmatched)
    }

    /// Which of the generated 300 rules a test scans with: as generated (a whole-query
    /// pattern among them); without the whole-query pattern, so that the set reads of the
    /// query only named items and the scan remembers its decisions by path for the targets
    /// without them; or without any rule that has a query or a fragment, so that the set
    /// decides by the path alone.
    enum RuleVariant: CaseIterable {
        case asGenerated, namedItemsOnly, queryFree
    }

    static func rules(_ variant: RuleVariant) throws -> CompiledRuleSet {
        var document = try AASADocument.parse(RuleFileGenerator.json(ruleCount: 300))
        if variant != .asGenerated, var applinks = document.applinks {
            for index in applinks.details.indices {
                applinks.details[index].components?.removeAll {
                    guard variant == .namedItemsOnly else {
                        return $0.query != nil || $0.fragment != nil
                    }
                    if case .whole = $0.query { return true }
                    return false
                }
            }
            document.applinks = applinks
        }
        let rules = CompiledRuleSet(document)
        #expect(rules.decidesByPathAlone == (variant == .queryFree))
        #expect(rules.decidesByPathUnlessItemsNamed == (variant == .namedItemsOnly))
        return rules
    }

    /// With a set that decides by the path alone, or reads only named query items, the
    /// targets that differ only in their query (most of the log's tracking parameters) share
    /// their path's slot; those with the items (`?no_universal_links=1`, `?q=`) do not.
    @Test(arguments: [1, 2], RuleVariant.allCases)
    func cacheAndTalliesChangeNoExactCount(workers: Int, variant: RuleVariant) throws {
        let temporary = try TemporaryFolder()
        let url = try Self.writeLog(in: temporary)
        var associations = Associations()
        associations.add(domain: nil, path: "rules-300.json", rules: try Self.rules(variant))
        var configuration = ScanConfiguration()
        configuration.inputs = [url.path]
        configuration.workers = workers
        configuration.chunkSize = 64 << 10
        let result = LogScan.run(configuration, associations: associations)
        let scanned = result.summary
        let (expected, unmatched) = Self.recount(Array(try Data(contentsOf: url)), associations)

        #expect(scanned.totals.lines == UInt64(Self.lineCount))
        #expect(scanned.totals.requests == expected.totals.requests)
        #expect(scanned.totals.handled == expected.totals.handled)
        #expect(scanned.totals.excluded == expected.totals.excluded)
        #expect(scanned.totals.unmatched == expected.totals.unmatched)
        #expect(scanned.totals.handled > 0 && scanned.totals.excluded > 0)
        #expect(scanned.appHandled == expected.appHandled)
        #expect(scanned.appExcluded == expected.appExcluded)
        #expect(scanned.ruleHits == expected.ruleHits)
        #expect(scanned.hosts() == expected.hosts())
        #expect(scanned.distinctPaths() == expected.distinctPaths())
        // Top paths are estimates once paths were evicted, within their error bounds.
        let top = scanned.topUnmatched(limit: 50)
        #expect(top.count == 50)
        for entry in top {
            let exact = unmatched[entry.bytes] ?? 0
            #expect(entry.count >= exact && entry.count - entry.errorBound <= exact)
        }
        let heaviest = unmatched.max { $0.value < $1.value }
        #expect(top.first?.bytes == heaviest?.key)
    }
}
