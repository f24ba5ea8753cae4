import ASCIIBytes

/// Requests left out of classification, by the filter that removed them.
public struct FilteredCounts: Sendable, Equatable {
    /// Removed by request method.
    public var byMethod: UInt64 = 0
    /// Removed by response status.
    public var byStatus: UInt64 = 0
    /// Removed as static assets.
    public var byAsset: UInt64 = 0
    /// Removed as requests of well-known crawlers.
    public var byBot: UInt64 = 0
    /// Removed as logged before `--since` or from `--until` on.
    public var byTime: UInt64 = 0

    /// All zero.
    public init() {}

    /// Sum of them all.
    public var total: UInt64 {
        byMethod.addingSaturating(byStatus).addingSaturating(byAsset).addingSaturating(byBot)
            .addingSaturating(byTime)
    }

    /// Field-wise sum.
    public static func + (lhs: Self, rhs: Self) -> Self {
        fieldwiseSum(lhs, rhs, counters: [\.byMethod, \.byStatus, \.byAsset, \.byBot, \.byTime])
    }
}

/// Why a request was filtered.
public enum FilterReason: Sendable {
    /// Its method (e.g. not GET or HEAD).
    case method
    /// Its response status.
    case status
    /// It asks for a static asset.
    case asset
    /// Its user agent is a well-known crawler.
    case bot
    /// It was logged outside `--since` / `--until`.
    case time
}

/// Exact totals of a scan.
///
/// Every recorded line counts once in `lines` and in exactly one of `skipped`, `malformed` or
/// the requests; requests add their weight to `requests` and to exactly one of `filtered`,
/// `handled`, `excluded` or `unmatched`. `noAssociation` is the part of `unmatched` whose host
/// has no association file.
public struct CoverageTotals: Sendable, Equatable {
    /// Lines seen.
    public var lines: UInt64 = 0
    /// Requests (weighted), filtered ones included.
    public var requests: UInt64 = 0
    /// Lines that looked like requests but could not be parsed.
    public var malformed: UInt64 = 0
    /// Lines that are not requests (comments, headers, blank lines).
    public var skipped: UInt64 = 0
    /// Requests removed before classification.
    public var filtered = FilteredCounts()
    /// Requests whose URL opens an app.
    public var handled: UInt64 = 0
    /// Requests an exclude rule decided.
    public var excluded: UInt64 = 0
    /// Requests no rule decides, `noAssociation` included.
    public var unmatched: UInt64 = 0
    /// Unmatched requests whose host has no association file.
    public var noAssociation: UInt64 = 0

    /// All zero.
    public init() {}

    /// Field-wise sum.
    public static func + (lhs: Self, rhs: Self) -> Self {
        var result = fieldwiseSum(
            lhs, rhs,
            counters: [
                \.lines, \.requests, \.malformed, \.skipped, \.handled, \.excluded, \.unmatched,
                \.noAssociation,
            ])
        result.filtered = lhs.filtered + rhs.filtered
        return result
    }
}
