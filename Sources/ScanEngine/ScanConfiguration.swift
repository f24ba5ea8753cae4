import CoverageStats
import LogParsing

/// Everything a scan needs besides its AASA files.
public struct ScanConfiguration: Sendable {
    /// Files, directories, globs or `-`, as given on the command line.
    public var inputs: [String] = []
    /// A forced log format, or nil to detect one per input from its first lines.
    public var logFormat: LogFormat?
    /// The layout when `logFormat` is `custom`.
    public var customLayout: CustomLayout?
    public var jsonNames: JSONFieldNames = .standard
    /// Threads in all: the calling thread reads and classifies, the others classify.
    public var workers = 2
    /// Bytes per chunk; also the longest line that is read (longer ones count as malformed).
    public var chunkSize = 1 << 20
    public var filter = RequestFilter()
    /// Skips a named input that is not an access log, with a warning, as one found in a
    /// folder or by a glob is (`scan --skip-non-logs`); by default a named one is an error.
    public var skipsNamedNonLogs = false
    /// Also count, per app, the requests it would open (or exclude) were it the only app
    /// installed (`scan`, unless `--no-per-app`): each app's own decision comes from the walk
    /// that makes the request's, for files with several `details` entries.
    public var perApp = false
    /// With `bucket`, also count each bucket per app (`scan --per-app --bucket`).
    public var perAppSeries = false
    /// Also decide each request for an Android app (`--android-manifest`); nil for iOS alone.
    public var android: AndroidScanSetup?
    /// Count requests per time bucket of this size (`scan --bucket`); nil for none.
    public var bucket: BucketSize?
    /// Keep a fingerprint of each input (`scan --save-state`), for `merge` to refuse
    /// counting the same bytes twice.
    public var fingerprintsInputs = false
    /// Where the workers mark each rule that decides a request, as they count it, for work
    /// done beside the scan that needs only the rules no request decided; nil for none.
    public var rulesSeen: RulesSeen?
    /// Where the workers say when they leave their core idle, for that work to go on then;
    /// nil when nothing waits for it.
    public var idleWorkers: IdleWorkers?

    /// True when request times must be read: a time filter or buckets were asked for.
    public var readsTime: Bool { filter.filtersTime || bucket != nil }
    /// Capacities of the bounded statistics.
    public var hostCapacity = 10_000
    public var topCapacity = 1_000

    public init() {}
}
