import ASCIIBytes
import CLISupport
import CoverageStats
import LinkMatcher
import RuleAnalysis
import ScanEngine

/// The rows of a traffic `diff` report, computed once from the one-pass result so that the
/// table, JSON and CSV forms cannot disagree. "Old" is the files given with `--old`, counted
/// exactly as `scan` counts them; "new" the files of `--new`.
package struct DiffReport {
    package typealias Lane = CoverageOutcome.HostLane

    /// Handled, excluded and unmatched requests under one side's files.
    package struct Side {
        package var handled: UInt64
        package var excluded: UInt64
        package var unmatched: UInt64
        package var noAssociation: UInt64
    }

    package struct Transition {
        package var from: Lane
        package var to: Lane
        package var requests: UInt64
    }

    /// An app ID, with the domain whose file names it (nil for the file serving every host).
    package struct AppRow {
        package var app: String
        package var domain: String?
        package var oldHandled: UInt64 = 0
        package var newHandled: UInt64 = 0
        package var oldExcluded: UInt64 = 0
        package var newExcluded: UInt64 = 0
    }

    package struct AppChange {
        package var from: String
        package var to: String
        package var requests: UInt64
    }

    /// A path of a top list, as `scan` lists it.
    package typealias PathRow = ScanReport.PathRow

    /// The top paths of one changed transition, or of the requests that change app.
    package struct ChangedPaths {
        package var from: Lane
        package var to: Lane
        package var appChange: Bool
        package var requests: UInt64
        package var approximate: Bool
        package var paths: [PathRow]
    }

    /// One rule as `scan` lists it, for either side.
    /// What may mislead in these figures: another site's traffic, inputs that gave nothing.
    package var warnings: [ReportWarning] = []

    /// A rule of either side, as `scan` lists it (`shadowedBy` is the rule of its own file
    /// that makes it never decide).
    package typealias RuleRow = ScanReport.RuleRow

    /// A rule whose hits differ between the sides: the same rule in both files (unchanged or
    /// moved), a changed rule, or a rule of one file only.
    package struct RuleChange {
        package var kind: RuleAlignment.Kind
        package var source: String
        package var old: RuleRow?
        package var new: RuleRow?
        package var delta: Int64 { (new?.hits ?? 0).signedChange(from: old?.hits ?? 0) }
    }

    package let result: ScanResult
    /// The first and last request times, when a time option had them read.
    package var timeRange: TimeRange? { result.summary.timeRange }
    package let comparison: Comparison
    package let maxLost: Double?
    /// Rows of the path lists and of the rule changes.
    package let top: Int
    package var transitions: [Transition] = []
    package var old: Side
    package var new: Side
    package var appChanges: [AppChange] = []
    package var apps: [AppRow] = []
    package var changedPaths: [ChangedPaths] = []
    package var oldRules: [RuleRow] = []
    package var newRules: [RuleRow] = []
    /// Every rule whose hits changed, largest change first.
    package var ruleChanges: [RuleChange] = []
    /// True when some input can carry a URL's fragment (a list of URLs, not a server log).
    package var fragmentsShown = false
    /// With `--android-manifest`: Android's decisions with the cross table against the old
    /// files' apps, and the same decisions against the new files' apps; nil without.
    package var android: AndroidReport?
    package var newAndroid: AndroidReport?
    /// Each domain's decision changes worked out on the rules (`DecisionDiff`). Empty when
    /// not worked out.
    package var decisionSections: [TransitionSection] = []

    /// The changes the inputs cannot show: those only a fragment makes, when no input can
    /// carry one (server logs never do).
    package var unseenSections: [TransitionSection] {
        fragmentsShown ? [] : decisionSections.map(\.unseen)
    }

    package var totals: CoverageTotals { result.summary.totals }
    package var classified: UInt64 { totals.requests &- totals.filtered.total }
    /// A count's share of the classified requests, in percent (0 when there are none).
    package func percent(_ count: UInt64) -> Double {
        classified == 0 ? 0 : Double(count) * 100 / Double(classified)
    }
    package var diff: DiffSummary { comparison.summary }

    package func requests(_ from: Lane, _ to: Lane) -> UInt64 { diff.requests(from: from, to: to) }

    /// Requests handled under the old files and not under the new ones.
    package var lost: UInt64 {
        requests(.handled, .excluded).addingSaturating(requests(.handled, .unmatched))
    }
    /// Requests handled under the new files and not under the old ones.
    package var gained: UInt64 {
        requests(.excluded, .handled).addingSaturating(requests(.unmatched, .handled))
    }
    /// `lost` in percent of the requests handled under the old files (0 when there are none).
    package var lostPercent: Double {
        old.handled == 0 ? 0 : Double(lost) * 100 / Double(old.handled)
    }
    package var appChanged: UInt64 { diff.appChanges.values.saturatingSum() }
    /// Requests off the diagonal, plus the ones that change app.
    package var changedRequests: UInt64 {
        transitions.filter { $0.from != $0.to }.map(\.requests).saturatingSum()
            .addingSaturating(appChanged)
    }
    package var gateFailed: Bool { maxLost.map { lostPercent > $0 } ?? false }
    package var deadNewRules: [RuleRow] { newRules.filter { $0.hits == 0 && $0.measurable } }
    /// New rules proven unable to decide any URL (they are among the dead ones).
    package var shadowedNewRules: Int { newRules.filter { $0.shadowedBy != nil }.count }

    /// `variables` holds each side's files' custom substitution variables, in file order:
    /// they are part of what a rule means when rules are matched across the sides.
    /// `shadowedBy` holds each side's `ShadowMarks.byRule` (empty when not worked out).
    package init(
        _ result: ScanResult, comparison: Comparison, top: Int, maxLost: Double?,
        variables: (old: [[String: [String]]], new: [[String: [String]]]),
        shadowedBy: (old: [String?], new: [String?]) = ([], [])
    ) {
        self.result = result
        self.comparison = comparison
        self.maxLost = maxLost
        self.top = top
        let summary = result.summary
        let diff = comparison.summary
        old = Side(
            handled: summary.totals.handled, excluded: summary.totals.excluded,
            unmatched: summary.totals.unmatched, noAssociation: summary.totals.noAssociation)
        new = Side(
            handled: diff.newTotals.handled, excluded: diff.newTotals.excluded,
            unmatched: diff.newTotals.unmatched, noAssociation: diff.newTotals.noAssociation)
        for from in Lane.allCases {
            for to in Lane.allCases {
                transitions.append(
                    Transition(from: from, to: to, requests: diff.requests(from: from, to: to)))
            }
        }
        let oldFiles = result.associations.files
        let newFiles = comparison.associations.files
        fragmentsShown = result.inputs.contains { $0.format?.canCarryFragment == true }
        oldRules = Self.rules(
            oldFiles, hits: summary.ruleHits, shadowedBy: shadowedBy.old,
            fragmentsShown: fragmentsShown)
        newRules = Self.rules(
            newFiles, hits: diff.ruleHits, shadowedBy: shadowedBy.new,
            fragmentsShown: fragmentsShown)
        apps = Self.apps(
            old: oldFiles, new: newFiles, oldHandled: summary.appHandled,
            oldExcluded: summary.appExcluded, newHandled: diff.appHandled,
            newExcluded: diff.appExcluded)
        let oldApps = oldFiles.flatMap(\.rules.apps)
        let newApps = newFiles.flatMap(\.rules.apps)
        func appSources(_ files: [Associations.File]) -> [(app: String, source: String)] {
            files.flatMap { file in
                file.rules.apps.map { ($0, file.domain?.description ?? file.path) }
            }
        }
        android = summary.android.map {
            AndroidReport($0, apps: appSources(oldFiles), fragmentsShown: fragmentsShown)
        }
        newAndroid = diff.android.map {
            AndroidReport($0, apps: appSources(newFiles), fragmentsShown: fragmentsShown)
        }
        var byName: [String: AppChange] = [:]
        for (pair, count) in diff.appChanges {
            let key = oldApps[pair.old] + "\n" + newApps[pair.new]
            byName[
                key, default: AppChange(from: oldApps[pair.old], to: newApps[pair.new], requests: 0)
            ]
            .requests += count
        }
        appChanges = byName.values.sorted {
            ($1.requests, $0.from, $0.to) < ($0.requests, $1.from, $1.to)
        }
        let cells: [(Lane, Lane)] = [
            (.handled, .excluded), (.handled, .unmatched), (.excluded, .handled),
            (.excluded, .unmatched), (.unmatched, .handled), (.unmatched, .excluded),
        ]
        let keys =
            cells.map { diff.topPaths(from: $0.0, to: $0.1, limit: .max) }
            + [diff.topAppChangePaths(limit: .max)]
        // Hosts are shown when the listed paths come from more than one (no host counting
        // as one), as in the scan report.
        let multiHost = Set(keys.joined().map { PathRow.split($0.bytes).host }).count > 1
        for (index, (from, to)) in cells.enumerated() {
            changedPaths.append(
                ChangedPaths(
                    from: from, to: to, appChange: false,
                    requests: diff.requests(from: from, to: to),
                    approximate: diff.topPathsAreApproximate(from: from, to: to),
                    paths: PathRow.rows(keys[index], multiHost: multiHost, top: top)))
        }
        changedPaths.append(
            ChangedPaths(
                from: .handled, to: .handled, appChange: true, requests: appChanged,
                approximate: diff.appChangePathsAreApproximate,
                paths: PathRow.rows(keys[cells.count], multiHost: multiHost, top: top)))
        ruleChanges = Self.ruleChanges(
            old: oldFiles, new: newFiles, oldRows: oldRules, newRows: newRules,
            variables: variables)
    }

    private static func source(_ file: Associations.File) -> String {
        file.domain?.description ?? file.path
    }

    private static func rules(
        _ files: [Associations.File], hits: [UInt64], shadowedBy: [String?], fragmentsShown: Bool
    ) -> [RuleRow] {
        files.flatMap { file in
            file.rules.rules.indices.map { index in
                let at = file.ruleOffset + index
                return RuleRow(
                    file, rule: index, hits: hits[at],
                    shadowedBy: at < shadowedBy.count ? shadowedBy[at] : nil,
                    fragmentsShown: fragmentsShown)
            }
        }
    }

    /// One row per app ID and domain, in order of first appearance (old files first).
    private static func apps(
        old: [Associations.File], new: [Associations.File], oldHandled: [UInt64],
        oldExcluded: [UInt64], newHandled: [UInt64], newExcluded: [UInt64]
    ) -> [AppRow] {
        var rows: [AppRow] = []
        var index: [String: Int] = [:]
        func row(_ app: String, _ file: Associations.File) -> Int {
            let key = (file.domain?.description ?? "") + "\n" + app
            if let known = index[key] { return known }
            index[key] = rows.count
            rows.append(AppRow(app: app, domain: file.domain?.description))
            return rows.count - 1
        }
        for file in old {
            for (offset, app) in file.rules.apps.enumerated() {
                let at = row(app, file)
                rows[at].oldHandled.addSaturating(oldHandled[file.appOffset + offset])
                rows[at].oldExcluded.addSaturating(oldExcluded[file.appOffset + offset])
            }
        }
        for file in new {
            for (offset, app) in file.rules.apps.enumerated() {
                let at = row(app, file)
                rows[at].newHandled.addSaturating(newHandled[file.appOffset + offset])
                rows[at].newExcluded.addSaturating(newExcluded[file.appOffset + offset])
            }
        }
        return rows
    }

    /// Rules of the old and new file of each domain matched by identity (`RuleAlignment`);
    /// the rules of a file whose domain the other side does not name count as removed or
    /// added. Only rules whose hits differ are kept, the largest change first.
    private static func ruleChanges(
        old: [Associations.File], new: [Associations.File], oldRows: [RuleRow],
        newRows: [RuleRow], variables: (old: [[String: [String]]], new: [[String: [String]]])
    ) -> [RuleChange] {
        var changes: [RuleChange] = []
        var pairedNew = Set<Int>()
        for (oldIndex, oldFile) in old.enumerated() {
            let match = new.firstIndex { $0.domain == oldFile.domain }
            let newFile = match.map { new[$0] }
            if let match { pairedNew.insert(match) }
            let alignment = RuleAlignment(
                old: oldFile.rules.rules, new: newFile?.rules.rules ?? [],
                oldVariables: variables.old[oldIndex],
                newVariables: match.map { variables.new[$0] } ?? [:])
            for pair in alignment.pairs {
                changes.append(
                    RuleChange(
                        kind: pair.kind, source: source(oldFile),
                        old: pair.old.map { oldRows[oldFile.ruleOffset + $0] },
                        new: pair.new.flatMap { index in
                            newFile.map { newRows[$0.ruleOffset + index] }
                        }))
            }
        }
        for (index, newFile) in new.enumerated() where !pairedNew.contains(index) {
            for rule in newFile.rules.rules.indices {
                changes.append(
                    RuleChange(
                        kind: .added, source: source(newFile), old: nil,
                        new: newRows[newFile.ruleOffset + rule]))
            }
        }
        return changes.filter { $0.delta != 0 }.sorted {
            $0.delta.magnitude > $1.delta.magnitude
        }
    }
}

extension CoverageOutcome.HostLane {
    /// `handled`, `excluded` or `unmatched`, as reports write it.
    package var name: String {
        switch self {
        case .handled: "handled"
        case .excluded: "excluded"
        case .unmatched: "unmatched"
        }
    }
}
