import CLISupport
import ScanEngine
import TextFormat

/// The Android sections of the page (`--android-manifest`): Android's coverage and reasons,
/// both platforms side by side, and Android's rules. Each figure names its JSON path.
extension ReportHTML {
    static func android(_ out: inout HTMLWriter, _ report: ScanReport, top: Int) {
        guard let android = report.android else { return }
        HTMLSections.section(
            &out, id: "android", title: "Android",
            note: "\(android.package), API \(android.apiLevel)"
        ) { out in
            let counts = [android.handled, android.excluded, android.unmatched]
            out.raw(HTMLChart.stack(counts, label: "Android coverage", legend: false))
            out.element("div", ["class": "cards"]) { cards in
                for (index, lane) in HTMLChart.Lane.allCases.enumerated() {
                    HTMLSections.card(
                        &cards, "Android " + lane.name, counts[index],
                        metric: "android.\(lane.name)", kind: lane.name)
                }
            }
            let reasons = android.reasons.filter { $0.count > 0 }
            if !reasons.isEmpty {
                out.element("ul", ["class": "facts"]) { facts in
                    for reason in reasons {
                        facts.element("li") { item in
                            item.count(
                                reason.count, tag: "strong",
                                metric: "android.unmatched_reasons.\(reason.name)", classes: "")
                            item.say(" unmatched: " + reason.name)
                        }
                    }
                }
            }
        }
        HTMLSections.section(
            &out, id: "platforms", title: "Both platforms",
            note: "the same requests on iOS and on Android"
        ) { out in
            out.element("div", ["class": "cards"]) { cards in
                for (label, count, key) in [
                    ("both", android.both, "both"), ("iOS only", android.iosOnly, "ios_only"),
                    ("Android only", android.androidOnly, "android_only"),
                    ("neither", android.neither, "neither"),
                ] {
                    HTMLSections.card(&cards, label, count, metric: "platforms.\(key)")
                }
            }
            guard top > 0 else { return }
            HTMLSections.table(
                &out, ["iOS app", "both#", "iOS only#"], id: "platforms-table"
            ) { rows in
                for app in android.apps.prefix(top) {
                    HTMLSections.appRow(&rows, app: app.app, source: app.source) { row in
                        row.count(app.both, field: "both")
                        row.count(app.iosOnly, field: "ios_only")
                    }
                }
            }
        }
        guard top > 0 else { return }
        HTMLSections.section(
            &out, id: "android-rules", title: "Android rules",
            note: "\(android.rules.count) filters, groups and dynamic rules"
        ) { out in
            HTMLSections.table(
                &out, ["rule", "kind", "hits#", "pattern"], id: "android-rules-table"
            ) { rows in
                for rule in android.rules.prefix(top) {
                    rows.element(
                        "tr", ["data-measurable": rule.measurable ? "true" : "false"]
                    ) { row in
                        row.element("td", ["class": "name mono"], text: rule.source)
                        row.element("td", text: rule.kind)
                        row.count(rule.hits, field: "hits")
                        row.element("td", ["class": "mono"], text: rule.pattern)
                    }
                }
            }
        }
    }
}
