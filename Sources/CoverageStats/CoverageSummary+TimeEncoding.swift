/// The time section of a saved summary, after the tables' filters: a flag and the range,
/// then a flag and the series (asked and current size, partiality, app count, buckets with
/// their counts and, per app, their handled and excluded requests). Written only when there
/// is a range or a series, so a summary of a scan without time options keeps the bytes it
/// had; summaries without it read back without time.
extension ByteReader {
    /// A time range as `encodeTime` writes it: first, then last; refused when it ends before
    /// it starts or lies outside the years a log can carry (`TimeRange.readable`).
    public mutating func timeRange() throws(SummaryDecodingError) -> TimeRange {
        let range = TimeRange(
            first: Int64(bitPattern: try u64()), last: Int64(bitPattern: try u64()))
        guard range.first <= range.last, range.isReadable else {
            throw failure("a time range that ends first or lies outside 1970-2099")
        }
        return range
    }
}

extension CoverageSummary {
    func encodeTime(into out: inout ByteWriter) {
        // The Android section comes after this one: it needs this one written, if empty.
        guard timeRange != nil || series != nil || android != nil else { return }
        if let timeRange {
            out.u64(1)
            out.u64(UInt64(bitPattern: timeRange.first))
            out.u64(UInt64(bitPattern: timeRange.last))
        } else {
            out.u64(0)
        }
        guard let series else {
            out.u64(0)
            return
        }
        out.u64(1)
        out.u64(series.askedSize.rawValue)
        out.u64(series.size.rawValue)
        out.u64(series.isPartial ? 1 : 0)
        out.int(series.appCount)
        let buckets = series.buckets
        out.int(buckets.count)
        for (start, counts) in buckets {
            out.u64(UInt64(bitPattern: start))
            for value in [
                counts.requests, counts.filtered, counts.handled, counts.excluded,
                counts.unmatched, counts.noAssociation,
            ] {
                out.u64(value)
            }
            if series.appCount > 0 {
                out.u64s(counts.appHandled)
                out.u64s(counts.appExcluded)
            }
        }
    }

    mutating func decodeTime(from input: inout ByteReader) throws(SummaryDecodingError) {
        if try input.u64() != 0 { timeRange = try input.timeRange() }
        guard try input.u64() != 0 else { return }
        guard let asked = BucketSize(rawValue: try input.u64()),
            let size = BucketSize(rawValue: try input.u64()), asked <= size
        else { throw input.failure("an unknown bucket size") }
        let isPartial = try input.u64() != 0
        let appCount = try input.int()
        guard appCount == 0 || appCount == shape.appCount else {
            throw input.failure("a series of another app count")
        }
        let count = try input.int()
        guard count <= TimeSeries.bucketLimit else { throw input.failure("too many buckets") }
        var buckets: [(Int64, BucketCounts)] = []
        for _ in 0..<count {
            let start = Int64(bitPattern: try input.u64())
            // Week buckets of 1970 start in 1969 (a Monday).
            guard start >= TimeRange.readable.lowerBound - 7 * 86_400,
                start <= TimeRange.readable.upperBound, size.start(of: start) == start
            else {
                throw input.failure("a bucket that does not start on its size")
            }
            var counts = BucketCounts()
            counts.requests = try input.u64()
            counts.filtered = try input.u64()
            counts.handled = try input.u64()
            counts.excluded = try input.u64()
            counts.unmatched = try input.u64()
            counts.noAssociation = try input.u64()
            if appCount > 0 {
                counts.appHandled = try input.u64s(count: appCount)
                counts.appExcluded = try input.u64s(count: appCount)
            }
            buckets.append((start, counts))
        }
        series = TimeSeries(
            askedSize: asked, size: size, appCount: appCount, isPartial: isPartial,
            buckets: buckets)
    }
}
