import AASAModel
import CoverageStats
import LinkMatcher
import Testing

@testable import ScanEngine

struct DecisionCacheTests {
    func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test func remembersPerTargetAndFile() {
        let cache = DecisionCache()
        defer { cache.free() }
        let handled = Decision(kind: .handled, rule: 3, app: 1)
        withBytes("/buy/1") { target in
            let hash = DecisionCache.hash(target)
            #expect(cache.lookup(target, file: 0, hash: hash) == nil)
            cache.store(target, file: 0, hash: hash, handled)
            #expect(cache.lookup(target, file: 0, hash: hash) == handled)
            #expect(cache.lookup(target, file: 1, hash: hash) == nil)
        }
        // Same length, other bytes: never a false hit, even when forced into the same slot.
        withBytes("/buy/2") { other in
            #expect(cache.lookup(other, file: 0, hash: DecisionCache.hash(other)) == nil)
        }
    }

    @Test func collidingSlotsNeverAnswerForAnotherTarget() {
        let cache = DecisionCache()
        defer { cache.free() }
        let first = Array("/a".utf8)
        let second = Array("/b".utf8)
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                // The same hash for both: the stored bytes must decide.
                cache.store(a, file: 0, hash: 42, Decision(kind: .handled, rule: 0, app: 0))
                #expect(cache.lookup(b, file: 0, hash: 42) == nil)
                #expect(cache.lookup(a, file: 0, hash: 42) != nil)
            }
        }
    }

    @Test func twoTargetsShareASetAndTheOlderGoesFirst() {
        let cache = DecisionCache()
        defer { cache.free() }
        let targets = ["/a", "/b", "/c"].map { Array($0.utf8) }
        let decisions = (0..<3).map { Decision(kind: .handled, rule: Int32($0), app: 0) }
        func lookup(_ index: Int) -> Decision? {
            targets[index].withUnsafeBufferPointer { cache.lookup($0, file: 0, hash: 7) }
        }
        for index in 0..<2 {
            targets[index].withUnsafeBufferPointer {
                cache.store($0, file: 0, hash: 7, decisions[index])
            }
        }
        #expect(lookup(0) == decisions[0])
        #expect(lookup(1) == decisions[1])
        targets[2].withUnsafeBufferPointer { cache.store($0, file: 0, hash: 7, decisions[2]) }
        #expect(lookup(0) == nil)
        #expect(lookup(1) == decisions[1])
        #expect(lookup(2) == decisions[2])
    }

    @Test func longTargetsAreNotCached() {
        let cache = DecisionCache()
        defer { cache.free() }
        let long = "/" + String(repeating: "x", count: DecisionCache.keyLimit)
        withBytes(long) { target in
            let hash = DecisionCache.hash(target)
            cache.store(target, file: 0, hash: hash, Decision(kind: .excluded, rule: 1))
            #expect(cache.lookup(target, file: 0, hash: hash) == nil)
        }
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
        #expect(Array(path.utf8).withUnsafeBufferPointer(RequestFilter.isAsset) == expected)
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
        let state = ScanState(
            sources: [
                ScanState.Source(domain: "*.example.com", path: "a.json", bytes: Array("{}".utf8))
            ],
            inputs: [input],
            summary: CoverageSummary(shape: CoverageShape(appCount: 0, ruleCount: 0)),
            elapsedSeconds: 12.5, workers: 2)
        let restored = try ScanState(encoded: state.encoded())
        #expect(restored.sources == state.sources)
        #expect(restored.inputs.first?.counts == counts)
        #expect(restored.inputs.first?.bytes == 300_000_000_000)
        #expect(restored.inputs.first?.error == "a.zst: truncated")
        #expect(restored.inputs.first?.compression == .zstd)
        #expect(restored.elapsedSeconds == 12.5)
        #expect(restored.summary == state.summary)
        #expect(throws: ScanStateError.self) {
            try ScanState(encoded: Array(state.encoded().dropLast()))
        }
    }
}
