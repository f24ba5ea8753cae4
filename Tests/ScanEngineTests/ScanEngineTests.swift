import AASAModel
import CoverageStats
import LinkMatcher
import Testing

@testable import ScanEngine

struct DecisionCacheTests {
    func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// A tally as plain values, readable after the call that handed it over.
    struct Seen: Equatable {
        var file: Int
        var decision: Decision
        var path: String
        var lines: UInt64
        var weight: UInt64

        init(_ tally: DecisionCache.Tally) {
            file = tally.file
            decision = tally.decision
            path = String(decoding: tally.path, as: UTF8.self)
            lines = tally.lines
            weight = tally.weight
        }

        init(file: Int, decision: Decision, path: String, lines: UInt64, weight: UInt64) {
            self.file = file
            self.decision = decision
            self.path = path
            self.lines = lines
            self.weight = weight
        }
    }

    func store(
        _ cache: DecisionCache, _ target: String, file: Int = 0, hash: UInt64? = nil,
        _ decision: Decision, weight: UInt64 = 1
    ) -> [Seen] {
        var evicted: [Seen] = []
        withBytes(target) { bytes in
            let path = 0..<(bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count)
            cache.store(
                bytes, file: file, hash: hash ?? DecisionCache.hash(bytes), decision, path: path,
                weight: weight
            ) { evicted.append(Seen($0)) }
        }
        return evicted
    }

    func count(
        _ cache: DecisionCache, _ target: String, file: Int = 0, hash: UInt64? = nil,
        weight: UInt64 = 1
    ) -> Decision? {
        withBytes(target) { bytes in
            cache.count(
                bytes, file: file, hash: hash ?? DecisionCache.hash(bytes), weight: weight
            ) { _ in Issue.record("a count never evicts below 2^32 lines") }
        }
    }

    func flush(_ cache: DecisionCache) -> [Seen] {
        var seen: [Seen] = []
        cache.flush { seen.append(Seen($0)) }
        return seen
    }

    @Test func remembersPerTargetAndFile() {
        let cache = DecisionCache()
        defer { cache.free() }
        let handled = Decision(kind: .handled, rule: 3, app: 1)
        #expect(count(cache, "/buy/1") == nil)
        #expect(store(cache, "/buy/1", handled).isEmpty)
        #expect(count(cache, "/buy/1") == handled)
        #expect(count(cache, "/buy/1", file: 1) == nil)
        // Same length, other bytes: never a false hit.
        #expect(count(cache, "/buy/2") == nil)
    }

    @Test func collidingSlotsNeverAnswerForAnotherTarget() {
        let cache = DecisionCache()
        defer { cache.free() }
        // The same hash for both: the stored bytes must decide.
        _ = store(cache, "/a", hash: 42, Decision(kind: .handled, rule: 0, app: 0))
        #expect(count(cache, "/b", hash: 42) == nil)
        #expect(count(cache, "/a", hash: 42) != nil)
    }

    @Test func tallyCountsEveryRequestOfATargetOnce() {
        let cache = DecisionCache()
        defer { cache.free() }
        let excluded = Decision(kind: .excluded, rule: 2)
        _ = store(cache, "/p?q=1", file: 1, excluded, weight: 5)
        for weight: UInt64 in [1, 2, 3] { _ = count(cache, "/p?q=1", file: 1, weight: weight) }
        let first = flush(cache)
        #expect(
            first == [Seen(file: 1, decision: excluded, path: "/p", lines: 4, weight: 11)])
        // Handed over once: a second flush has nothing, and the decision is still remembered.
        #expect(flush(cache).isEmpty)
        #expect(count(cache, "/p?q=1", file: 1) == excluded)
        #expect(flush(cache).map(\.lines) == [1])
    }

    @Test func twoTargetsShareASetAndTheOlderGoesFirstWithItsTally() {
        let cache = DecisionCache()
        defer { cache.free() }
        let decisions = (0..<3).map { Decision(kind: .handled, rule: Int32($0), app: 0) }
        _ = store(cache, "/a", hash: 7, decisions[0])
        _ = store(cache, "/b", hash: 7, decisions[1])
        #expect(count(cache, "/a", hash: 7, weight: 2) == decisions[0])
        #expect(count(cache, "/b", hash: 7) == decisions[1])
        let evicted = store(cache, "/c", hash: 7, decisions[2])
        #expect(evicted == [Seen(file: 0, decision: decisions[0], path: "/a", lines: 2, weight: 3)])
        #expect(count(cache, "/a", hash: 7) == nil)
        #expect(count(cache, "/b", hash: 7) == decisions[1])
        #expect(count(cache, "/c", hash: 7) == decisions[2])
        let rest = flush(cache).sorted { $0.path < $1.path }
        #expect(rest.map(\.path) == ["/b", "/c"])
        #expect(rest.map(\.lines) == [3, 2])
    }

    /// What `diff` keeps beside the cache by slot: `nextSlot` is where `store` puts a
    /// target, `countSlot` finds it again, and a tally names its slot.
    @Test func slotsNameWhereATargetLives() {
        let cache = DecisionCache()
        defer { cache.free() }
        let decision = Decision(kind: .handled, rule: 4, app: 1)
        var placed: [String: Int] = [:]
        var evicted: [(String, Int)] = []
        for target in ["/x", "/y", "/z"] {
            withBytes(target) { bytes in
                placed[target] = cache.nextSlot(hash: 5)
                cache.store(bytes, file: 3, hash: 5, decision, path: 0..<bytes.count, weight: 1) {
                    evicted.append((String(decoding: $0.path, as: UTF8.self), $0.slot))
                }
            }
        }
        // Two ways per set: `/z` took the slot of `/x`, whose tally named that slot.
        #expect(placed["/z"] == placed["/x"] && placed["/x"] != placed["/y"])
        #expect(evicted.count == 1 && evicted[0].0 == "/x" && evicted[0].1 == placed["/x"])
        for target in ["/y", "/z"] {
            let slot = withBytes(target) { bytes in
                cache.countSlot(bytes, file: 3, hash: 5, weight: 2) { _ in }
            }
            #expect(slot == placed[target])
            #expect(slot.map(cache.decision(at:)) == decision)
        }
        #expect(
            withBytes("/x") { cache.countSlot($0, file: 3, hash: 5, weight: 1) { _ in } } == nil)
        #expect(DecisionCache.firstSlot(hash: 5) == min(placed["/x"] ?? -1, placed["/y"] ?? -1))
        var flushed: [Int] = []
        cache.flush { flushed.append($0.slot) }
        #expect(Set(flushed) == Set([placed["/y"], placed["/z"]].compactMap { $0 }))
    }

    @Test func longTargetsAreNotCached() {
        let cache = DecisionCache()
        defer { cache.free() }
        let long = "/" + String(repeating: "x", count: DecisionCache.keyLimit)
        #expect(withBytes(long) { !DecisionCache.admits($0) })
        _ = store(cache, long, Decision(kind: .excluded, rule: 1))
        #expect(count(cache, long) == nil)
        #expect(flush(cache).isEmpty)
    }

    @Test func hashDependsOnEveryByte() {
        var seen = Set<UInt64>()
        for length in 0..<40 {
            for position in 0..<max(length, 1) {
                var bytes = [UInt8](repeating: 0x61, count: length)
                if length > 0 { bytes[position] = 0x62 }
                seen.insert(bytes.withUnsafeBufferPointer(DecisionCache.hash))
            }
        }
        // 1 (empty) + sum of lengths 1...39 distinct strings.
        #expect(seen.count == 1 + (1...39).reduce(0, +))
    }
}

struct RequestFilterTests {
    static let assets: [(String, Bool)] = [
        ("/style.css", true), ("/a/b/app.JS", true), ("/img/logo.png", true),
        ("/favicon.ico", true),
        ("/blog/2024/post", false), ("/products/12.5", false), ("/file.css/page", false),
        ("/.env", false), ("/archive.tar.gz", true), ("/", false), ("", false),
    ]

    @Test(arguments: assets)
    func assetsAreRecognisedByExtension(_ path: String, _ expected: Bool) {
        #expect(Array(path.utf8).withUnsafeBufferPointer(RequestFilter().isAsset) == expected)
    }
}

/// Guards issue 9.10: `--skip-bots` knows the crawlers by their user agents, and
/// `--asset-extensions` replaces the list of `--skip-assets`.
struct BotAndAssetFilterTests {
    static let agents: [(String, Bool)] = [
        ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true),
        ("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true),
        ("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", true),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)", true),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15", false),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36", false),
        ("-", false), ("", false),
    ]

    @Test(arguments: agents)
    func crawlersAreKnownByTheirAgents(_ agent: String, _ expected: Bool) {
        #expect(Array(agent.utf8).withUnsafeBufferPointer(RequestFilter.isBot) == expected)
    }

    @Test func assetExtensionsCanBeReplaced() {
        var filter = RequestFilter()
        filter.skipAssets = true
        filter.assetExtensions = [Array("pdf".utf8)]
        func asset(_ path: String) -> Bool {
            Array(path.utf8).withUnsafeBufferPointer(filter.isAsset)
        }
        #expect(asset("/guide.PDF"))
        #expect(!asset("/style.css"))
    }
}

struct AssociationsTests {
    static func rules(_ pattern: String) -> CompiledRuleSet {
        CompiledRuleSet(
            AASADocument(
                applinks: AppLinks(details: [
                    DetailsEntry(
                        ref: "details[0]", appIDs: ["ABCDE12345.app"],
                        components: [Component(path: pattern)])
                ])))
    }

    @Test func domainsThenFallback() throws {
        var associations = Associations()
        associations.add(
            domain: DomainPattern("example.com"), path: "a.json", rules: Self.rules("/a"))
        associations.add(
            domain: DomainPattern("*.example.com"), path: "b.json", rules: Self.rules("/b"))
        func file(_ host: String) -> Int? {
            Array(host.utf8).withUnsafeBufferPointer {
                associations.file(host: $0, port: nil, defaultPort: 443)
            }
        }
        #expect(file("example.com") == 0)
        #expect(file("shop.example.com") == 1)
        #expect(file("other.org") == nil)
        #expect(file("") == nil)
        associations.add(domain: nil, path: "c.json", rules: Self.rules("/c"))
        #expect(file("other.org") == 2)
        #expect(file("") == 2)
        #expect(associations.ruleCount == 3)
        #expect(associations.files.map(\.ruleOffset) == [0, 1, 2])
    }
}

struct ScanStateTests {
    @Test func bigCountsAndEveryFieldSurviveSaving() throws {
        var counts = InputCounts()
        counts.lines = 5_000_000_000
        counts.requests = 4_999_999_999
        counts.malformed = 1
        let input = InputReport(
            path: "/logs/a.zst", bytes: 300_000_000_000, compression: .zstd, format: .combined,
            counts: counts, complete: false, error: "a.zst: truncated", errorCode: "truncated")
        var skipped = InputReport(
            path: "/logs/README", bytes: 40, compression: .plain, format: nil,
            counts: InputCounts(), complete: true, error: nil, errorCode: nil)
        skipped.skipped = true
        skipped.skipReason = "not an access log: closest is combined"
        let state = ScanState(
            sources: [
                ScanState.Source(domain: "*.example.com", path: "a.json", bytes: Array("{}".utf8))
            ],
            inputs: [input, skipped],
            summary: CoverageSummary(shape: CoverageShape(appCount: 0, ruleCount: 0)),
            elapsedSeconds: 12.5, workers: 2)
        let restored = try ScanState(encoded: state.encoded())
        #expect(restored.sources == state.sources)
        #expect(restored.inputs.first?.counts == counts)
        #expect(restored.inputs.first?.bytes == 300_000_000_000)
        #expect(restored.inputs.first?.error == "a.zst: truncated")
        #expect(restored.inputs.first?.compression == .zstd)
        #expect(restored.inputs.first?.skipped == false)
        #expect(restored.inputs.last?.skipped == true && restored.inputs.last?.complete == true)
        #expect(restored.inputs.last?.skipReason == skipped.skipReason)
        #expect(restored.inputs.last?.error == nil)
        #expect(restored.elapsedSeconds == 12.5)
        #expect(restored.summary == state.summary)
        #expect(throws: ScanStateError.self) {
            try ScanState(encoded: Array(state.encoded().dropLast()))
        }
    }

    /// A state whose summary has counts: what a real scan saves.
    static func countedState() -> ScanState {
        var summary = CoverageSummary(shape: CoverageShape(appCount: 2, ruleCount: 3))
        for index in 0..<50 {
            let path = Array("/p/\(index % 7)".utf8)
            _ = path.withUnsafeBytes {
                summary.recordRequests(
                    index % 3 == 0 ? .unmatched : .handled(app: index % 2, rule: index % 3),
                    path: $0, lines: 1, weight: 1)
            }
        }
        return ScanState(
            sources: [ScanState.Source(domain: nil, path: "a.json", bytes: Array("{}".utf8))],
            inputs: [], summary: summary, elapsedSeconds: 1, workers: 1)
    }

    /// Any flipped bit, anywhere, is refused: a damaged state never merges into wrong counts.
    @Test func everyFlippedBitIsRefused() throws {
        let bytes = Self.countedState().encoded()
        #expect(try ScanState(encoded: bytes).summary == Self.countedState().summary)
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << UInt8(bit)
                #expect(throws: ScanStateError.self) { try ScanState(encoded: damaged) }
            }
        }
        #expect(throws: ScanStateError.self) { try ScanState(encoded: bytes + [0]) }
    }

    /// States saved before the checksum existed (`AASASTATE1`, the body alone) still read.
    @Test func statesOfTheFormerLayoutStillRead() throws {
        let state = Self.countedState()
        let bytes = state.encoded()
        // Header (10), body length (8), body, checksum (8).
        let former = Array("AASASTATE1".utf8) + bytes[18..<(bytes.count - 8)]
        #expect(try ScanState(encoded: former).summary == state.summary)
    }
}
