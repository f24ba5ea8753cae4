import ArgumentParser
import CLISupport
import CoverageStats
import ScanEngine

/// `aasa-scan scan`: universal-link coverage of real traffic.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract:
            "Measure how much of the traffic in access logs would open apps as universal links.",
        discussion: """
            Inputs are files, directories, globs or `-` for standard input (the default). \
            Compression (zstd, gzip, none) is detected from the bytes. Coverage is an upper \
            bound: a handled request is eligible to open the app, if it is installed and the \
            link is followed from another site or app.
            """)

    @OptionGroup var associations: AssociationOptions
    @OptionGroup var reading: ReadingOptions
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: ReportOptions
    @OptionGroup(title: "Android") var android: AndroidScanOptions

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Count per app what it opens (eligible) and excludes when it is the only app "
                + "installed, as match --per-app decides (the default); given with --bucket, "
                + "also each bucket per app."))
    var perApp: Bool?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Count requests per hour, day or week (ISO weeks, from Monday 00:00 UTC) as a "
                + "series in the report.", valueName: "hour|day|week"))
    var bucket: String?

    @Argument(
        help: ArgumentHelp(
            "Log files, directories, globs, or - for standard input.", valueName: "input"))
    var inputs: [String] = []

    func validate() throws {
        try associations.validate(readingLogs: inputs)
    }

    func run() throws {
        try output.checkOutputs(
            against: try associations.namedFiles() + android.files.namedFiles
                + OutputClash.logFiles(inputs))
        let (associations, sources) = try self.associations.loadKeepingSources(
            quiet: output.quiet, debug: output.debug)
        var configuration = ScanConfiguration()
        configuration.inputs = inputs
        try reading.apply(to: &configuration)
        configuration.filter = try filters.filter()
        configuration.perApp = perApp ?? true
        configuration.perAppSeries = perApp == true
        if let bucket {
            guard let size = BucketSize.allCases.first(where: { $0.name == bucket }) else {
                throw ValidationError("--bucket wants hour, day or week, got '\(bucket)'.")
            }
            configuration.bucket = size
        }
        configuration.fingerprintsInputs = output.saveState != nil
        configuration.android = try android.setup()
        let androidWarnings = configuration.android.map { android.files.fileWarnings($0.matcher) }
        if (inputs.isEmpty || inputs.contains("-")), Terminal.standardInputIsTerminal, !output.quiet
        {
            StandardError.line(
                "aasa-scan: reading log lines from standard input (end with Ctrl-D); "
                    + "name log files as arguments to scan them")
        }
        // The report's dead-rule proofs, worked out on cores the scan leaves idle.
        var proofsAhead: ProofsAhead?
        if output.resolvedFormat != .none {
            let seen = RulesSeen(ruleCount: associations.ruleCount)
            let idle = IdleWorkers()
            configuration.rulesSeen = seen
            configuration.idleWorkers = idle
            proofsAhead = ProofsAhead(files: associations.files, seen: seen, idle: idle)
        }
        let progress = ScanProgress()
        let display = ProgressDisplay.startIfWanted(progress, quiet: output.quiet)
        let result = LogScan.run(configuration, associations: associations, progress: progress)
        display?.stop()
        InputMessages.write(result.inputs)
        if output.debug {
            for (index, file) in associations.files.enumerated() {
                let caches = index < result.globCaches.count ? result.globCaches[index] : .init()
                StandardError.line(
                    "aasa-scan: \(TerminalText.escaped(file.path)): \(file.rules.strategySummary); "
                        + caches.debugSummary)
            }
        }
        if let path = output.saveState {
            let state = ScanState(
                sources: sources, inputs: result.inputs,
                summary: result.summary, elapsedSeconds: result.elapsedSeconds,
                workers: result.workers)
            try writeState(state, to: path)
        }
        try output.emit(
            result, arguments: inputs, filters: filters.described,
            skippedInputsAllowed: reading.skipNonLogs, setupWarnings: androidWarnings ?? [],
            proofsAhead: proofsAhead)
    }
}
