import ASCIIBytes
import CLISupport
import CoverageStats
import TextFormat

/// Charts of the HTML report, as inline SVG (no script, no image file): a stacked bar of
/// handled, excluded and unmatched requests with its legend, and a small bar per row.
package enum HTMLChart {
    package typealias Lane = CoverageOutcome.HostLane

    /// One bar split into the three outcomes, sized by `counts` (handled, excluded,
    /// unmatched), then a legend with each share (one decimal, adding up to 100.0%) and count.
    /// `metrics` names the JSON paths of the three counts and of their percentages (nil where
    /// the JSON has none), and `exactPercents` the JSON's values of those percentages.
    package static func stack(
        _ counts: [UInt64], label: String,
        metrics: (counts: [String?], percents: [String?])? = nil,
        exactPercents: [String?]? = nil, legend: Bool = true
    ) -> String {
        let total = counts.saturatingSum()
        let shares = Format.percentsAddingUp(counts)
        var out = HTMLWriter()
        let summary = zip(Lane.allCases, shares).map { "\($0.name) \($1)" }
        out.open(
            "svg",
            [
                "class": "stack", "viewBox": "0 0 1000 30", "preserveAspectRatio": "none",
                "role": "img", "aria-label": label + ": " + summary.joined(separator: ", "),
            ])
        var x = 0.0
        for (lane, count) in zip(Lane.allCases, counts) where count > 0 {
            let width = Double(count) * 1000 / Double(total)
            out.open(
                "rect",
                [
                    "class": "s-" + lane.name, "x": Format.fixed(x, decimals: 2), "y": "0",
                    "width": Format.fixed(width, decimals: 2), "height": "30",
                ])
            out.element("title", say: "\(lane.name): \(Format.count(count))")
            out.close("rect")
            x += width
        }
        if total == 0 {
            out.open("rect", ["class": "s-unmatched", "width": "1000", "height": "30"])
            out.close("rect")
        }
        out.close("svg")
        guard legend else { return out.html }
        out.element("div", ["class": "legend"]) { keys in
            for (index, lane) in Lane.allCases.enumerated() {
                keys.element("span") { item in
                    item.element("span", ["class": "key k-" + lane.name], say: "")
                    item.element("strong", say: lane.name)
                    item.say(" ")
                    item.element(
                        "span",
                        [
                            "data-metric": metrics?.percents[index],
                            "data-value": metrics?.percents[index] == nil
                                ? nil : exactPercents?[index],
                        ], say: shares[index])
                    item.say(" · ")
                    item.count(
                        counts[index], tag: "span", metric: metrics?.counts[index])
                }
            }
        }
        return out.html
    }

    /// A small horizontal bar, `value` of `total`, in the colour of `lane`.
    package static func bar(_ value: UInt64, of total: UInt64, lane: Lane = .handled) -> String {
        let width = total == 0 ? 0 : Double(value) * 100 / Double(total)
        var out = HTMLWriter()
        out.open(
            "svg",
            [
                "class": "bar", "viewBox": "0 0 100 10", "preserveAspectRatio": "none",
                "aria-hidden": "true",
            ])
        out.open(
            "rect",
            [
                "class": "s-" + lane.name, "width": Format.fixed(width, decimals: 2),
                "height": "10",
            ])
        out.close("rect")
        out.close("svg")
        return out.html
    }
}
