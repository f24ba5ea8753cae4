import AASAModel
import ASCIIBytes
import ArgumentParser
import CLISupport
import FoundationEssentials
import Reports
import RuleAnalysis
import ScanEngine

/// `aasa-scan suggest`: rules mined from the traffic a file leaves unmatched, each measured.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Propose rules for the traffic an AASA file leaves unmatched, each measured "
            + "on that traffic.",
        discussion: """
            The inputs are read twice. The first reading generalises the unmatched paths by the \
            shape of their segments (numbers, hex IDs and UUIDs, dates, slugs, locales that fit \
            $(lang) and $(region), trailing segments) and counts the patterns in bounded \
            memory. The second decides every request again with each candidate added where \
            --apply would write it (the end of the app's last details entry, after its \
            exclusions), so every figure is measured, not estimated: a suggestion's gain is \
            what it adds to the ones ranked above it, and the top N add exactly the sum of \
            their gains. A candidate that would open a request the file excludes is never \
            suggested. Unmatched static files, API, admin, login and server paths are not \
            mined, and a suggestion that would also open such paths says so.

            Like scan, --aasa DOMAIN=FILE binds a file to the hosts of its domain: only their \
            requests are mined. A file given without a domain applies to every host, and \
            suggest warns when that traffic spans several sites. With several files, --app \
            says which file the rules are for (the first that names the app).

            Standard input (the default input) can be read only once: it is first copied to a \
            temporary file in TMPDIR (or /tmp), as large as the input, and removed at the end.

            Examples:
              aasa-scan suggest --aasa apple-app-site-association access.log
              aasa-scan suggest --aasa example.com=aasa.json --aasa '*.example.com=aasa.json' logs/
              aasa-scan suggest --aasa aasa.json --app ABCDE12345.com.example.app --format json logs/
              aasa-scan suggest --aasa aasa.json --apply 3 --output aasa.new.json access.log.zst
              zcat access.log.gz | aasa-scan suggest --aasa aasa.json --skip-bots --methods GET

            Exit codes: 0 success; 2 unreadable input or AASA file, or inputs that changed \
            between the two readings; 64 usage error. suggest has no gate, so never 1.
            """)

    @OptionGroup var associations: AssociationOptions

    @Option(
        help: ArgumentHelp(
            "The app the rules are for (default: the first app the file names); an app the "
                + "file does not name gets a new details entry.",
            valueName: "app-id"))
    var app: String?

    @Option(
        help: ArgumentHelp(
            "Write the top N suggestions into a new AASA file (with --output).", valueName: "n"))
    var apply: Int?

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "The new AASA file --apply writes; the original is never changed.", valueName: "file"))
    var newFile: String?

    @Option(
        help: ArgumentHelp(
            "Candidate rules measured on the second reading (1 to \(GainLedger.maxCandidates)); "
                + "each one decides the traffic again where it could apply.", valueName: "n"))
    var candidates = 32

    /// The words of `--format` and `--top` for suggestions.
    enum Texts: ReportOptionTexts {
        static let formatHelp =
            "Report format: table (default on a terminal), json (default otherwise), csv, or none."
        static let topHelp = "Suggestions shown in the table."
        static let topDefault = 10
        typealias Formats = SuggestFormat
    }

    /// Suggestions are no run's report: the formats of `scan` but its metrics and page.
    enum SuggestFormat: String, ReportFormats {
        case table, json, csv, none
    }

    @OptionGroup var topOption: TopOption<Texts>
    @OptionGroup var format: FormatOption<Texts>
    @OptionGroup var colour: ColorOption

    @Flag(help: "No progress line on standard error.")
    var quiet = false

    @OptionGroup var reading: ReadingOptions
    @OptionGroup var filters: FilterOptions

    @Argument(
        help: ArgumentHelp(
            "Log files, directories, globs, or - for standard input.", valueName: "input"))
    var inputs: [String] = []

    func validate() throws {
        if (apply == nil) != (newFile == nil) {
            throw ValidationError(
                "--apply N and --output NEW.json go together: the top N suggestions are written "
                    + "into the new file.")
        }
        if let apply, apply < 1 {
            throw ValidationError("--apply wants a number of suggestions of at least 1.")
        }
        try associations.validate(readingLogs: inputs)
        guard (1...GainLedger.maxCandidates).contains(candidates) else {
            throw ValidationError("--candidates must be between 1 and \(GainLedger.maxCandidates).")
        }
        if topOption.top < 0 { throw ValidationError("--top must be 0 or more.") }
    }

    func run() throws {
        if let newFile {
            // The original is never replaced: compare the two first.
            try OutputClash.check(
                outputs: [NamedFile(role: "--output", path: newFile)],
                inputs: try associations.namedFiles() + OutputClash.logFiles(inputs))
        }
        let files = try associations.loadKeepingDocuments(quiet: quiet)
        let targetFile = try Self.targetFile(files, app: app)
        let aasa = files.associations.files[targetFile].path
        let (document, bytes) = files.documents[targetFile]
        let target: SuggestionTarget
        do {
            target = try SuggestionTarget(document: document, appID: app)
        } catch {
            throw ValidationError("\(aasa): \(error.description).")
        }
        var configuration = ScanConfiguration()
        try reading.apply(to: &configuration)
        configuration.filter = try filters.filter()
        var spool: StandardInputSpool?
        configuration.inputs = inputs.isEmpty ? ["-"] : inputs
        if configuration.inputs.contains("-") {
            if Terminal.standardInputIsTerminal, !quiet {
                StandardError.line(
                    "aasa-scan: reading log lines from standard input (end with Ctrl-D); "
                        + "name log files as arguments to read them")
            }
            let copy = try StandardInputSpool.make()
            spool = copy
            configuration.inputs = configuration.inputs.map { $0 == "-" ? copy.path : $0 }
        }
        defer { spool?.remove() }
        let run = SuggestRun(
            associations: files.associations, targetFile: targetFile, bytes: bytes,
            document: document, target: target,
            configuration: configuration, candidateLimit: candidates, quiet: quiet)
        var outcome = try run.execute()
        if let spool {
            outcome.result.inputs = outcome.result.inputs.map { $0.naming(spool.path, "-") }
        }
        InputMessages.write(outcome.result.inputs)
        let problems = InputChecks.problems(
            outcome.result, arguments: spool == nil ? inputs : nil, maxMalformed: 100)
        InputChecks.printErrors(problems)
        if outcome.result.summary.totals.lines == 0, !outcome.result.complete || !problems.isEmpty {
            throw CommandFailure.inputError()
        }
        CountLimit.warnIfReached(outcome.result.summary.totals)
        var report = SuggestReport(
            aasaPath: aasa, target: target, result: outcome.result, miner: outcome.miner,
            candidates: outcome.candidates, ranking: outcome.ranking,
            elapsedSeconds: outcome.elapsedSeconds)
        let sites = [ScanReport.siteWarning(outcome.result)].compactMap { $0 }
        report.warnings = problems + sites
        for warning in sites {
            StandardError.line("aasa-scan: warning: " + TerminalText.escaped(warning.message))
        }
        if let apply, let newFile {
            report.applied = try write(report, count: apply, bytes: bytes, to: newFile, document)
        }
        let text: String
        switch format.resolved(writingTo: nil) {
        case .table:
            text = SuggestTable.render(
                report, color: colour.isEnabled, top: topOption.top, width: Terminal.columns)
        case .json: text = SuggestJSON.render(report)
        case .csv: text = SuggestCSV.render(report)
        case .none: text = ""
        }
        var stdout = StandardOutput()
        stdout.write(text)
        stdout.flush()
        if !outcome.result.complete || !problems.isEmpty { throw CommandFailure.inputError() }
    }

    /// Writes the file with the top `count` suggestions added; what they add together is the
    /// sum of their gains.
    private func write(
        _ report: SuggestReport, count: Int, bytes: [UInt8], to path: String,
        _ document: AASADocument
    ) throws -> SuggestReport.Applied {
        let rows = Array(report.rows.prefix(count))
        if rows.count < count, !quiet {
            StandardError.line(
                "aasa-scan: warning: --apply \(count) asked for more suggestions than there are "
                    + "(\(rows.count)); \(rows.isEmpty ? "the file is written unchanged" : "all are written")"
            )
        }
        var edited = bytes
        if !rows.isEmpty {
            do {
                edited = try AASADocument.addingRules(
                    rows.map(\.suggestion.candidate.rule), at: report.target.destination,
                    to: bytes)
                _ = try AASADocument.parse(edited)
            } catch {
                throw CommandFailure.error(
                    "cannot write the suggestions into "
                        + "\(TerminalText.escaped(report.aasaPath)): "
                        + TerminalText.escaped(error.message))
            }
        }
        if document.wasSigned, !quiet {
            StandardError.line(
                "aasa-scan: warning: \(TerminalText.escaped(path)) holds the JSON of the signed "
                    + "file, no longer signed (iOS 9+ needs no signature over HTTPS)")
        }
        // Written whole or not at all, as the reports of scan and diff (`OutputFile`).
        OutputFile.write(edited, to: path)
        let gain = rows.map(\.suggestion.gain).saturatingSum()
        return SuggestReport.Applied(
            count: rows.count, output: path, gain: gain,
            handledAfter: report.totals.handled.addingSaturating(gain))
    }

}

extension SuggestCommand {
    /// The file the rules are for: the only one, or the first that names `app`.
    static func targetFile(_ files: AssociationOptions.LoadedFiles, app: String?) throws -> Int {
        let all = files.associations.files
        if all.count == 1 { return 0 }
        guard let app else {
            throw ValidationError(
                "\(all.count) AASA files are given: say which app the rules are for with --app "
                    + "APP-ID (its file is the first that names it).")
        }
        guard let index = all.firstIndex(where: { $0.rules.apps.contains(app) }) else {
            throw ValidationError(
                "No AASA file given names \(TerminalText.escaped(app)): with several files, "
                    + "--app picks the file whose rules are suggested.")
        }
        return index
    }
}
