import CLISupport
import CoverageStats
import ScanEngine
import TextFormat

extension HTMLChart {
    /// Height of the series chart in its own units (its width is 1,000).
    static let seriesHeight = 160.0

    /// The shares of handled, excluded and unmatched requests per bucket, as columns of 100%
    /// stacked from the bottom (handled first) and placed by time, so a gap in the traffic is
    /// a gap in the chart. Each rectangle carries its bucket (`data-start`), outcome
    /// (`data-lane`) and exact share (`data-share`, in percent), and a tooltip.
    package static func series(_ rows: [ScanReport.SeriesRow], size: BucketSize) -> String {
        var out = HTMLWriter()
        let first = rows.first?.start ?? 0
        let slots = Double(((rows.last?.start ?? 0) - first) / size.seconds + 1)
        let width = 1000 / slots
        let label =
            rows.isEmpty
            ? "no bucket"
            : "handled, excluded and unmatched shares per \(size.name) from "
                + ScanReport.timeText(first) + " to "
                + ScanReport.timeText(rows.last?.start ?? first) + ", "
                + Format.plural(rows.count, "bucket")
        out.open(
            "svg",
            [
                "class": "series", "width": "100%", "height": "160",
                "viewBox": "0 0 1000 \(Format.fixed(seriesHeight, decimals: 0))",
                "preserveAspectRatio": "none", "role": "img", "aria-label": label,
                "data-buckets": String(rows.count),
            ])
        for row in rows {
            let x = Double((row.start - first) / size.seconds) * width
            let start = ScanReport.timeText(row.start)
            var top = seriesHeight
            let counts = [row.handled, row.excluded, row.unmatched]
            let shown = Format.percentsAddingUp(counts)
            for (index, lane) in Lane.allCases.enumerated() where counts[index] > 0 {
                let percent = row.percent(counts[index])
                let height = percent * seriesHeight / 100
                top -= height
                out.open(
                    "rect",
                    [
                        "class": "s-" + lane.name, "x": Format.fixed(x, decimals: 3),
                        "y": Format.fixed(max(0, top), decimals: 3),
                        "width": Format.fixed(width, decimals: 3),
                        "height": Format.fixed(height, decimals: 3), "data-start": start,
                        "data-lane": lane.name, "data-share": Format.fixed(percent, decimals: 3),
                    ])
                out.element(
                    "title",
                    say: "\(start) \(lane.name) \(shown[index]) (\(Format.count(counts[index])) "
                        + "of \(Format.count(row.classified)))")
                out.close("rect")
            }
        }
        out.close("svg")
        return out.html
    }
}
