import CLISupport
import ScanEngine
import TextFormat

/// The Android part of the table: Android's coverage and why it left requests out, both
/// platforms side by side (overall and per iOS app), and Android's rules by hits.
extension ReportTable {
    static func androidSection(
        _ report: ScanReport, style: Style, top: Int, width: Int?
    ) -> [String] {
        guard let android = report.android else { return [] }
        var out = androidCoverage(android, classified: report.classified, style: style)
        out.append("")
        out.append(style.bold("Both platforms") + " (the same requests on iOS and on Android)")
        // Plain shares, not ones made to add up: `both` then reads as the handled share of
        // either platform when the counts are equal.
        out += table(
            [
                ("both", android.both), ("iOS only", android.iosOnly),
                ("Android only", android.androidOnly), ("neither", android.neither),
            ].map { [$0.0, Format.percent(report.percent($0.1)), Format.count($0.1)] },
            alignRight: [false, true, true])
        guard top > 0 else { return out }
        let apps = android.apps.filter { $0.both > 0 || $0.iosOnly > 0 }
        if !apps.isEmpty {
            out.append("")
            out.append(
                style.bold("iOS apps and \(TerminalText.escaped(android.package))")
                    + " (requests each iOS app opens, and whether the Android app opens them too)")
            out += table(
                [["app", "both", "iOS only"]]
                    + apps.prefix(top).map {
                        [
                            TerminalText.escaped($0.app), Format.count($0.both),
                            Format.count($0.iosOnly),
                        ]
                    },
                alignRight: [false, true, true], header: true, style: style, elastic: [0],
                width: width)
        }
        let ranked = android.rules.filter { $0.hits > 0 }.sorted { $0.hits > $1.hits }
        out.append("")
        out.append(
            style.bold("Android rules by hits")
                + " (top \(min(ranked.count, top)) of \(android.rules.count))")
        out += table(
            [["rule", "kind", "hits", "pattern"]]
                + ranked.prefix(top).map {
                    [
                        TerminalText.escaped($0.source), $0.kind, Format.count($0.hits),
                        TerminalText.escaped($0.pattern),
                    ]
                },
            alignRight: [false, false, true, false], header: true, style: style,
            elastic: [0, 3], width: width)
        let dead = android.deadRules
        if !dead.isEmpty {
            out.append(
                "  no hits in this traffic: "
                    + dead.prefix(top).map { TerminalText.escaped($0.source) }.joined(
                        separator: ", ") + (dead.count > top ? ", ..." : ""))
        }
        return out
    }

    /// Android's decisions of the classified requests, and why it left some out.
    static func androidCoverage(_ android: AndroidReport, classified: UInt64, style: Style)
        -> [String]
    {
        var out = [""]
        out.append(
            style.bold("Android") + " (\(TerminalText.escaped(android.package)), API "
                + "\(android.apiLevel)) of \(Format.count(classified)) classified requests")
        out += decisionTable(android.handled, android.excluded, android.unmatched)
        let reasons = android.reasons.filter { $0.count > 0 }.map {
            "\($0.name) \(Format.count($0.count))"
        }
        if !reasons.isEmpty { out.append("  unmatched: " + reasons.joined(separator: ", ")) }
        return out
    }
}
