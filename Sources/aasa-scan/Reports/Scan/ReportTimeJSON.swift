import CLISupport
import CoverageStats
import LogParsing
import ScanEngine

/// The time parts of the JSON report: `time_range` and the `series` of `--bucket`.
package enum ReportTimeJSON {
    /// `{"first": ..., "last": ...}` in RFC 3339 UTC, or `null` when no time was read.
    package static func timeRange(_ range: TimeRange?) -> String {
        guard let range else { return "null" }
        var object = JSONObject()
        object.add("first", string: TimestampText.rfc3339(range.first))
        object.add("last", string: TimestampText.rfc3339(range.last))
        return object.text
    }

    /// One object per bucket in time order; with per-app counts, `apps` lists per app (in the
    /// order of the report's `apps`) what it opened and excluded in the bucket.
    package static func series(_ series: TimeSeries, apps: [ScanReport.AppRow]) -> String {
        ReportJSON.array(
            series.buckets.map { start, counts in
                var row = JSONObject()
                row.add("start", string: TimestampText.rfc3339(start))
                row.add(counts: [
                    "requests": counts.requests, "filtered": counts.filtered,
                    "handled": counts.handled, "excluded": counts.excluded,
                    "unmatched": counts.unmatched, "no_association": counts.noAssociation,
                ])
                if series.appCount > 0 {
                    row.add(
                        "apps",
                        raw: ReportJSON.array(
                            zip(apps, zip(counts.appHandled, counts.appExcluded)).map {
                                app, pair in
                                var item = JSONObject()
                                item.add("app", string: app.app)
                                item.add("source", string: app.source)
                                item.add("handled", count: pair.0)
                                item.add("excluded", count: pair.1)
                                return item.text
                            }))
                }
                return row.text
            })
    }
}

extension ReportJSON {
    package static func timeRange(_ range: TimeRange?) -> String { ReportTimeJSON.timeRange(range) }
}
