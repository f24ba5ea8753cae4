import CoverageStats
import Testing
import Workload

/// Time buckets: their starts, their bound, and their merge as a monoid.
struct TimeSeriesTests {
    @Test func bucketsStartOnTheHourDayAndMonday() {
        // 2024-05-01T23:30:00Z, a Wednesday.
        let time: Int64 = 1_714_606_200
        #expect(BucketSize.hour.start(of: time) == 1_714_604_400)
        #expect(BucketSize.day.start(of: time) == 1_714_521_600)
        // Monday 2024-04-29T00:00:00Z.
        #expect(BucketSize.week.start(of: time) == 1_714_348_800)
        #expect(BucketSize.week.start(of: 1_714_348_800) == 1_714_348_800)
        #expect(BucketSize.week.start(of: 1_714_348_799) == 1_714_348_800 - 604_800)
    }

    /// A series of `count` random requests over `span` seconds from `start`.
    static func series(
        _ random: inout SplitMix64, count: Int, start: Int64, span: UInt64,
        size: BucketSize = .hour, apps: Int = 2
    ) -> TimeSeries {
        var series = TimeSeries(size: size, appCount: apps)
        for _ in 0..<count {
            let time = start + Int64(random.next() % span)
            let weight = 1 + random.next() % 3
            switch random.next() % 5 {
            case 0: series.recordFiltered(at: time, weight: weight)
            case 1: series.record(.handled, app: Int(random.next() % 2), at: time, weight: weight)
            case 2: series.record(.excluded, app: Int(random.next() % 2), at: time, weight: weight)
            case 3: series.record(.unmatched, noAssociation: true, at: time, weight: weight)
            default: series.record(.unmatched, at: time, weight: weight)
            }
        }
        return series
    }

    static func sums(_ series: TimeSeries) -> [UInt64] {
        series.buckets.reduce(into: [0, 0, 0, 0, 0, 0]) { sums, bucket in
            let counts = bucket.counts
            for (index, value) in [
                counts.requests, counts.filtered, counts.handled, counts.excluded,
                counts.unmatched, counts.noAssociation,
            ].enumerated() {
                sums[index] += value
            }
        }
    }

    @Test func pastTheLimitTheSeriesTurnsCoarserAndKeepsEveryCount() {
        var random = SplitMix64(seed: 0x7200)
        // Three years of hours: more than 10,000 buckets.
        let series = Self.series(&random, count: 40_000, start: 1_600_000_000, span: 3 * 31_536_000)
        #expect(series.askedSize == .hour)
        #expect(series.size == .day)
        #expect(series.buckets.count <= TimeSeries.bucketLimit)
        // The same requests counted per week (never coarsened): the same sums.
        var again = SplitMix64(seed: 0x7200)
        let weekly = Self.series(
            &again, count: 40_000, start: 1_600_000_000, span: 3 * 31_536_000, size: .week)
        #expect(weekly.size == .week)
        #expect(Self.sums(series) == Self.sums(weekly))
        #expect(series.buckets.allSatisfy { BucketSize.day.start(of: $0.start) == $0.start })
    }

    @Test(arguments: [0x7201 as UInt64, 0x7202, 0x7203])
    func mergeIsAssociativeCommutativeWithAnIdentity(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let a = Self.series(&random, count: 500, start: 1_700_000_000, span: 400_000)
        let b = Self.series(&random, count: 500, start: 1_700_200_000, span: 400_000, size: .day)
        let c = Self.series(&random, count: 500, start: 1_699_000_000, span: 2_000_000)
        let empty = TimeSeries(size: .hour, appCount: 2)
        #expect((a + b) + c == a + (b + c))
        #expect(a + b == b + a)
        #expect(a + empty == a)
        #expect(empty + a == a)
        // The merge takes the coarser size, and keeps every count.
        #expect((a + b).size == .day)
        let sum = zip(Self.sums(a), Self.sums(b)).map { $0 + $1 }
        #expect(Self.sums(a + b) == sum)
    }

    @Test func timeRangesMergeToTheirSpan() {
        let a: TimeRange? = TimeRange(first: 10, last: 20)
        let b: TimeRange? = TimeRange(first: 5, last: 12)
        let none: TimeRange? = nil
        #expect(a + b == TimeRange(first: 5, last: 20))
        #expect(a + none == a)
        #expect(none + a == a)
        #expect((a + b) + none == a + (b + none))
    }

    @Test func summariesSaveAndRestoreTheirTime() throws {
        var random = SplitMix64(seed: 0x7204)
        var summary = CoverageSummary(shape: CoverageShape(appCount: 2, ruleCount: 3))
        summary.series = Self.series(&random, count: 300, start: 1_700_000_000, span: 90_000)
        summary.timeRange = TimeRange(first: 1_700_000_000, last: 1_700_089_999)
        summary.recordFiltered(.time, weight: 7)
        let back = try CoverageSummary(encoded: summary.encoded())
        #expect(back == summary)
        #expect(back.totals.filtered.byTime == 7)
        #expect(back.series?.buckets.count == summary.series?.buckets.count)
    }
}
