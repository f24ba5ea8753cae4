/// How requests are made: the same for every domain of a run.
public struct FetchSettings: Sendable {
    /// Apple's limit on the uncompressed file (SEMANTICS.md S2.6): reading stops past it.
    public static let appleSizeLimit = 128 * 1024
    /// What the requests say they are unless `--user-agent` says otherwise.
    public static let defaultUserAgent = "aasa-scan"

    /// The whole exchange (connection, TLS, head and body) must end within this.
    public var timeoutSeconds: Double
    /// Body bytes read at most; a longer body is cut there and reported (AASA705).
    public var sizeLimit: Int
    /// A PEM file of the certificates to trust instead of the system's.
    public var caFile: String?
    /// The `User-Agent` header sent (Apple's fetcher sends `AASA-Bot/1.0.0`).
    public var userAgent: String

    public init(
        timeoutSeconds: Double = 10, sizeLimit: Int = appleSizeLimit, caFile: String? = nil,
        userAgent: String = defaultUserAgent
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.sizeLimit = sizeLimit
        self.caFile = caFile
        self.userAgent = userAgent
    }
}
