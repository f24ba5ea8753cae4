/// The stable diagnostic codes. Numbering: AASA1xx parsing and structure, AASA2xx app IDs,
/// AASA3xx patterns, AASA4xx substitution variables, AASA5xx size and signing.
/// Codes are never reused or renumbered; `AASALint.catalogue` documents each one.
/// AASA6xx (rules that can never decide) need the matcher's automata, so `RuleAnalysis`
/// emits and documents them (`ShadowFinding.Kind`). AASA7xx are how a file is served, found
/// by `aasa-scan fetch`; `HostingCheck.catalogue` documents them.
enum DiagnosticCode {
    static let invalidJSON = "AASA100"
    static let duplicateKey = "AASA101"
    static let wrongType = "AASA102"
    static let unknownKey = "AASA103"
    static let noAppLinks = "AASA104"
    static let legacyAppsNotEmpty = "AASA105"
    static let legacyDetailsDictionary = "AASA106"
    static let noDetails = "AASA107"

    static let appIDAndAppIDs = "AASA201"
    static let emptyAppIDs = "AASA202"
    static let malformedAppID = "AASA203"
    static let appIDsNotList = "AASA204"
    static let noAppID = "AASA205"

    static let pathsAndComponents = "AASA301"
    static let nonStringQueryValue = "AASA302"
    static let patternWhitespace = "AASA303"
    static let malformedNOT = "AASA304"
    static let emptyComponents = "AASA305"

    static let undefinedVariable = "AASA401"
    static let shadowedVariable = "AASA402"
    static let unterminatedVariable = "AASA403"
    static let invalidVariable = "AASA404"

    static let oversized = "AASA501"
    static let signedNotVerified = "AASA502"
    static let tooLarge = "AASA503"
    static let tooManyDiagnostics = "AASA504"

    static let notHTTPS = "AASA701"
    static let redirected = "AASA702"
    static let badStatus = "AASA703"
    static let wrongContentType = "AASA704"
    static let bodyTooLarge = "AASA705"
    static let tlsFailure = "AASA706"
    static let unreachable = "AASA707"
    static let cdnDiffers = "AASA708"
    static let cdnMissing = "AASA709"
}
