import AASAModel
import CoverageStats
import Foundation
import LinkMatcher
import LogParsing
import TestSupport
import Testing
import Workload

@testable import ScanEngine

/// `diff`'s one pass: every request decided under the old and the new files, held against
/// separate scans and against `ReferenceMatcher` deciding each request on its own.
struct DiffScanTests {
    static func writeLog(_ bytes: [UInt8], in folder: TemporaryFolder) throws -> URL {
        URL(fileURLWithPath: try folder.write("access.log", bytes))
    }

    static func generatedLog(lines: Int, seed: UInt64) -> [UInt8] {
        var generator = AccessLogGenerator(seed: seed)
        var bytes: [UInt8] = []
        generator.appendLines(lines, to: &bytes)
        return bytes
    }

    static func single(_ document: AASADocument, path: String) -> Associations {
        var associations = Associations()
        associations.add(domain: nil, path: path, rules: CompiledRuleSet(document))
        return associations
    }

    static func run(
        _ url: URL, old: Associations, new: Associations, workers: Int,
        format: LogFormat? = nil
    ) -> ScanResult {
        var configuration = ScanConfiguration()
        configuration.inputs = [url.path]
        configuration.workers = workers
        configuration.chunkSize = 64 << 10
        configuration.logFormat = format
        return LogScan.run(configuration, associations: old, comparedWith: new)
    }

    static func exactCounts(_ summary: CoverageSummary) -> [UInt64] {
        let totals = summary.totals
        return [
            totals.lines, totals.requests, totals.malformed, totals.skipped, totals.handled,
            totals.excluded, totals.unmatched, totals.noAssociation,
        ] + summary.appHandled + summary.appExcluded + summary.ruleHits
    }

    @Test(arguments: [1, 2])
    func aFileAgainstItselfKeepsEveryRequestOnTheDiagonal(workers: Int) throws {
        let document = try AASADocument.parse(RuleFileGenerator.json(ruleCount: 300))
        let temporary = try TemporaryFolder()
        let url = try Self.writeLog(Self.generatedLog(lines: 120_000, seed: 7), in: temporary)
        let old = Self.single(document, path: "a.json")
        let result = Self.run(
            url, old: old, new: Self.single(document, path: "b.json"), workers: workers)
        var configuration = ScanConfiguration()
        configuration.inputs = [url.path]
        configuration.workers = workers
        configuration.chunkSize = 64 << 10
        let scan = LogScan.run(configuration, associations: Self.single(document, path: "a.json"))
        let diff = try #require(result.comparison).summary

        // The old side is the scan, exactly; the new side is the same scan again.
        #expect(Self.exactCounts(result.summary) == Self.exactCounts(scan.summary))
        #expect(diff.appHandled == scan.summary.appHandled)
        #expect(diff.appExcluded == scan.summary.appExcluded)
        #expect(diff.ruleHits == scan.summary.ruleHits)
        #expect(diff.newTotals.handled == scan.summary.totals.handled)
        #expect(diff.newTotals.excluded == scan.summary.totals.excluded)
        #expect(diff.newTotals.unmatched == scan.summary.totals.unmatched)
        // Every request on the diagonal; none changes app.
        let lanes = CoverageOutcome.HostLane.allCases
        for from in lanes {
            for to in lanes where from != to {
                #expect(diff.requests(from: from, to: to) == 0)
                #expect(diff.topPaths(from: from, to: to, limit: 10).isEmpty)
            }
        }
        #expect(diff.requests(from: .handled, to: .handled) == scan.summary.totals.handled)
        #expect(diff.requests(from: .excluded, to: .excluded) == scan.summary.totals.excluded)
        #expect(diff.requests(from: .unmatched, to: .unmatched) == scan.summary.totals.unmatched)
        #expect(scan.summary.totals.handled > 0 && scan.summary.totals.excluded > 0)
        #expect(diff.appChanges.isEmpty)
    }

    /// Two different files over generated traffic: each distinct target decided once by the
    /// reference matcher under each file, then counted as often as the log has it.
    @Test func twoGeneratedFilesAgreeWithTheReferenceMatcher() throws {
        // Small files: the reference matcher takes a loop over every rule per URL.
        let oldJSON = RuleFileGenerator.json(ruleCount: 40)
        let newJSON = RuleFileGenerator.json(ruleCount: 40, profile: .globHeavy)
        let oldDocument = try AASADocument.parse(oldJSON)
        let newDocument = try AASADocument.parse(newJSON)
        let log = Self.generatedLog(lines: 8_000, seed: 11)
        let temporary = try TemporaryFolder()
        let url = try Self.writeLog(log, in: temporary)
        let old = Self.single(oldDocument, path: "old.json")
        let new = Self.single(newDocument, path: "new.json")
        let result = Self.run(url, old: old, new: new, workers: 2)
        let expected = ReferenceDiff(
            old: [ReferenceMatcher(oldDocument)], new: [ReferenceMatcher(newDocument)],
            oldAssociations: old, newAssociations: new)
        expected.count(log, format: .combined)
        expected.check(result)
        #expect(expected.changed > 0)
    }

    /// Every real file against each earlier version of it, over URLs aimed at the rules of
    /// both versions.
    @Test(.needsSharedData("aasa-real"))
    func realFilesAgainstTheirEarlierVersions() throws {
        let pairs = RealAASAFiles.versionPairs()
        try #require(
            !pairs.isEmpty, "no earlier version in aasa-real/history pairs with a current file")
        var changedPairs = 0
        for pair in pairs {
            let old = Self.single(pair.old, path: pair.oldName)
            let new = Self.single(pair.new, path: pair.newName)
            var lines: [UInt8] = []
            var index = 0
            for target in RuleTargets.targets(pair.old) + RuleTargets.targets(pair.new) {
                for _ in 0..<(1 + index % 3) {
                    lines += Array(
                        "10.0.0.\(index % 250) - - [10/Oct/2024:13:55:36 +0000] \"GET \(target) HTTP/1.1\" 200 5 \"-\" \"t\"\n"
                            .utf8)
                }
                index += 1
            }
            let temporary = try TemporaryFolder()
            let url = try Self.writeLog(lines, in: temporary)
            let result = Self.run(url, old: old, new: new, workers: 1)
            let expected = ReferenceDiff(
                old: [ReferenceMatcher(pair.old)], new: [ReferenceMatcher(pair.new)],
                oldAssociations: old, newAssociations: new, name: pair.newName)
            expected.count(lines, format: .combined)
            expected.check(result)
            if expected.changed > 0 { changedPairs += 1 }
        }
        // The history holds real edits: many of them change what some URL does.
        #expect(changedPairs >= 10)
    }

    /// Several domains whose files differ between old and new, including a domain the new
    /// files no longer name (its hosts fall to the new fallback) and one only they name.
    @Test(arguments: [1, 2])
    func domainsThatComeAndGo(workers: Int) throws {
        func document(_ app: String, _ paths: [String]) -> AASADocument {
            AASADocument(
                applinks: AppLinks(details: [
                    DetailsEntry(
                        ref: "details[0]", appIDs: [app],
                        components: paths.map {
                            $0.hasPrefix("!")
                                ? Component(path: String($0.dropFirst()), exclude: true)
                                : Component(path: $0)
                        })
                ]))
        }
        let shop = document("TEAM.shop", ["!/buy/secret", "/buy/*", "/id/????"])
        let shopNew = document("TEAM.shop", ["/buy/*", "/id/*"])
        let blog = document("TEAM.blog", ["/posts/*"])
        let blogNew = document("TEAM.shop", ["/posts/*", "!/drafts/*"])
        let fallback = document("TEAM.web", ["/help/*"])
        var old = Associations()
        old.add(
            domain: DomainPattern("shop.example"), path: "shop.json", rules: CompiledRuleSet(shop))
        old.add(
            domain: DomainPattern("*.blog.example"), path: "blog.json", rules: CompiledRuleSet(blog)
        )
        var new = Associations()
        new.add(
            domain: DomainPattern("shop.example"), path: "shop2.json",
            rules: CompiledRuleSet(shopNew))
        new.add(
            domain: DomainPattern("a.blog.example"), path: "blog2.json",
            rules: CompiledRuleSet(blogNew))
        new.add(domain: nil, path: "web.json", rules: CompiledRuleSet(fallback))
        let hosts = [
            "shop.example", "a.blog.example", "b.blog.example", "other.example", "SHOP.example",
        ]
        let paths = [
            "/buy/secret", "/buy/1", "/id/1234", "/id/12345", "/posts/x", "/drafts/y", "/help/z",
            "/", "/buy",
        ]
        var lines: [UInt8] = []
        for (index, host) in hosts.enumerated() {
            for (step, path) in paths.enumerated() {
                for _ in 0...((index + step) % 3) {
                    lines += Array(
                        "\(host):443 10.0.0.1 - - [10/Oct/2024:13:55:36 +0000] \"GET \(path) HTTP/1.1\" 200 5 \"-\" \"t\"\n"
                            .utf8)
                }
            }
        }
        let temporary = try TemporaryFolder()
        let url = try Self.writeLog(lines, in: temporary)
        let result = Self.run(url, old: old, new: new, workers: workers, format: .vhost)
        let expected = ReferenceDiff(
            old: [shop, blog].map(ReferenceMatcher.init),
            new: [shopNew, blogNew, fallback].map(ReferenceMatcher.init),
            oldAssociations: old, newAssociations: new)
        expected.count(lines, format: .vhost)
        expected.check(result)
        let diff = try #require(result.comparison).summary
        // The blog's posts move from TEAM.blog to TEAM.shop on a.blog.example.
        #expect(diff.appChanges.values.reduce(0, +) > 0)
        #expect(diff.newTotals.noAssociation > 0 || result.summary.totals.noAssociation > 0)
    }
}

/// The counts a diff must report, computed one request at a time with `ReferenceMatcher`
/// (one per file, in the order of the associations), memoised per host and target.
final class ReferenceDiff {
    let old: [ReferenceMatcher]
    let new: [ReferenceMatcher]
    let oldAssociations: Associations
    let newAssociations: Associations
    let name: String
    var transitions = Array(repeating: UInt64(0), count: 9)
    var oldRuleHits: [UInt64]
    var newRuleHits: [UInt64]
    var oldTotals = [UInt64](repeating: 0, count: 3)
    var newTotals = [UInt64](repeating: 0, count: 3)
    var appChanges = 0 as UInt64
    /// Exact requests per changed transition and path, to bound the top lists.
    var changedPaths: [Int: [[UInt8]: UInt64]] = [:]
    private var memo: [String: (ReferenceMatcher.Answer?, ReferenceMatcher.Answer?)] = [:]

    init(
        old: [ReferenceMatcher], new: [ReferenceMatcher], oldAssociations: Associations,
        newAssociations: Associations, name: String = ""
    ) {
        self.old = old
        self.new = new
        self.oldAssociations = oldAssociations
        self.newAssociations = newAssociations
        self.name = name
        oldRuleHits = Array(repeating: 0, count: oldAssociations.ruleCount)
        newRuleHits = Array(repeating: 0, count: newAssociations.ruleCount)
    }

    var changed: UInt64 {
        transitions.enumerated().filter { $0.offset % 4 != 0 }.map(\.element).reduce(0, +)
            + appChanges
    }

    static func lane(_ answer: ReferenceMatcher.Answer?) -> Int {
        switch answer?.kind ?? .unmatched {
        case .handled: 0
        case .excluded: 1
        case .unmatched: 2
        }
    }

    func count(_ log: [UInt8], format: LogFormat) {
        var parser = LineParser(format: format)
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { scratch.deallocate() }
        log.withUnsafeBufferPointer { all in
            var start = 0
            for end in all.indices where all[end] == 0x0A {
                let line = UnsafeBufferPointer(rebasing: all[start..<end])
                start = end + 1
                guard case .ok(let request) = parser.parse(line, scratch: scratch) else {
                    continue
                }
                let target = String(decoding: line[request.target], as: UTF8.self)
                let host = String(decoding: line[request.host], as: UTF8.self).lowercased()
                record(target: target, host: host, path: Array(line[request.target]))
            }
        }
    }

    private func file(_ associations: Associations, host: String) -> Int? {
        Array(host.utf8).withUnsafeBufferPointer {
            associations.file(host: $0, port: nil, defaultPort: 443)
        }
    }

    private func record(target: String, host: String, path: [UInt8]) {
        let oldFile = file(oldAssociations, host: host)
        let newFile = file(newAssociations, host: host)
        let key = "\(oldFile ?? -1) \(newFile ?? -1) \(target)"
        let answers: (ReferenceMatcher.Answer?, ReferenceMatcher.Answer?)
        if let known = memo[key] {
            answers = known
        } else {
            answers = (
                oldFile.map { old[$0].decide(target) }, newFile.map { new[$0].decide(target) }
            )
            memo[key] = answers
        }
        let from = Self.lane(answers.0)
        let to = Self.lane(answers.1)
        transitions[from * 3 + to] += 1
        oldTotals[from] += 1
        newTotals[to] += 1
        if let oldFile, let ref = answers.0?.ruleRef {
            oldRuleHits[globalRule(oldAssociations, oldFile, ref)] += 1
        }
        if let newFile, let ref = answers.1?.ruleRef {
            newRuleHits[globalRule(newAssociations, newFile, ref)] += 1
        }
        if from == 0, to == 0, answers.0?.appID != answers.1?.appID { appChanges += 1 }
        if from != to {
            // The path lists key a request by its path (no host column in a combined log).
            var key = Array(path.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
            if !host.isEmpty { key = Array(host.utf8) + key }
            changedPaths[from * 3 + to, default: [:]][key, default: 0] += 1
        }
    }

    private func globalRule(_ associations: Associations, _ file: Int, _ ref: String) -> Int {
        let entry = associations.files[file]
        return entry.ruleOffset + (entry.rules.rules.firstIndex { $0.ref == ref } ?? -1)
    }

    func check(_ result: ScanResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let diff = result.comparison?.summary else {
            Issue.record("no comparison in the result", sourceLocation: sourceLocation)
            return
        }
        #expect(diff.transitions == transitions, "\(name)", sourceLocation: sourceLocation)
        let totals = result.summary.totals
        #expect(
            [totals.handled, totals.excluded, totals.unmatched] == oldTotals, "\(name)",
            sourceLocation: sourceLocation)
        #expect(
            [diff.newTotals.handled, diff.newTotals.excluded, diff.newTotals.unmatched]
                == newTotals, "\(name)", sourceLocation: sourceLocation)
        #expect(result.summary.ruleHits == oldRuleHits, "\(name)", sourceLocation: sourceLocation)
        #expect(diff.ruleHits == newRuleHits, "\(name)", sourceLocation: sourceLocation)
        #expect(
            diff.appChanges.values.reduce(0, +) == appChanges, "\(name)",
            sourceLocation: sourceLocation)
        let lanes = CoverageOutcome.HostLane.allCases
        for from in lanes {
            for to in lanes where from != to {
                let exact = changedPaths[from.rawValue * 3 + to.rawValue] ?? [:]
                for entry in diff.topPaths(from: from, to: to, limit: 20) {
                    let truth = exact[entry.bytes] ?? 0
                    #expect(
                        entry.count >= truth && entry.count - entry.errorBound <= truth,
                        "\(name) \(String(decoding: entry.bytes, as: UTF8.self))",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }
}

/// Request targets for the real files' logs (`RealAASAFiles.versionPairs`).
enum RuleTargets {
    /// Request targets aimed at every rule of a file: its path with wildcards and variables
    /// filled in a few ways, with and without the query and fragment it asks for.
    static func targets(_ document: AASADocument) -> [String] {
        var targets: [String] = []
        for (index, rule) in ResolvedRule.resolve(document).enumerated() {
            for variant in 0..<3 {
                var path = fill(rule.path, variant + index)
                if !path.hasPrefix("/") { path = "/" + path }
                targets.append(encoded(path))
                var query = ""
                switch rule.query {
                case .whole(let text) where text != "*": query = fill(text, variant)
                case .items(let items):
                    query = items.map { "\($0.name)=\(fill($0.pattern, variant))" }
                        .joined(separator: "&")
                default: break
                }
                let fragment = rule.fragment == "*" ? "" : fill(rule.fragment, variant)
                targets.append(
                    encoded(path) + (query.isEmpty ? "" : "?" + encoded(query))
                        + (fragment.isEmpty ? "" : "#" + encoded(fragment)))
            }
        }
        return targets
    }

    private static func fill(_ pattern: String, _ variant: Int) -> String {
        let stars = ["x", "", "a/b", "42"]
        let ones = ["a", "7", "Z"]
        var text = ""
        var rest = Substring(pattern)
        while let first = rest.first {
            if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                text +=
                    ["digit": "7", "lang": "en", "region": "US"][
                        String(rest.dropFirst(2)[..<close])] ?? "a"
                rest = rest[rest.index(after: close)...]
                continue
            }
            switch first {
            case "*": text += stars[variant % stars.count]
            case "?": text += ones[variant % ones.count]
            default: text.append(first)
            }
            rest = rest.dropFirst()
        }
        return text
    }

    /// Spaces, quotes and non-ASCII as `%XX`, so the target stays one field of a log line.
    private static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") {
                out += String(format: "%%%02X", byte)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }
}
