/// A stable diagnostic code with its severity and what it finds: one row of the table that
/// lint, the shadow findings and the hosting checks all read.
///
/// Numbering: AASA1xx parsing and structure, AASA2xx app IDs, AASA3xx patterns, AASA4xx
/// substitution variables, AASA5xx size and signing, AASA6xx rules that can never decide
/// (proven on the matcher's automata, so `RuleAnalysis` emits them), AASA7xx how a file is
/// served (found by `aasa-scan fetch`). Codes are never reused or renumbered.
public struct DiagnosticCode: Sendable, Hashable {
    /// The stable code, such as `AASA201`.
    public let code: String
    /// How serious its findings are.
    public let severity: Diagnostic.Severity
    /// What it finds, in one line (the README's table says the same).
    public let summary: String

    /// A row; tables of other file kinds (`AndroidDiagnosticCode`) build theirs with it.
    package init(_ code: String, _ severity: Diagnostic.Severity, _ summary: String) {
        self.code = code
        self.severity = severity
        self.summary = summary
    }

    /// Every code, in numeric order.
    public static let all: [DiagnosticCode] = ofDocument + ofShadowedRules + ofRuleOrder + ofHosting

    /// AASA1xx-5xx: what the file itself says, found by `AASALint` (its `catalogue`).
    package static let ofDocument: [DiagnosticCode] = [
        invalidJSON, duplicateKey, wrongType, unknownKey, noAppLinks, legacyAppsNotEmpty,
        legacyDetailsDictionary, noDetails,
        appIDAndAppIDs, emptyAppIDs, malformedAppID, appIDsNotList, noAppID,
        pathsAndComponents, nonStringQueryValue, patternWhitespace, malformedNOT, emptyComponents,
        neverMatches, questionMarkInPath,
        undefinedVariable, shadowedVariable, unterminatedVariable, invalidVariable,
        oversized, signedNotVerified, tooLarge, tooManyDiagnostics,
    ]

    /// AASA6xx: rules that can never decide.
    package static let ofShadowedRules: [DiagnosticCode] = [
        shadowed, afterCatchAll, duplicateRule, exclusionWithoutEffect, proofNotFinished,
    ]

    /// AASA606: a rule that takes URLs a later exclusion of its entry was meant to keep out.
    package static let ofRuleOrder: [DiagnosticCode] = [takesExcludedURLs]

    /// AASA7xx: how the file is served (`HostingCheck`).
    package static let ofHosting: [DiagnosticCode] = [
        notHTTPS, redirected, badStatus, wrongContentType, bodyTooLarge, tlsFailure, unreachable,
        cdnDiffers, cdnMissing,
    ]

    /// The row of `code`, or nil for a code that does not exist.
    public static func named(_ code: String) -> DiagnosticCode? {
        all.first { $0.code == code }
    }
}

// The rows. Only their codes, severities and summaries are public (through `all` and the
// catalogues); the names are for the code that emits them.
extension DiagnosticCode {
    package static let invalidJSON = DiagnosticCode(
        "AASA100", .error, "not valid JSON (or not a JSON object)")
    package static let duplicateKey = DiagnosticCode(
        "AASA101", .warning, "duplicate key; the last one is used")
    package static let wrongType = DiagnosticCode(
        "AASA102", .warning, "value of the wrong type; ignored")
    package static let unknownKey = DiagnosticCode("AASA103", .info, "unknown key; ignored")
    package static let noAppLinks = DiagnosticCode(
        "AASA104", .warning, "no applinks section: no universal links")
    package static let legacyAppsNotEmpty = DiagnosticCode(
        "AASA105", .warning, "legacy applinks.apps is not empty")
    package static let legacyDetailsDictionary = DiagnosticCode(
        "AASA106", .info, "legacy dictionary form of details")
    package static let noDetails = DiagnosticCode("AASA107", .warning, "applinks has no details")

    package static let appIDAndAppIDs = DiagnosticCode(
        "AASA201", .warning, "appID and appIDs together: appID ignored")
    package static let emptyAppIDs = DiagnosticCode(
        "AASA202", .warning, "empty appIDs: the entry names no app")
    package static let malformedAppID = DiagnosticCode(
        "AASA203", .warning, "app ID is not TEAMID.bundle.id")
    package static let appIDsNotList = DiagnosticCode(
        "AASA204", .warning, "appIDs is not a list; ignored")
    package static let noAppID = DiagnosticCode(
        "AASA205", .warning, "entry has neither appID nor appIDs")

    package static let pathsAndComponents = DiagnosticCode(
        "AASA301", .warning, "paths and components together: paths ignored on iOS 13+")
    package static let nonStringQueryValue = DiagnosticCode(
        "AASA302", .warning, "non-string value in a \"?\" dictionary: whole dictionary ignored")
    package static let patternWhitespace = DiagnosticCode(
        "AASA303", .warning, "leading or trailing whitespace in a pattern")
    package static let malformedNOT = DiagnosticCode(
        "AASA304", .warning, "malformed NOT prefix in paths")
    package static let emptyComponents = DiagnosticCode(
        "AASA305", .warning, "empty components: the entry matches nothing")
    package static let neverMatches = DiagnosticCode(
        "AASA306", .warning,
        "pattern can never match any URL (text no URL holds where the rule reads it, or an "
            + "empty variable)")
    package static let questionMarkInPath = DiagnosticCode(
        "AASA307", .warning,
        "\"?\" in a path pattern is a one-character wildcard, not the start of a query")

    package static let undefinedVariable = DiagnosticCode(
        "AASA401", .warning, "undefined substitution variable: the pattern never matches")
    package static let shadowedVariable = DiagnosticCode(
        "AASA402", .warning, "custom variable shadows a predefined one")
    package static let unterminatedVariable = DiagnosticCode(
        "AASA403", .warning, "unterminated $( is literal text")
    package static let invalidVariable = DiagnosticCode(
        "AASA404", .warning, "invalid substitution variable name or value")

    package static let oversized = DiagnosticCode(
        "AASA501", .warning, "file over 128 KB: devices may ignore it")
    package static let signedNotVerified = DiagnosticCode(
        "AASA502", .warning, "signed PKCS#7 file: signature not verified")
    package static let tooLarge = DiagnosticCode(
        "AASA503", .error, "beyond what aasa-scan analyses: over 16 MiB or over 200,000 rules")
    package static let tooManyDiagnostics = DiagnosticCode(
        "AASA504", .warning, "over 10,000 diagnostics: the rest are left out")

    package static let shadowed = DiagnosticCode(
        "AASA601", .warning,
        "rule never decides: earlier rules of its entry decide every URL it matches")
    package static let afterCatchAll = DiagnosticCode(
        "AASA602", .warning, "rule after a catch-all rule of its entry never decides")
    package static let duplicateRule = DiagnosticCode(
        "AASA603", .warning,
        "exact duplicate of an earlier rule (pattern after defaults) never decides")
    package static let exclusionWithoutEffect = DiagnosticCode(
        "AASA604", .info,
        "exclude rule changes nothing: no later rule of its entry matches what it matches")
    package static let takesExcludedURLs = DiagnosticCode(
        "AASA606", .warning,
        "rule placed before an exclusion opens URLs the exclusion was meant to keep out")
    package static let proofNotFinished = DiagnosticCode(
        "AASA605", .info,
        "not proven whether the rule can decide: its proof stopped at the work budget per rule")

    package static let notHTTPS = DiagnosticCode(
        "AASA701", .error, "not an https:// URL: iOS fetches the file over HTTPS only")
    package static let redirected = DiagnosticCode(
        "AASA702", .error, "redirect: iOS does not follow redirects for this file")
    package static let badStatus = DiagnosticCode("AASA703", .error, "HTTP status other than 200")
    package static let wrongContentType = DiagnosticCode(
        "AASA704", .warning, "content type other than application/json")
    package static let bodyTooLarge = DiagnosticCode(
        "AASA705", .error, "file over 128 KB (131072 bytes): iOS ignores it")
    package static let tlsFailure = DiagnosticCode(
        "AASA706", .error, "TLS failure: certificate not trusted or handshake failed")
    package static let unreachable = DiagnosticCode(
        "AASA707", .error, "could not fetch: name resolution, connection or timeout")
    package static let cdnDiffers = DiagnosticCode(
        "AASA708", .warning, "Apple's CDN copy differs from the origin's (stale)")
    package static let cdnMissing = DiagnosticCode(
        "AASA709", .warning, "Apple's CDN has no copy (it could not fetch the origin's)")
}

extension Diagnostic {
    /// A finding of `code`, at its severity.
    package init(
        _ code: DiagnosticCode, path: String, message: String, hint: String,
        location: SourceLocation? = nil, related: String? = nil
    ) {
        self.init(
            code: code.code, severity: code.severity, path: path, message: message, hint: hint,
            location: location, related: related)
    }
}
