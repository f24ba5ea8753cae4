import CoverageStats

/// The Android rows of a scan report (`scan --android-manifest`): its decisions, the reasons
/// it left requests out, its rules, and the cross table of both platforms.
public struct AndroidReport: Sendable, Equatable {
    public struct RuleRow: Sendable, Equatable {
        /// `filter`, `group` or `dynamic_rule`.
        public var kind: String
        public var source: String
        public var pattern: String
        /// Requests it took (a filter, and the dynamic rule that let them through) or kept
        /// away (a block group, an exclusion).
        public var hits: UInt64
        /// False when it decides by the fragment and no input could carry one.
        public var measurable: Bool
    }

    /// Unmatched requests for one reason.
    public struct ReasonRow: Sendable, Equatable {
        public var name: String
        public var count: UInt64
    }

    /// Requests one iOS app opens, split by whether Android opens them too.
    public struct CrossRow: Sendable, Equatable {
        public var app: String
        /// The AASA file (domain or path) that names the app.
        public var source: String
        public var both: UInt64
        public var iosOnly: UInt64
    }

    public var package: String
    public var apiLevel: Int
    public var handled: UInt64
    public var excluded: UInt64
    public var unmatched: UInt64
    /// Unmatched requests per reason, every reason listed (0 included), in a fixed order.
    public var reasons: [ReasonRow]
    public var rules: [RuleRow]
    /// Requests opened on both platforms, on iOS only, on Android only, on neither.
    public var both: UInt64
    public var iosOnly: UInt64
    public var androidOnly: UInt64
    public var neither: UInt64
    /// Per iOS app, in the order of the report's apps.
    public var apps: [CrossRow]

    /// Rules that decided no request, of those the inputs could show at work.
    public var deadRules: [RuleRow] { rules.filter { $0.hits == 0 && $0.measurable } }

    /// The rows of `counts`, with `apps` the iOS apps (in app index order) and the AASA file
    /// (domain or path) of each.
    public init(
        _ counts: AndroidCounts, apps: [(app: String, source: String)], fragmentsShown: Bool
    ) {
        package = counts.labels.package
        apiLevel = counts.labels.apiLevel
        handled = counts.handled
        excluded = counts.excluded
        unmatched = counts.unmatched
        reasons = zip(counts.labels.reasons, counts.reasonCounts).map {
            ReasonRow(name: $0, count: $1)
        }
        rules = zip(counts.labels.rules, counts.ruleCounts).map { label, hits in
            RuleRow(
                kind: label.kind, source: label.source, pattern: label.pattern, hits: hits,
                measurable: fragmentsShown || !label.readsFragment)
        }
        both = counts.both
        iosOnly = counts.iosOnly
        androidOnly = counts.androidOnly
        neither = counts.neither
        self.apps = apps.enumerated().map { index, row in
            let (both, iosOnly) = counts.crossCounts(app: index)
            return CrossRow(app: row.app, source: row.source, both: both, iosOnly: iosOnly)
        }
    }
}
