import CLISupport
import ScanEngine
import TextFormat

extension ReportTable {
    /// "Over time": one row per bucket of `--bucket`, the latest `top` of them, with its
    /// requests and the shares of its classified requests; nothing without a series.
    static func overTime(_ report: ScanReport, style: Style, top: Int, width: Int?) -> [String] {
        guard let size = report.seriesBucket, top > 0 else { return [] }
        let rows = report.series
        let shown = rows.suffix(top)
        var out = [
            "",
            style.bold("Over time") + " (per \(size.name), UTC"
                + (rows.count > top ? "; the last \(top) of \(rows.count) buckets" : "")
                + (report.seriesIsPartial ? "; requests without a time left out" : "") + ")",
        ]
        out += table(
            [["start", "requests", "handled", "excluded", "unmatched"]]
                + shown.map { row in
                    [ScanReport.timeText(row.start), Format.count(row.requests)]
                        + Format.percentsAddingUp([row.handled, row.excluded, row.unmatched])
                },
            alignRight: [false, true, true, true, true], header: true, style: style,
            width: width)
        if rows.count > top {
            out.append(
                "  ... and \(Format.count(rows.count - top)) earlier "
                    + "(--top N shows more; --format json or csv has all)")
        }
        return out
    }
}
