import CLISupport
import ScanEngine
import TextFormat

/// The Android part of the JSON report: `android`, what Android did with the requests, and
/// `platforms`, the cross table of both (docs/reports.md). Both are null without
/// `--android-manifest`.
extension ReportJSON {
    /// `percent` gives a count's share of the classified requests.
    static func android(_ android: AndroidReport?, percent: (UInt64) -> Double) -> String {
        guard let android else { return "null" }
        var object = JSONObject()
        object.add("package", string: android.package)
        object.add("api_level", count: UInt64(max(android.apiLevel, 0)))
        object.add(counts: [
            "handled": android.handled, "excluded": android.excluded,
            "unmatched": android.unmatched,
        ])
        object.add(
            "handled_percent", raw: Format.fixed(percent(android.handled), decimals: 3))
        var reasons = JSONObject()
        for reason in android.reasons { reasons.add(reason.name, count: reason.count) }
        object.add("unmatched_reasons", raw: reasons.text)
        object.add("rules", raw: array(android.rules.map(rule)))
        object.add("dead_rules", count: UInt64(android.deadRules.count))
        return object.text
    }

    static func platforms(_ android: AndroidReport?, percent: (UInt64) -> Double) -> String {
        guard let android else { return "null" }
        var object = JSONObject()
        object.add(counts: [
            "both": android.both, "ios_only": android.iosOnly,
            "android_only": android.androidOnly, "neither": android.neither,
        ])
        var percents = JSONObject()
        for (key, count) in [
            ("both", android.both), ("ios_only", android.iosOnly),
            ("android_only", android.androidOnly), ("neither", android.neither),
        ] {
            percents.add(key, raw: Format.fixed(percent(count), decimals: 3))
        }
        object.add("percent", raw: percents.text)
        object.add("package", string: android.package)
        object.add(
            "apps",
            raw: array(
                android.apps.map { row in
                    var item = JSONObject()
                    item.add("app", string: row.app)
                    item.add("source", string: row.source)
                    item.add("package", string: android.package)
                    item.add(counts: ["both": row.both, "ios_only": row.iosOnly])
                    return item.text
                }))
        return object.text
    }

    private static func rule(_ rule: AndroidReport.RuleRow) -> String {
        var row = JSONObject()
        for (key, text) in [
            ("kind", rule.kind), ("source", rule.source), ("pattern", rule.pattern),
        ] {
            row.add(key, string: text)
        }
        row.add("hits", count: rule.hits)
        row.add("measurable", raw: bool(rule.measurable))
        return row.text
    }
}
