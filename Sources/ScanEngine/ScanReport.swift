import ASCIIBytes
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
        /// Requests the app would open were it the only one installed; nil when not counted
        /// (`scan --per-app`).
        public var eligible: UInt64?
        /// Requests the app's own first decisive rule excludes; nil when not counted.
        public var eligibleExcluded: UInt64?
    }

    public struct RuleRow: Sendable, Equatable {
        public var ref: String
        public var source: String
        public var apps: [String]
        public var exclude: Bool
        public var pattern: String
        public var hits: UInt64
        /// The earlier rule that decides every URL this one matches, so it can never decide
        /// (a static finding, not a count); nil when none is proven. Filled by the caller.
        public var shadowedBy: String? = nil
        /// False when the rule decides by the fragment and no input could carry one (server
        /// logs never do): its hits say nothing, and 0 does not make it dead.
        public var measurable = true
        /// True when that proof stopped at its work budget (`ShadowAnalysis.workPerRule`):
        /// whether the rule can decide is not proven either way. Filled by the caller.
        public var proofNotFinished = false
    }

    public struct PathRow: Sendable, Equatable {
        /// The host of the requests, when the report has more than one host; nil otherwise.
        public var host: [UInt8]?
        public var path: [UInt8]
        public var count: UInt64
        public var errorBound: UInt64

        struct Identity: Hashable {
            var host: [UInt8]?
            var path: [UInt8]
        }
        var identity: Identity { Identity(host: host, path: path) }
    }

    public var result: ScanResult
    public var totals: CoverageTotals { result.summary.totals }
    public var apps: [AppRow] = []
    public var rules: [RuleRow] = []
    public var hosts: [HostCounts]
    public var topUnmatched: [PathRow]
    public var topHandled: [PathRow]
    /// True when requests of more than one host (no host counting as one) were classified:
    /// the path rows then carry their host.
    public var isMultiHost = false
    /// What may mislead in these figures (`ScanReport+Warnings`); a command may add its own.
    public var warnings: [ReportWarning] = []
    /// What Android did with the same requests, with `--android-manifest`; nil without.
    public var android: AndroidReport?

    /// Requests that were classified (not removed by a filter).
    public var classified: UInt64 { totals.requests &- totals.filtered.total }

    /// A share of the classified requests, in percent (0 when there are none).
    public func percent(_ count: UInt64) -> Double {
        classified == 0 ? 0 : Double(count) * 100 / Double(classified)
    }

    /// Rules that decided no request, of those the inputs could show at work.
    public var deadRules: [RuleRow] { rules.filter { $0.hits == 0 && $0.measurable } }

    /// Rules proven unable to decide any URL (`shadowedBy` set).
    public var shadowedRules: [RuleRow] { rules.filter { $0.shadowedBy != nil } }

    /// Builds the rows; `top` limits the path and host lists.
    public init(_ result: ScanResult, top: Int) {
        self.result = result
        let summary = result.summary
        let counted = summary.eligibility == .counted
        let fragmentsShown = result.inputs.contains { $0.format?.canCarryFragment == true }
        for file in result.associations.files {
            let source = file.domain?.description ?? file.path
            for (index, app) in file.rules.apps.enumerated() {
                apps.append(
                    AppRow(
                        app: app, source: source,
                        handled: summary.appHandled[file.appOffset + index],
                        excluded: summary.appExcluded[file.appOffset + index],
                        eligible: counted ? summary.appEligible[file.appOffset + index] : nil,
                        eligibleExcluded: counted
                            ? summary.appEligibleExcluded[file.appOffset + index] : nil))
            }
            for index in file.rules.rules.indices {
                rules.append(
                    RuleRow(
                        file, rule: index, hits: summary.ruleHits[file.ruleOffset + index],
                        fragmentsShown: fragmentsShown))
            }
        }
        hosts = summary.hosts(limit: top)
        let multiHost = summary.hosts(limit: 2).count > 1
        isMultiHost = multiHost
        topUnmatched = PathRow.rows(
            summary.topUnmatched(limit: top), multiHost: multiHost, top: top)
        topHandled = PathRow.rows(summary.topHandled(limit: top), multiHost: multiHost, top: top)
        android = summary.android.map {
            AndroidReport(
                $0, apps: apps.map { ($0.app, $0.source) }, fragmentsShown: fragmentsShown)
        }
        warnings = Self.warnings(result, rules: rules)
    }
}

extension ScanReport.RuleRow {
    /// The row of rule `index` of `file`, which decided `hits` requests; `fragmentsShown`
    /// says whether some input could carry a fragment (else a rule deciding by it is not
    /// measurable).
    public init(
        _ file: Associations.File, rule index: Int, hits: UInt64, shadowedBy: String? = nil,
        fragmentsShown: Bool
    ) {
        let rule = file.rules.rules[index]
        self.init(
            ref: rule.ref, source: file.domain?.description ?? file.path, apps: rule.appIDs,
            exclude: rule.exclude, pattern: rule.patternDescription, hits: hits,
            shadowedBy: shadowedBy, measurable: fragmentsShown || !rule.decidesByFragment)
    }
}

extension ScanReport.PathRow {
    /// A path-list key's host (lower-cased; empty when it has none) and path: keys are
    /// `/path`, or `host/path` (hosts hold no `/`); a key without `/` is a path.
    public static func split(_ key: [UInt8]) -> (host: [UInt8], path: [UInt8]) {
        guard let first = key.first, first != UInt8(ascii: "/"),
            let slash = key.firstIndex(of: UInt8(ascii: "/"))
        else { return ([], key) }
        return (key[..<slash].map(ASCII.lowercased), Array(key[slash...]))
    }

    /// The rows of the top `keys`, largest first (ties in text order), at most `top`: the
    /// host in its own column when the report has several hosts. Rows that read the same
    /// once the host is shown or left out (`Example.com/x` and `example.com/x`, or two hosts
    /// of a one-host report) are one row.
    public static func rows(_ keys: [RankedKey], multiHost: Bool, top: Int) -> [Self] {
        var rows: [Self] = []
        var index: [Identity: Int] = [:]
        for key in keys {
            let (host, path) = split(key.bytes)
            let row = Self(
                host: multiHost ? host : nil, path: path, count: key.count,
                errorBound: key.errorBound)
            if let at = index[row.identity] {
                rows[at].count.addSaturating(row.count)
                rows[at].errorBound.addSaturating(row.errorBound)
            } else {
                index[row.identity] = rows.count
                rows.append(row)
            }
        }
        rows.sort {
            $0.count != $1.count
                ? $0.count > $1.count
                : (($0.host ?? []) + $0.path).lexicographicallyPrecedes(($1.host ?? []) + $1.path)
        }
        return Array(rows.prefix(top))
    }
}
