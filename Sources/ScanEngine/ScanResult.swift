import CoverageStats
import LinkMatcher
import LogIO
import LogParsing

/// What happened to one input.
public struct InputReport: Sendable {
    /// The input as named (`-` for standard input).
    public var path: String
    /// Raw bytes read (compressed bytes for compressed inputs).
    public var bytes: Int
    public var compression: Compression?
    public var format: LogFormat?
    public var counts: InputCounts
    /// False when the input could not be read to its end.
    public var complete: Bool
    /// Why it is incomplete: the error message naming the file and the position.
    public var error: String?
    public var errorCode: String?
    /// True when the input was reached by expanding a directory or glob (or named with
    /// `--skip-non-logs`) and is not an access log: it was left out, and the scan is still
    /// complete.
    public var skipped = false
    /// Why it was skipped: the closest format and what did not fit.
    public var skipReason: String?
    /// The index of the command-line input (file, folder, glob or `-`) it came from.
    public var argument = 0
    /// With `--log-format` given: how the formats fared on its first lines, which names the
    /// closest one when none of its lines parse as the format given.
    public var detection: FormatDetector.Detection?
    /// What the scan read of the input, for `merge` to refuse counting it twice; nil when not
    /// taken (no `--save-state`) or saved by an earlier version.
    public var fingerprint: InputFingerprint?
}

/// The merged outcome of a scan.
public struct ScanResult: Sendable {
    public var summary: CoverageSummary
    public var inputs: [InputReport]
    public var associations: Associations
    public var elapsedSeconds: Double
    public var workers: Int
    /// What the glob automata's DFA caches did, per association file, over all workers
    /// (empty for a merged state).
    public var globCaches: [GlobCacheStatistics] = []

    /// `diff`: the new files and what every request did under them; nil for a scan.
    public var comparison: Comparison?

    /// True when every input was read to its end.
    public var complete: Bool { inputs.allSatisfy(\.complete) }
}

/// The second half of a `diff` result: the old files are the result's `associations`, counted
/// in its `summary` as a scan of them counts; these are the new ones.
public struct Comparison: Sendable {
    public var associations: Associations
    /// Each request's pair of decisions, and the new files' own counts.
    public var summary: DiffSummary
    /// What the new files' glob DFA caches did, per file, over all workers.
    public var globCaches: [GlobCacheStatistics]

    public init(
        associations: Associations, summary: DiffSummary, globCaches: [GlobCacheStatistics] = []
    ) {
        self.associations = associations
        self.summary = summary
        self.globCaches = globCaches
    }

    /// The merge of the workers' diff summaries.
    init(workers: [ScanWorker], newFiles: Associations) {
        let sides = workers.compactMap(\.comparison)
        // The first worker's summary as it is: a merge with the empty summary would only sort
        // its top-path tables again.
        var summary =
            sides.first?.summary.pointee
            ?? DiffSummary(
                shape: CoverageShape(appCount: newFiles.appCount, ruleCount: newFiles.ruleCount))
        for side in sides.dropFirst() { summary += side.summary.pointee }
        let caches = sides.map(\.globCaches).reduce(
            Array(repeating: GlobCacheStatistics(), count: newFiles.files.count)
        ) { total, worker in zip(total, worker).map(+) }
        self.init(associations: newFiles, summary: summary, globCaches: caches)
    }
}

extension InputReport {
    /// An input's report made outside a scan (a test, a fuzz target); a scan makes its own.
    public init(
        path: String, bytes: Int, compression: Compression? = nil, format: LogFormat? = nil,
        counts: InputCounts = InputCounts(), complete: Bool = true, error: String? = nil
    ) {
        self.init(
            path: path, bytes: bytes, compression: compression, format: format, counts: counts,
            complete: complete, error: error, errorCode: nil)
    }
}
