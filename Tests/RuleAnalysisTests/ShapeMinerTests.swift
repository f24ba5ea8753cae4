import Testing
import Workload

@testable import RuleAnalysis

struct ShapeMinerTests {
    static let categorizer = PathCategorizer(assetExtensions: [Array("png".utf8)])

    static func miner(capacity: Int) -> ShapeMiner {
        ShapeMiner(
            capacity: capacity, generaliser: PathGeneraliser(writesLocaleVariables: true),
            categorizer: categorizer)
    }

    /// Every pattern of `paths`, counted one by one: what the miner must bound.
    static func trueCounts(_ paths: [(String, UInt64)]) -> [String: UInt64] {
        let generaliser = PathGeneraliser(writesLocaleVariables: true)
        var counts: [String: UInt64] = [:]
        for (path, weight) in paths where categorizer.category(of: path) == .page {
            for pattern in generaliser.patterns(forPath: path) {
                counts[pattern, default: 0] += weight
            }
        }
        return counts
    }

    static func add(_ paths: [(String, UInt64)], to miner: inout ShapeMiner) {
        for (path, weight) in paths {
            Array(path.utf8).withUnsafeBufferPointer { miner.add(path: $0, weight: weight) }
        }
    }

    /// Paths of a small site: a few sections with IDs, some words, some noise.
    static func traffic(count: Int, seed: UInt64) -> [(String, UInt64)] {
        var random = SplitMix64(seed: seed)
        let sections = ["products", "users", "help", "blog", "c", "deals"]
        return (0..<count).map { _ in
            let section = sections[random.below(sections.count)]
            let path: String
            switch random.below(5) {
            case 0: path = "/\(section)/\(random.below(1_000))"
            case 1: path = "/\(section)/word\(random.below(30))x/reviews"
            case 2: path = "/\(section)"
            case 3: path = "/img/\(random.below(50)).png"
            default: path = "/\(section)/\(random.below(7))/\(random.below(3))-item"
            }
            return (path, UInt64(1 + random.below(3)))
        }
    }

    @Test func countsAreExactUntilTheFirstEviction() {
        let paths = Self.traffic(count: 3_000, seed: 1)
        var miner = Self.miner(capacity: 10_000)
        Self.add(paths, to: &miner)
        #expect(miner.floor == 0)
        let truth = Self.trueCounts(paths)
        #expect(miner.entries().count == truth.count)
        for entry in miner.entries() {
            #expect(entry.count == truth[entry.text], "\(entry.text)")
            #expect(entry.errorBound == 0)
        }
        #expect(miner.skippedRequests[.asset, default: 0] > 0)
        #expect(
            miner.minedRequests + miner.skippedRequests.values.reduce(0, +)
                == paths.reduce(0) { $0 + $1.1 })
    }

    /// Small tables, merged in any split: counts stay upper bounds within their error, and every
    /// pattern above the floor is kept.
    @Test(arguments: [1, 2, 5])
    func boundsHoldWhenEvictingAndMerging(parts: Int) {
        let paths = Self.traffic(count: 20_000, seed: UInt64(parts))
        let truth = Self.trueCounts(paths)
        let slice = (paths.count + parts - 1) / parts
        var miners: [ShapeMiner] = []
        for start in stride(from: 0, to: paths.count, by: slice) {
            var miner = Self.miner(capacity: 24)
            Self.add(Array(paths[start..<min(start + slice, paths.count)]), to: &miner)
            #expect(miner.storedPatterns <= 48)
            miners.append(miner)
        }
        let merged = miners.dropFirst().reduce(miners[0], +)
        #expect(merged.storedPatterns <= 48)
        for entry in merged.entries() {
            let exact = truth[entry.text, default: 0]
            #expect(entry.count >= exact, "\(entry.text)")
            #expect(entry.count - entry.errorBound <= exact, "\(entry.text)")
        }
        let kept = Set(merged.entries().map(\.text))
        for (pattern, count) in truth where count > merged.floor {
            #expect(kept.contains(pattern), "\(pattern): \(count) > floor \(merged.floor)")
        }
        // The heaviest patterns of this traffic are found whatever the split.
        #expect(kept.contains("/products/*"))
    }

    /// Millions of distinct patterns: the table never holds more than twice its capacity.
    @Test func memoryStaysBoundedOnMillionsOfDistinctPatterns() {
        var miner = Self.miner(capacity: 256)
        var largest = 0
        var pattern: [UInt8] = []
        for index in 0..<2_000_000 {
            pattern.removeAll(keepingCapacity: true)
            pattern.append(UInt8(ascii: "/"))
            pattern += String(index, radix: 36).utf8
            pattern.withUnsafeBufferPointer { miner.add(pattern: $0, weight: 1) }
            largest = max(largest, miner.storedPatterns)
        }
        #expect(largest <= 2 * 256)
        #expect(miner.floor > 0)
        #expect(miner.entries().count <= 2 * 256)
    }

    /// Distinct paths through the whole generaliser: the same bound.
    @Test func memoryStaysBoundedOnDistinctPaths() {
        var miner = Self.miner(capacity: 64)
        var largest = 0
        var path: [UInt8] = []
        for index in 0..<100_000 {
            path.removeAll(keepingCapacity: true)
            // A distinct word first and last, so that nearly every pattern is new.
            path.append(UInt8(ascii: "/"))
            path += String(index, radix: 36).utf8
            path += Array("/k/".utf8)
            path += String(index &* 7919, radix: 36).utf8
            path.withUnsafeBufferPointer { miner.add(path: $0, weight: 1) }
            largest = max(largest, miner.storedPatterns)
        }
        #expect(largest <= 2 * 64)
        #expect(miner.minedRequests + miner.skippedRequests.values.reduce(0, +) == 100_000)
    }
}
