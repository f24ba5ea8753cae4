import CLISupport
import ScanEngine
import TextFormat

extension ReportHTML {
    /// Most buckets the chart draws: the latest ones (the JSON and CSV have them all).
    static let chartBuckets = 1_000

    /// "Over time" (`--bucket`): the shares per bucket as a chart, the time range, and the
    /// latest `top` buckets as rows; nothing without a series.
    static func overTime(_ out: inout HTMLWriter, _ report: ScanReport, top: Int) {
        guard let size = report.seriesBucket else { return }
        let rows = report.series
        HTMLSections.section(
            &out, id: "over-time", title: "Over time", note: "per \(size.name), UTC"
        ) { out in
            let drawn = Array(rows.suffix(chartBuckets))
            out.raw(HTMLChart.series(drawn, size: size))
            out.element("p", ["class": "note"]) { note in
                note.say(
                    Format.plural(rows.count, "bucket")
                        + (rows.count > drawn.count
                            ? ", the last \(Format.count(drawn.count)) drawn" : ""))
                if let first = drawn.first, let last = drawn.last {
                    note.say(
                        " from \(ScanReport.timeText(first.start)) to "
                            + "\(ScanReport.timeText(last.start)); each column is 100% of the "
                            + "bucket's classified requests")
                }
                if report.seriesIsPartial {
                    note.say("; requests without a time are left out")
                }
            }
            out.element("div", ["class": "legend"]) { keys in
                for lane in HTMLChart.Lane.allCases {
                    keys.element("span") { item in
                        item.element("span", ["class": "key k-" + lane.name], say: "")
                        item.say(lane.name)
                    }
                }
            }
            guard top > 0 else { return }
            HTMLSections.table(
                &out,
                ["start", "requests#", "handled#", "excluded#", "unmatched#", "handled share#"],
                id: "series-table"
            ) { table in
                for row in rows.suffix(top) {
                    let start = ScanReport.timeText(row.start)
                    table.element("tr", ["data-start": start]) { cells in
                        cells.element("td", say: start)
                        cells.count(row.requests, field: "requests")
                        cells.count(row.handled, field: "handled")
                        cells.count(row.excluded, field: "excluded")
                        cells.count(row.unmatched, field: "unmatched")
                        let exact = Format.fixed(row.percent(row.handled), decimals: 3)
                        cells.element(
                            "td",
                            ["class": "n", "data-field": "handled_percent", "data-value": exact],
                            say: Format.percent(row.percent(row.handled)))
                    }
                }
            }
        }
    }
}
