import ArgumentParser
import CLISupport
import FoundationEssentials
import LinkMatcher
import Reports
import RuleAnalysis
import ScanEngine
import TextFormat

/// `aasa-scan diff`: what a new AASA file changes, on real traffic (one pass over the logs,
/// every request decided under both files) or, without logs, rule by rule.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What a new AASA file changes: measured on access logs, or rule by rule.",
        discussion: """
            With logs (files, directories, globs, or - for standard input; any compression \
            and log format, as scan reads them), every request is decided under the old and \
            the new files in one pass: the report shows the 3x3 matrix of transitions between \
            handled, excluded and unmatched, the requests that change app, per-app counts, the \
            top paths of each change, the rules whose hits changed most and the new file's \
            dead rules. The old side equals what scan reports for the old files. Rules that \
            can never decide, whatever the traffic, are marked with the rule that covers them \
            (shadowed_by), as scan and lint find them.

            Without logs, the files are compared rule by rule (matched by apps and effective \
            pattern, not by position): rules added, removed, moved and changed, each with URLs \
            that the two files really decide differently, or a note that none was found.

            Examples:
              aasa-scan diff --old live.json --new next.json access.log.zst
              aasa-scan diff --old live.json --new next.json --max-lost 0.5 logs/
              zcat access.log.gz | aasa-scan diff --old a.json --new b.json -
              aasa-scan diff --old example.com=a.json --new example.com=b.json x.log
              aasa-scan diff --old-dir aasa-live/ --new-dir aasa-next/ logs/*.log
              aasa-scan diff --old live.json --new next.json     # rule by rule

            Exit codes: 0 success; 1 --max-lost exceeded; 2 input error (unreadable or corrupt \
            input: the report is still written, with "complete": false); 64 usage error.
            """)

    @OptionGroup var files: DiffFileOptions
    @OptionGroup var reading: ReadingOptions
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: DiffOutputOptions
    @OptionGroup(title: "Android") var android: AndroidScanOptions

    @Argument(
        help: ArgumentHelp(
            "Log files, directories, globs, or - for standard input. None: compare the files "
                + "rule by rule.", valueName: "input"))
    var inputs: [String] = []

    func validate() throws {
        if files.old.isEmpty && files.oldDir == nil {
            throw ValidationError(
                "Give the old AASA file with --old FILE, --old DOMAIN=FILE or --old-dir DIR.")
        }
        if files.new.isEmpty && files.newDir == nil {
            throw ValidationError(
                "Give the new AASA file with --new FILE, --new DOMAIN=FILE or --new-dir DIR.")
        }
        try StandardInputUse.check(
            StandardInputUse.files(files.old, option: "--old")
                + StandardInputUse.files(files.new, option: "--new")
                + StandardInputUse.logs(inputs, defaultsToStandardInput: false))
        if inputs.isEmpty, android.files.isGiven {
            throw ValidationError(
                "--android-manifest measures requests of access logs beside the AASA files: "
                    + "name the logs to read (match --android-manifest decides single URLs).")
        }
        if inputs.isEmpty, output.maxLost != nil {
            throw ValidationError(
                "--max-lost measures requests of access logs: name the logs to read (- for "
                    + "standard input).")
        }
    }

    func run() throws {
        try OutputClash.check(
            outputs: output.reportPath.map { [NamedFile(role: "--output", path: $0)] } ?? [],
            inputs: try files.namedFiles() + android.files.namedFiles
                + OutputClash.logFiles(inputs))
        let old = try files.load(side: .old, quiet: output.quiet)
        let new = try files.load(side: .new, quiet: output.quiet)
        let marking = output.resolvedFormat != .none
        if inputs.isEmpty {
            // Every rule that changed is marked when it can never decide.
            let diff = StaticDiff(
                old: old.associations, new: new.associations, oldDocuments: old.documents,
                newDocuments: new.documents, witnesses: output.witnesses,
                shadowedBy: marking
                    ? (
                        ShadowMarks.byRule(old.associations.files) { _ in true },
                        ShadowMarks.byRule(new.associations.files) { _ in true }
                    ) : ([], []))
            output.write(
                text: {
                    switch $0 {
                    case .table:
                        StaticDiffRender.table(
                            diff, color: output.useColor, width: Terminal.columns)
                    case .json: StaticDiffRender.json(diff)
                    case .csv: StaticDiffRender.csv(diff)
                    case .html: StaticDiffHTML.render(diff)
                    case .openmetrics: StaticDiffRender.metrics(diff, .openMetrics)
                    case .prometheus: StaticDiffRender.metrics(diff, .prometheus)
                    case .none: ""
                    }
                })
            return
        }
        var configuration = ScanConfiguration()
        configuration.inputs = inputs
        try reading.apply(to: &configuration)
        configuration.filter = try filters.filter()
        configuration.android = try android.setup()
        if inputs.contains("-"), Terminal.standardInputIsTerminal, !output.quiet {
            StandardError.line(
                "aasa-scan: reading log lines from standard input (end with Ctrl-D)")
        }
        // What no request of these inputs can show (changes only URLs with a fragment make)
        // needs no log: worked out while the scan reads.
        let witnesses = output.witnesses
        let fragmentSections = BesideTheScan { [old, new] in
            marking
                ? StaticDiff.fragmentSections(
                    old: old.associations, new: new.associations, oldDocuments: old.documents,
                    newDocuments: new.documents, witnesses: witnesses)
                : []
        }
        let progress = ScanProgress()
        let display = ProgressDisplay.startIfWanted(progress, quiet: output.quiet)
        let result = LogScan.run(
            configuration, associations: old.associations, comparedWith: new.associations,
            progress: progress)
        display?.stop()
        InputMessages.write(result.inputs)
        if output.debug { debugLines(result) }
        guard let comparison = result.comparison else { throw CommandFailure.inputError() }
        // A folder that gave no log, or a log none of whose lines parse: figures of nothing.
        let problems = InputChecks.problems(result, arguments: inputs, maxMalformed: 100)
        InputChecks.printErrors(problems)
        let sites =
            [ScanReport.siteWarning(result)].compactMap { $0 }
            + (configuration.android.map { android.files.fileWarnings($0.matcher) } ?? [])
        for warning in sites {
            StandardError.line("aasa-scan: warning: " + TerminalText.escaped(warning.message))
        }
        // Nothing was read and something failed: the error says it all.
        if result.summary.totals.lines == 0, !result.complete || !problems.isEmpty {
            throw CommandFailure.inputError()
        }
        CountLimit.warnIfReached(result.summary.totals)
        // The rules lists mark the rules of each side that decided no request there (one that
        // decided a request is not dead; see `ShadowMarks.mark`).
        let oldHits = result.summary.ruleHits
        let newHits = comparison.summary.ruleHits
        var report = DiffReport(
            result, comparison: comparison, top: output.top, maxLost: output.maxLost?.value,
            variables: (
                old.documents.map(RuleAlignment.variables),
                new.documents.map(RuleAlignment.variables)
            ),
            shadowedBy: marking
                ? (
                    ShadowMarks.byRule(old.associations.files) { oldHits[$0] == 0 },
                    ShadowMarks.byRule(new.associations.files) { newHits[$0] == 0 }
                ) : ([], []))
        report.warnings = problems + sites
        report.decisionSections = fragmentSections.value
        output.write(
            text: {
                switch $0 {
                case .table:
                    DiffTable.render(report, color: output.useColor, width: Terminal.columns)
                case .json: DiffJSON.render(report)
                case .csv: DiffCSV.render(report)
                case .openmetrics: DiffOpenMetrics.render(report, .openMetrics)
                case .prometheus: DiffOpenMetrics.render(report, .prometheus)
                case .html: DiffHTML.render(report, filters: filters.described)
                case .none: ""
                }
            })
        if !result.complete || !problems.isEmpty { throw CommandFailure.inputError() }
        if report.gateFailed, let maxLost = output.maxLost {
            let (shown, gate) = Format.percentsApart(report.lostPercent, maxLost.value)
            throw CommandFailure.gateFailed(
                "\(shown) of the requests handled under the old files are not "
                    + "handled under the new ones (\(Format.count(report.lost)) of "
                    + "\(Format.count(report.old.handled))), above --max-lost \(gate)")
        }
    }

    private func debugLines(_ result: ScanResult) {
        let sides = [
            ("old", result.associations, result.globCaches),
            (
                "new", result.comparison?.associations ?? Associations(),
                result.comparison?.globCaches ?? []
            ),
        ]
        for (side, associations, caches) in sides {
            for (index, file) in associations.files.enumerated() {
                let cache = index < caches.count ? caches[index] : GlobCacheStatistics()
                StandardError.line(
                    "aasa-scan: \(side) \(TerminalText.escaped(file.path)): "
                        + "\(file.rules.strategySummary); \(cache.debugSummary)")
            }
        }
    }
}
