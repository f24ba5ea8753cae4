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
    /// True when the input was reached by expanding a directory or glob and is not an access
    /// log: it was left out, and the scan is still complete.
    public var skipped = false
    /// Why it was skipped: the closest format and what did not fit.
    public var skipReason: String?
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

    /// True when every input was read to its end.
    public var complete: Bool { inputs.allSatisfy(\.complete) }
}
