import Testing

@testable import CoverageStats

struct HyperLogLogTests {
    private static func sketch(_ range: Range<Int>, salt: String = "k") -> HyperLogLog {
        var sketch = HyperLogLog()
        for index in range {
            Array("/\(salt)/\(index)".utf8).withUnsafeBytes { sketch.insert($0) }
        }
        return sketch
    }

    @Test func emptySketchEstimatesZero() {
        #expect(HyperLogLog().estimate() == 0)
    }

    @Test(arguments: [1, 10, 100, 1_000, 10_000, 30_000])
    func smallCardinalitiesAreClose(distinct: Int) {
        let estimate = Self.sketch(0..<distinct).estimate()
        // Few keys occupy distinct registers: the estimate is then near exact.
        let tolerance = max(1.0, Double(distinct) * 0.02)
        #expect(abs(estimate - Double(distinct)) <= tolerance, "estimate \(estimate)")
    }

    @Test(arguments: [100_000, 1_000_000])
    func largeCardinalitiesStayWithinTwoPercent(distinct: Int) {
        let estimate = Self.sketch(0..<distinct).estimate()
        let relative = abs(estimate - Double(distinct)) / Double(distinct)
        #expect(relative < 0.02, "estimate \(estimate) for \(distinct)")
    }

    @Test func duplicatesDoNotCount() {
        var sketch = Self.sketch(0..<5_000)
        let once = sketch.estimate()
        sketch.formUnion(Self.sketch(0..<5_000))
        for index in 0..<5_000 {
            Array("/k/\(index)".utf8).withUnsafeBytes { sketch.insert($0) }
        }
        #expect(sketch.estimate() == once)
    }

    @Test func unionOfSplitsEqualsWholeAndOverlapsCountOnce() {
        var split = Self.sketch(0..<40_000)
        split.formUnion(Self.sketch(30_000..<80_000))
        #expect(split == Self.sketch(0..<80_000))
        let relative = abs(split.estimate() - 80_000) / 80_000
        #expect(relative < 0.02)
    }
}
