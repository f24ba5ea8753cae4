/// How an AASA file is served (SEMANTICS.md S2.6, S2.7), as `aasa-scan fetch` finds it: what
/// iOS refuses (no HTTPS, a redirect, a status other than 200, a body over 128 KB, a bad
/// certificate) and where Apple's CDN copy stands against the origin's. A stale or missing CDN
/// copy heals by itself within a day or so and a content type other than JSON is still read by
/// devices, so those warn; the rest stop iOS.
public enum HostingCheck: String, Sendable, CaseIterable, DiagnosticKind {
    /// AASA701: the URL is not `https://`, so nothing is fetched.
    case notHTTPS
    /// AASA702: a 3xx answer; iOS does not follow redirects for this file.
    case redirected
    /// AASA703: a status other than 200 (for the CDN, other than 404).
    case badStatus
    /// AASA704: a content type other than `application/json`.
    case wrongContentType
    /// AASA705: a body over 128 KB, which iOS ignores.
    case bodyTooLarge
    /// AASA706: the TLS handshake failed (untrusted or mismatched certificate).
    case tlsFailure
    /// AASA707: no answer at all: name resolution, connection or timeout.
    case unreachable
    /// AASA708: Apple's CDN serves other bytes than the origin (a stale copy).
    case cdnDiffers
    /// AASA709: Apple's CDN has no copy (404).
    case cdnMissing

    /// Its row in the diagnostic code table, in the AASA7xx range.
    public var diagnosticCode: DiagnosticCode {
        switch self {
        case .notHTTPS: .notHTTPS
        case .redirected: .redirected
        case .badStatus: .badStatus
        case .wrongContentType: .wrongContentType
        case .bodyTooLarge: .bodyTooLarge
        case .tlsFailure: .tlsFailure
        case .unreachable: .unreachable
        case .cdnDiffers: .cdnDiffers
        case .cdnMissing: .cdnMissing
        }
    }

    /// Every AASA7xx code with its severity, as `AASALint.catalogue` lists the others.
    public static let catalogue: [AASALint.Rule] = allCases.map(\.diagnosticCode)

    /// A diagnostic of this check about the whole response (its path is `$`).
    public func diagnostic(_ message: String, hint: String) -> Diagnostic {
        Diagnostic(diagnosticCode, path: "$", message: message, hint: hint)
    }
}
