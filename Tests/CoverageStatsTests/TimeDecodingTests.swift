import Testing

@testable import CoverageStats

/// Saved times outside what a log can carry are damage: reading them is refused, where
/// trusting them would overflow the bucket arithmetic later (a merge, a report).
struct TimeDecodingTests {
    /// 2024-05-01T00:00:00Z, a Wednesday at midnight.
    static let may2024: Int64 = 1_714_521_600

    /// `bytes` with the first 8-byte word equal to `old` (as the encoder writes it) replaced.
    func replacing(_ old: Int64, with new: Int64, in bytes: [UInt8]) -> [UInt8]? {
        func word(_ value: Int64) -> [UInt8] {
            withUnsafeBytes(of: UInt64(bitPattern: value).littleEndian, Array.init)
        }
        let pattern = word(old)
        guard
            let at = bytes.indices.dropLast(7).first(where: {
                Array(bytes[$0..<($0 + 8)]) == pattern
            })
        else { return nil }
        var result = bytes
        result.replaceSubrange(at..<(at + 8), with: word(new))
        return result
    }

    @Test(arguments: [Int64.min, -1, TimeRange.readable.upperBound + 1, Int64.max])
    func aTimeRangeOutsideTheReadableYearsIsRefused(_ first: Int64) throws {
        var summary = CoverageSummary(shape: CoverageShape(appCount: 0, ruleCount: 0))
        summary.timeRange = TimeRange(first: first, last: max(first, 1))
        #expect(throws: SummaryDecodingError.self) {
            try CoverageSummary(encoded: summary.encoded())
        }
        summary.timeRange = TimeRange(first: 0, last: TimeRange.readable.upperBound)
        #expect(try CoverageSummary(encoded: summary.encoded()).timeRange == summary.timeRange)
    }

    @Test(arguments: [BucketSize.hour, .week])
    func aBucketOutsideTheReadableYearsIsRefused(_ size: BucketSize) throws {
        var summary = CoverageSummary(shape: CoverageShape(appCount: 0, ruleCount: 0))
        var series = TimeSeries(size: size)
        series.record(.handled, at: Self.may2024, weight: 3)
        summary.series = series
        let bytes = summary.encoded()
        #expect(try CoverageSummary(encoded: bytes).series == series)
        let start = size.start(of: Self.may2024)
        // Starts of buckets of the size, outside 1970-2099: the check of the size alone would
        // let them pass.
        let outside = [Int64.max / 2, Int64.min / 2, TimeRange.readable.upperBound + 8 * 86_400]
        for damaged in outside.map(size.start) {
            let changed = try #require(replacing(start, with: damaged, in: bytes))
            #expect(throws: SummaryDecodingError.self) { try CoverageSummary(encoded: changed) }
        }
    }
}
