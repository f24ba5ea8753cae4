import CoverageStats
import LogParsing

extension ScanReport {
    /// One bucket of `--bucket`, as every renderer shows it: the requests of its time and
    /// what became of the classified ones.
    public struct SeriesRow: Sendable, Equatable {
        /// The bucket's first second (UTC).
        public var start: Int64
        public var requests: UInt64
        /// Removed by a filter other than the time (`--methods`, `--status`, ...).
        public var filtered: UInt64
        public var handled: UInt64
        public var excluded: UInt64
        public var unmatched: UInt64
        public var noAssociation: UInt64
        /// Per app, in the order of `apps`, with per-app buckets; empty otherwise.
        public var appHandled: [UInt64]
        public var appExcluded: [UInt64]

        /// Requests of the bucket no filter removed.
        public var classified: UInt64 { requests &- filtered }

        /// A share of the bucket's classified requests, in percent (0 when there are none).
        public func percent(_ count: UInt64) -> Double {
            classified == 0 ? 0 : Double(count) * 100 / Double(classified)
        }
    }

    /// The first and last request times read, nil when none was.
    public var timeRange: TimeRange? { result.summary.timeRange }

    /// True when the run read times (a time option was given, or a merged state had times):
    /// only then do the renderers show the time figures, so a report without them reads as
    /// it did before time was counted.
    public var readsTime: Bool { result.readsTime }

    /// The buckets of `--bucket` in time order; empty without it.
    public var series: [SeriesRow] {
        guard let series = result.summary.series else { return [] }
        return series.buckets.map { start, counts in
            SeriesRow(
                start: start, requests: counts.requests,
                filtered: counts.filtered, handled: counts.handled,
                excluded: counts.excluded, unmatched: counts.unmatched,
                noAssociation: counts.noAssociation, appHandled: counts.appHandled,
                appExcluded: counts.appExcluded)
        }
    }

    /// The size of the buckets of `series` (coarser than asked past the bucket limit).
    public var seriesBucket: BucketSize? { result.summary.series?.size }

    /// True when the buckets leave out requests without a time.
    public var seriesIsPartial: Bool { result.summary.series?.isPartial ?? false }

    /// `2024-05-01T23:30:00Z`: how every report writes a time.
    public static func timeText(_ seconds: Int64) -> String { TimestampText.rfc3339(seconds) }
}

extension ScanResult {
    /// True when the run read request times: a time option was given (`--since`, `--until`,
    /// `--bucket`), or a merged state had times.
    public var readsTime: Bool {
        summary.timeRange != nil || summary.series != nil || summary.totals.filtered.byTime > 0
    }
}
