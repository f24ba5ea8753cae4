import AASAModel
import ArgumentParser
import CoverageStats
import FoundationEssentials
import LibC
import LinkMatcher
import LogParsing
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

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Also count per app what it opens (eligible) and excludes when it is the only app "
                + "installed, as match --per-app decides; slower for files with several "
                + "details entries."))
    var perApp = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Count requests per hour, day or week (ISO weeks, from Monday 00:00 UTC) as a "
                + "series in the JSON report.", valueName: "hour|day|week"))
    var bucket: String?

    @Argument(
        help: ArgumentHelp(
            "Log files, directories, globs, or - for standard input.", valueName: "input"))
    var inputs: [String] = []

    func validate() throws {
        if associations.aasa.isEmpty && associations.aasaDir == nil {
            throw ValidationError(
                "Give an AASA file with --aasa FILE, --aasa DOMAIN=FILE or --aasa-dir DIR.")
        }
        try StandardInputUse.check(
            StandardInputUse.files(associations.aasa, option: "--aasa")
                + StandardInputUse.logs(inputs))
    }

    func run() throws {
        try output.checkOutputs(
            against: try associations.namedFiles() + OutputClash.logFiles(inputs))
        let (associations, sources) = try self.associations.loadKeepingSources(
            quiet: output.quiet, debug: output.debug)
        var configuration = ScanConfiguration()
        configuration.inputs = inputs
        try reading.apply(to: &configuration)
        configuration.filter = try filters.filter()
        configuration.perApp = perApp
        if let bucket {
            guard let size = BucketSize.allCases.first(where: { $0.name == bucket }) else {
                throw ValidationError("--bucket wants hour, day or week, got '\(bucket)'.")
            }
            configuration.bucket = size
        }
        configuration.fingerprintsInputs = output.saveState != nil
        if (inputs.isEmpty || inputs.contains("-")), isatty(0) != 0, !output.quiet {
            StandardError.line(
                "aasa-scan: reading log lines from standard input (end with Ctrl-D); "
                    + "name log files as arguments to scan them")
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
            skippedInputsAllowed: reading.skipNonLogs)
    }
}

/// Which AASA file applies to which request.
struct AssociationOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "FILE applies one AASA file to every request (no host check); DOMAIN=FILE applies it "
                + "to that host ([*.]host[:port]). Repeatable; with both, FILE serves hosts no "
                + "domain claims.", valueName: "[domain=]file"))
    var aasa: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder of AASA files named by domain (example.com, example.com.json, "
                + "*.example.com.json or _.example.com.json).", valueName: "dir"))
    var aasaDir: String?

    /// Domains are checked before anything is read: a malformed one is a usage error.
    func validate() throws {
        try StandardInputUse.refuseFolder(aasaDir, option: "--aasa-dir")
        for value in aasa {
            guard let (name, _) = Self.splitDomain(value) else { continue }
            do throws(InvalidDomain) {
                _ = try DomainPattern.parse(name)
            } catch {
                throw Self.domainError(error)
            }
        }
    }

    static func domainError(_ error: InvalidDomain, option: String = "--aasa") -> ValidationError {
        ValidationError(
            "\(option) \(TerminalText.escaped(error.description)); write DOMAIN=FILE with a "
                + "domain such as example.com or *.example.com.")
    }

    func load(quiet: Bool, debug: Bool = false) throws -> Associations {
        try loadKeepingSources(quiet: quiet, debug: debug).associations
    }

    /// The files compiled, and byte for byte as they were read, for a saved state: each file
    /// is read once, so a FIFO or standard input (`-`) serves both.
    func loadKeepingSources(quiet: Bool, debug: Bool = false) throws
        -> (associations: Associations, sources: [ScanState.Source])
    {
        var result = Associations()
        var sources: [ScanState.Source] = []
        for (domain, path) in try pairs(warn: !quiet) {
            let (rules, bytes) = try compileAASAKeepingBytes(path, quiet: quiet, debug: debug)
            result.add(domain: domain, path: path, rules: rules)
            sources.append(ScanState.Source(domain: domain?.description, path: path, bytes: bytes))
        }
        return (result, sources)
    }

    /// The files loaded as `load` does, each also as its document and bytes (`suggest`
    /// measures edits of one and writes them into a new file).
    struct LoadedFiles {
        var associations = Associations()
        var documents: [(document: AASADocument, bytes: [UInt8])] = []
    }

    func loadKeepingDocuments(quiet: Bool) throws -> LoadedFiles {
        var loaded = LoadedFiles()
        for (domain, path) in try pairs(warn: !quiet) {
            let file = try loadAASAKeepingBytes(path, quiet: quiet)
            let rules = CompiledRuleSet(file.document)
            if let exceeded = rules.budgetExceeded {
                StandardError.line("aasa-scan: \(TerminalText.escaped(path)): error: \(exceeded)")
                throw ExitCode(2)
            }
            loaded.associations.add(domain: domain, path: path, rules: rules)
            loaded.documents.append(file)
        }
        return loaded
    }

    /// The `(domain, file)` pairs the options name; nil domain for the file serving every host.
    private func pairs(warn: Bool) throws -> [(DomainPattern?, String)] {
        try Self.pairs(files: aasa, directory: aasaDir, option: "--aasa", warn: warn)
    }

    /// The `(domain, file)` pairs of `FILE` / `DOMAIN=FILE` values and a folder of files named
    /// by domain, as `option` (`--aasa`, `--old`, ...) and `option-dir` give them.
    static func pairs(files: [String], directory: String?, option: String, warn: Bool) throws
        -> [(DomainPattern?, String)]
    {
        var pairs: [(DomainPattern?, String)] = []
        for value in files {
            if let (name, file) = Self.splitDomain(value) {
                do throws(InvalidDomain) {
                    pairs.append((try DomainPattern.parse(name), file))
                } catch {
                    throw Self.domainError(error, option: option)
                }
            } else {
                pairs.append((nil, value))
            }
        }
        if let directory {
            pairs += try Self.directoryPairs(directory, warn: warn, option: option + "-dir")
        }
        if pairs.filter({ $0.0 == nil }).count > 1 {
            throw ValidationError("Only one \(option) FILE without a domain can serve every host.")
        }
        return pairs
    }

    /// `DOMAIN=FILE` as its two parts, or nil for a plain file path. The domain ends at the
    /// first `=` not inside an alternate-mode suffix (`example.com?mode=developer=FILE`). A
    /// `/` before it makes the whole a file path (`./a=b.json`), unless only the part after
    /// the `=` is a file: then the part before it is a malformed domain (`example.com/x=FILE`).
    static func splitDomain(_ value: String) -> (domain: String, file: String)? {
        guard var equals = value.firstIndex(of: "=") else { return nil }
        if value[..<equals].hasSuffix("?mode"),
            let next = value[value.index(after: equals)...].firstIndex(of: "=")
        {
            equals = next
        }
        let (domain, file) = (
            String(value[..<equals]), String(value[value.index(after: equals)...])
        )
        if domain.contains("/"),
            FileManager.default.fileExists(atPath: value)
                || !FileManager.default.fileExists(atPath: file)
        {
            return nil
        }
        return (domain, file)
    }

    private static func directoryPairs(_ directory: String, warn: Bool, option: String) throws
        -> [(DomainPattern?, String)]
    {
        guard let handle = FileName.withPlatformPath(directory, { opendir($0) }) else {
            StandardError.line(
                "aasa-scan: error: cannot read the folder \(TerminalText.escaped(directory))")
            throw ExitCode(2)
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileName.decode(raw.prefix(while: { $0 != 0 }))
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().compactMap { name in
            var domain = name
            for suffix in [".json", ".aasa"] where domain.hasSuffix(suffix) {
                domain.removeLast(suffix.count)
            }
            if domain.hasPrefix("_.") { domain = "*." + domain.dropFirst(2) }
            do throws(InvalidDomain) {
                return (try DomainPattern.parse(domain), directory + "/" + name)
            } catch {
                if warn {
                    StandardError.line(
                        "aasa-scan: warning: \(option): skipped \(TerminalText.escaped(name)): "
                            + TerminalText.escaped(error.reason))
                }
                return nil
            }
        }
    }
}

/// How inputs are read.
struct ReadingOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Log format: auto, one of "
                + LogFormat.allCases.map(\.rawValue).joined(separator: ", ")
                + ", or custom:LAYOUT with Apache % directives or nginx $variables, e.g. "
                + "'custom:%v %h %l %u %t \"%r\" %>s %b' or "
                + "'custom:$remote_addr [$time_local] \"$request\" $status $host'.",
            valueName: "format"))
    var logFormat = "auto"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Threads, the reading one included: 1 to \(Self.maxWorkers) (default: every core, "
                + "up to \(Self.maxWorkers)).", valueName: "n"))
    var workers: Int?

    /// More threads than this only add memory (a summary each) and contention: no machine
    /// reads one stream of logs faster with them.
    static let maxWorkers = 256

    @Option(
        name: .long,
        help: ArgumentHelp(
            "JSON lines: key names per role, e.g. host=vhost,target=req_uri,method=verb,status=code "
                + "(added before the built-in names).", valueName: "role=key,..."))
    var jsonFields: String?

    @Option(
        name: .customLong("chunk-kib"),
        help: ArgumentHelp(
            "Chunk size in KiB; also the longest line read.", valueName: "kib"))
    var chunkKiB = 1024

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Skip, with a warning, a named input that is not an access log, as one found in a "
                + "folder or by a glob is skipped (by default a named one is an error)."))
    var skipNonLogs = false

    func apply(to configuration: inout ScanConfiguration) throws {
        configuration.skipsNamedNonLogs = skipNonLogs
        if logFormat.hasPrefix("custom:") {
            do {
                configuration.customLayout = try CustomLayout(String(logFormat.dropFirst(7)))
            } catch {
                throw ValidationError("--log-format \(error.description)")
            }
            configuration.logFormat = .custom
        } else if logFormat != "auto" {
            guard let format = LogFormat(rawValue: logFormat), format != .custom else {
                throw ValidationError("Unknown --log-format '\(logFormat)'.")
            }
            configuration.logFormat = format
        }
        if let workers, !(1...Self.maxWorkers).contains(workers) {
            throw ValidationError("--workers must be between 1 and \(Self.maxWorkers).")
        }
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        configuration.workers = workers ?? min(max(cores, 1), Self.maxWorkers)
        guard (4...(1 << 20)).contains(chunkKiB) else {
            throw ValidationError("--chunk-kib must be between 4 and 1048576.")
        }
        configuration.chunkSize = chunkKiB * 1024
        if let jsonFields {
            var names = JSONFieldNames.standard
            for pair in jsonFields.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[1].isEmpty else {
                    throw ValidationError("--json-fields wants role=key pairs, got '\(pair)'.")
                }
                switch parts[0] {
                case "host": names.host.insert(parts[1], at: 0)
                case "target": names.target.insert(parts[1], at: 0)
                case "method": names.method.insert(parts[1], at: 0)
                case "status": names.status.insert(parts[1], at: 0)
                case "request": names.requestLine.insert(parts[1], at: 0)
                case "time": names.time.insert(parts[1], at: 0)
                default:
                    throw ValidationError(
                        "--json-fields roles are host, target, method, status, request, time.")
                }
            }
            configuration.jsonNames = names
        }
    }
}

/// Which requests are left out before classification.
struct FilterOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Keep only these methods, e.g. GET,HEAD.", valueName: "list"))
    var methods: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Keep only these statuses, e.g. 2xx,3xx or 200,304.", valueName: "list"))
    var status: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Leave out static files by extension: "
                + RequestFilter.defaultAssetExtensions.map { String(decoding: $0, as: UTF8.self) }
                .joined(separator: ",") + "."))
    var skipAssets = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The extensions --skip-assets leaves out instead of its own list, e.g. css,js,png "
                + "(implies --skip-assets).", valueName: "list"))
    var assetExtensions: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Leave out requests whose user agent is a well-known crawler (Googlebot, bingbot, "
                + "Applebot, facebookexternalhit, GPTBot, ...; the README has the list). Logs "
                + "without a user agent are kept, with a warning."))
    var skipBots = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep only requests logged at or after this time: RFC 3339 (2024-05-01T00:00:00Z, "
                + "2024-05-01T02:00:00+02:00) or a date (2024-05-01, its start in UTC).",
            valueName: "time"))
    var since: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep only requests logged before this time (the time itself excluded), written as "
                + "for --since.", valueName: "time"))
    var until: String?

    func filter() throws -> RequestFilter {
        var filter = RequestFilter()
        if let methods {
            filter.methods = methods.split(separator: ",").map { Array($0.uppercased().utf8) }
        }
        if let status {
            for item in status.split(separator: ",") {
                let text = item.lowercased()
                if text.count == 3, text.hasSuffix("xx"), let digit = Int(text.prefix(1)) {
                    filter.statusClasses.insert(digit)
                } else if let code = Int(text), (100...999).contains(code) {
                    filter.statusCodes.insert(code)
                } else {
                    throw ValidationError(
                        "--status wants classes like 2xx or codes like 304, got '\(item)'.")
                }
            }
        }
        filter.skipAssets = skipAssets || assetExtensions != nil
        if let assetExtensions {
            let list = assetExtensions.split(separator: ",").map {
                Array($0.trimmingPrefix(".").lowercased().utf8)
            }
            guard !list.isEmpty, list.allSatisfy({ !$0.isEmpty }) else {
                throw ValidationError(
                    "--asset-extensions wants extensions like css,js,png, got '\(assetExtensions)'."
                )
            }
            filter.assetExtensions = list
        }
        filter.skipBots = skipBots
        filter.since = try since.map { try Self.time($0, option: "--since") }
        filter.until = try until.map { try Self.time($0, option: "--until") }
        if let since = filter.since, let until = filter.until, since >= until {
            throw ValidationError("--until must come after --since.")
        }
        return filter
    }

    /// The UTC seconds of a `--since`/`--until` value.
    static func time(_ text: String, option: String) throws -> Int64 {
        let bytes = Array(text.utf8)
        guard let seconds = bytes.withUnsafeBufferPointer({ TimestampText.parse($0) }) else {
            throw ValidationError(
                "\(option) wants an RFC 3339 time such as 2024-05-01T00:00:00Z or a date such "
                    + "as 2024-05-01, got '\(text)'.")
        }
        return seconds
    }
}

extension GlobCacheStatistics {
    /// What `--debug` says of the DFA caches of one file after a scan.
    var debugSummary: String {
        "DFA: \(statesBuilt) states built (\(statesSkippedThrough) walked by skipping to a few "
            + "bytes), \(cacheClears) cache clears, \(fallbacks) fallbacks to one automaton per glob"
    }
}
