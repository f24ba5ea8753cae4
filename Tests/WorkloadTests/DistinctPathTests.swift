import Testing
import Workload

/// `DistinctPathPlan`: a log of any length carries exactly the number of distinct paths asked
/// for, first sightings spread over the whole log.
@Suite("Logs with a chosen number of distinct paths")
struct DistinctPathTests {
    /// The request targets of `lines` lines made with `plan`, malformed lines left out.
    static func targets(lines: Int, distinct: Int, seed: UInt64 = 7) -> [[UInt8]] {
        var generator = AccessLogGenerator(
            seed: seed, distinctPaths: DistinctPathPlan(count: distinct, lines: lines))
        var buffer: [UInt8] = []
        generator.appendLines(lines, to: &buffer)
        let lines = buffer.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == generator.linesWritten)
        return lines.compactMap(CombinedLine.init).map(\.target)
    }

    @Test(
        "exactly the distinct paths asked for",
        arguments: [(20_000, 1), (20_000, 3_000), (20_000, 19_999), (5_000, 5_000), (7, 3)])
    func exactCount(lines: Int, distinct: Int) {
        let targets = Self.targets(lines: lines, distinct: distinct)
        #expect(Set(targets).count == distinct)
    }

    @Test("first sightings are spread evenly over the log")
    func spread() {
        let targets = Self.targets(lines: 40_000, distinct: 10_000)
        var seen = Set<[UInt8]>()
        var newPerQuarter = [0, 0, 0, 0]
        for (index, target) in targets.enumerated() where seen.insert(target).inserted {
            newPerQuarter[index * 4 / targets.count] += 1
        }
        for count in newPerQuarter { #expect((2_400...2_600).contains(count), "\(newPerQuarter)") }
    }

    @Test("repeats favour early paths: the first 1% seen get about a fifth of the repeats")
    func popularity() {
        let targets = Self.targets(lines: 50_000, distinct: 10_000)
        // IDs are handed out in order, so a path's ID is its rank among first sightings.
        var firstSeen: [[UInt8]: Int] = [:]
        var early = 0
        var repeats = 0
        for target in targets {
            if let order = firstSeen[target] {
                repeats += 1
                if order * 100 < firstSeen.count { early += 1 }
            } else {
                firstSeen[target] = firstSeen.count
            }
        }
        // ⌊n·u³⌋ < n/100 exactly when u³ < 1/100: probability 0.01^(1/3) = 0.215.
        let share = Double(early) / Double(repeats)
        #expect((0.19...0.24).contains(share), "\(share)")
    }

    @Test("the paths are pages of every shape, and the same seed gives the same log")
    func shapesAndDeterminism() {
        let targets = Self.targets(lines: 5_000, distinct: 2_000)
        let text = targets.map { String(decoding: $0, as: UTF8.self) }
        for prefix in ["/p/", "/blog/", "/help/", "/users/", "/docs/"] {
            #expect(text.contains { $0.hasPrefix(prefix) }, "no \(prefix) page")
        }
        #expect(text.filter { $0.hasPrefix("/docs/") }.allSatisfy { $0.hasSuffix(".pdf") })
        #expect(Self.targets(lines: 5_000, distinct: 2_000) == targets)
        #expect(Self.targets(lines: 5_000, distinct: 2_000, seed: 8) != targets)
    }

    @Test("plans for line counts far beyond memory cost nothing up front, and do not overflow")
    func hugePlans() {
        func distinctTargets(count: Int, lines: Int) -> (lines: Int, distinct: Int) {
            var generator = AccessLogGenerator(
                seed: 1, distinctPaths: DistinctPathPlan(count: count, lines: lines))
            var buffer: [UInt8] = []
            generator.appendLines(1_000, to: &buffer)
            let targets = buffer.split(separator: UInt8(ascii: "\n")).compactMap(CombinedLine.init)
            return (targets.count, Set(targets.map(\.target)).count)
        }
        // As many paths as lines: every line brings a new one (and none is malformed).
        #expect(distinctTargets(count: .max, lines: .max) == (1_000, 1_000))
        // One new path in 2^23 lines: the first line brings it, the others repeat it.
        let sparse = distinctTargets(count: 1 << 40, lines: .max)
        #expect(sparse.distinct == 1)
        #expect(sparse.lines >= 990)
    }
}
