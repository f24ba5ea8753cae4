import CoverageStats
import LinkMatcher

/// The rows a scan report shows, in the order renderers print them: computed once from a
/// `ScanResult` so the table, JSON and CSV forms cannot disagree.
public struct ScanReport: Sendable {
    public struct AppRow: Sendable, Equatable {
        public var app: String
        /// The AASA file (domain or path) that names the app.
        public var source: String
        public var handled: UInt64
        public var excluded: UInt64
    }

    public struct RuleRow: Sendable, Equatable {
        public var ref: String
        public var source: String
        public var apps: [String]
        public var exclude: Bool
        public var pattern: String
        public var hits: UInt64
    }

    public struct PathRow: Sendable, Equatable {
        public var path: [UInt8]
        public var count: UInt64
        public var errorBound: UInt64
    }

    public var result: ScanResult
    public var totals: CoverageTotals { result.summary.totals }
    public var apps: [AppRow] = []
    public var rules: [RuleRow] = []
    public var hosts: [HostCounts]
    public var topUnmatched: [PathRow]
    public var topHandled: [PathRow]

    /// Requests that were classified (not removed by a filter).
    public var classified: UInt64 { totals.requests &- totals.filtered.total }

    /// A share of the classified requests, in percent (0 when there are none).
    public func percent(_ count: UInt64) -> Double {
        classified == 0 ? 0 : Double(count) * 100 / Double(classified)
    }

    public var deadRules: [RuleRow] { rules.filter { $0.hits == 0 } }

    /// Builds the rows; `top` limits the path and host lists.
    public init(_ result: ScanResult, top: Int) {
        self.result = result
        let summary = result.summary
        for file in result.associations.files {
            let source = file.domain?.description ?? file.path
            for (index, app) in file.rules.apps.enumerated() {
                apps.append(
                    AppRow(
                        app: app, source: source,
                        handled: summary.appHandled[file.appOffset + index],
                        excluded: summary.appExcluded[file.appOffset + index]))
            }
            for (index, rule) in file.rules.rules.enumerated() {
                rules.append(
                    RuleRow(
                        ref: rule.ref, source: source, apps: rule.appIDs, exclude: rule.exclude,
                        pattern: rule.patternDescription,
                        hits: summary.ruleHits[file.ruleOffset + index]))
            }
        }
        hosts = summary.hosts(limit: top)
        topUnmatched = summary.topUnmatched(limit: top).map {
            PathRow(path: $0.bytes, count: $0.count, errorBound: $0.errorBound)
        }
        topHandled = summary.topHandled(limit: top).map {
            PathRow(path: $0.bytes, count: $0.count, errorBound: $0.errorBound)
        }
    }
}
