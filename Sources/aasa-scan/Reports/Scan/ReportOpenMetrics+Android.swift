import CLISupport
import ScanEngine

/// The Android families of the metrics (`--android-manifest`): Android's decisions, its
/// reasons, its rules and the cross table; left out without Android, not shown as zeros.
extension ReportOpenMetrics {
    static func addAndroid(_ report: ScanReport, to text: inout MetricsText) {
        guard let android = report.android else { return }
        let package = ("package", android.package)
        let classes = decisionClasses(android.handled, android.excluded, android.unmatched)
        text.add(
            "aasa_scan_android_requests", .counter,
            help: "Classified requests by Android's decision for the app of --android-manifest",
            classes.map { .init([package, ("class", $0.0)], count: $0.1) })
        text.add(
            "aasa_scan_android_coverage_ratio", .gauge, unit: "ratio",
            help: "Share of the classified requests by Android's decision, 0 to 1",
            classes.map { .init([package, ("class", $0.0)], ratio(percent: report.percent($0.1))) })
        text.add(
            "aasa_scan_android_unmatched_requests", .counter,
            help: "Requests Android leaves unmatched, by reason",
            android.reasons.map { .init([package, ("reason", $0.name)], count: $0.count) })
        text.add(
            "aasa_scan_android_rule_hits", .counter,
            help: "Requests each intent filter, group or dynamic rule took or kept away, dead "
                + "ones included",
            MetricsText.grouped(
                android.rules.map {
                    .init([package, ("kind", $0.kind), ("rule", $0.source)], count: $0.hits)
                }))
        text.add(
            "aasa_scan_platform_requests", .counter,
            help: "Classified requests by the platforms that open them: both, ios_only, "
                + "android_only, neither",
            [
                ("both", android.both), ("ios_only", android.iosOnly),
                ("android_only", android.androidOnly), ("neither", android.neither),
            ].map { .init([package, ("platforms", $0.0)], count: $0.1) })
        text.add(
            "aasa_scan_platform_app_requests", .counter,
            help: "Requests each iOS app opens, by whether the Android app opens them too "
                + "(both, ios_only)",
            MetricsText.grouped(
                android.apps.flatMap { app in
                    [("both", app.both), ("ios_only", app.iosOnly)].map {
                        MetricsText.Sample(
                            [
                                ("app", app.app), ("source", app.source), package,
                                ("platforms", $0.0),
                            ],
                            count: $0.1)
                    }
                }))
    }
}
