/// How an AASA file is served (SEMANTICS.md S2.6, S2.7), as `aasa-scan fetch` finds it: what
/// iOS refuses (no HTTPS, a redirect, a status other than 200, a body over 128 KB, a bad
/// certificate) and where Apple's CDN copy stands against the origin's.
public enum HostingCheck: String, Sendable, CaseIterable {
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

    /// The stable code, in the AASA7xx range of `DiagnosticCode`.
    public var code: String {
        switch self {
        case .notHTTPS: DiagnosticCode.notHTTPS
        case .redirected: DiagnosticCode.redirected
        case .badStatus: DiagnosticCode.badStatus
        case .wrongContentType: DiagnosticCode.wrongContentType
        case .bodyTooLarge: DiagnosticCode.bodyTooLarge
        case .tlsFailure: DiagnosticCode.tlsFailure
        case .unreachable: DiagnosticCode.unreachable
        case .cdnDiffers: DiagnosticCode.cdnDiffers
        case .cdnMissing: DiagnosticCode.cdnMissing
        }
    }

    /// A stale or missing CDN copy heals by itself within a day or so and a content type
    /// other than JSON is still read by devices, so those warn; the rest stop iOS.
    public var severity: Diagnostic.Severity {
        switch self {
        case .wrongContentType, .cdnDiffers, .cdnMissing: .warning
        default: .error
        }
    }

    /// What the code means, in a few words (the README's table says the same).
    public var summary: String {
        switch self {
        case .notHTTPS: "not an https:// URL: iOS fetches the file over HTTPS only"
        case .redirected: "redirect: iOS does not follow redirects for this file"
        case .badStatus: "HTTP status other than 200"
        case .wrongContentType: "content type other than application/json"
        case .bodyTooLarge: "file over 128 KB (131072 bytes): iOS ignores it"
        case .tlsFailure: "TLS failure: certificate not trusted or handshake failed"
        case .unreachable: "could not fetch: name resolution, connection or timeout"
        case .cdnDiffers: "Apple's CDN copy differs from the origin's (stale)"
        case .cdnMissing: "Apple's CDN has no copy (it could not fetch the origin's)"
        }
    }

    /// Every AASA7xx code with its severity, as `AASALint.catalogue` lists the others.
    public static let catalogue: [AASALint.Rule] = allCases.map {
        AASALint.Rule(code: $0.code, severity: $0.severity, summary: $0.summary)
    }

    /// A diagnostic of this check about the whole response (its path is `$`).
    public func diagnostic(_ message: String, hint: String) -> Diagnostic {
        Diagnostic(code: code, severity: severity, path: "$", message: message, hint: hint)
    }
}
