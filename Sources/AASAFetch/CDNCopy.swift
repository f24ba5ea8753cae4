import AASAModel

/// Where Apple's CDN copy stands against the origin's file. Devices read the CDN's, which
/// Apple refreshes from the origin about once a day (SEMANTICS.md S2.7).
public enum CDNCopy: String, Sendable {
    /// The same bytes.
    case same
    /// Other bytes, or the CDN still has a copy the origin no longer serves: stale.
    case differs
    /// The CDN answered 404: Apple has no copy (it could not fetch the origin's, or not yet).
    case missing = "cdn-missing"
    /// No usable answer from the CDN (no connection, TLS, timeout, another status).
    case unreachable = "cdn-unreachable"
    /// An alternate-mode entry: devices fetch from the server, not through the CDN.
    case notUsed = "not-used"

    /// Compares the two answers; nil `cdn` means the CDN was not asked.
    public init(cdn: FetchedResponse?, origin: FetchedResponse) {
        guard let cdn else {
            self = .notUsed
            return
        }
        if cdn.failure == nil, cdn.status == 404 {
            self = .missing
        } else if cdn.failure != nil || cdn.status != 200 {
            self = .unreachable
        } else if origin.failure == nil, origin.status == 200, origin.body == cdn.body,
            origin.overLimit == cdn.overLimit
        {
            self = .same
        } else {
            self = .differs
        }
    }

    /// AASA708 for a stale copy; the other states are reported by the CDN's own checks.
    public func diagnostic(origin: FetchedResponse) -> Diagnostic? {
        guard self == .differs else { return nil }
        let reason =
            origin.status == 200
            ? "Apple's CDN serves other bytes than the origin"
            : "Apple's CDN still serves a copy the origin no longer does"
        return HostingCheck.cdnDiffers.diagnostic(
            reason + ": devices use the CDN's until Apple fetches the origin's again",
            hint: "wait for the CDN to refresh (about a day); if it stays stale, check that "
                + "Apple can reach the origin")
    }
}
