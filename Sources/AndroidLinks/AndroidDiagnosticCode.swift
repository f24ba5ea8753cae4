import AASAModel

/// A stable diagnostic code for `assetlinks.json` files, with its severity, what it finds and
/// how to fix it: one row of the table `aasa-scan lint --assetlinks` reads.
///
/// Numbering: ASL1xx the file, ASL2xx statements (relation, target, package, fingerprints),
/// ASL3xx dynamic rules (docs/android-semantics.md A6, A7). An error is something that makes
/// Android's reader fail the whole file or verify nothing; a warning loses a statement, a
/// fingerprint or the dynamic rules; info is advice. Codes are never reused or renumbered.
public struct AndroidDiagnosticCode: Sendable, Hashable, DiagnosticKind {
    /// Its row: code, severity and one-line summary.
    public let diagnosticCode: DiagnosticCode
    /// How to fix what it finds, in one line (the lint hint; docs/android.md says the same).
    public let fix: String

    init(_ code: String, _ severity: Diagnostic.Severity, _ summary: String, _ fix: String) {
        diagnosticCode = DiagnosticCode(code, severity, summary)
        self.fix = fix
    }

    /// Every code, in numeric order.
    public static let all: [AndroidDiagnosticCode] = [
        invalidJSON, tooLarge, statementNotObject, strictValue, byteOrderMark,
        noRelation, malformedRelation, noHandleAllURLs, noTarget, badNamespace, noPackageName,
        malformedPackageName, noFingerprints, malformedFingerprint, lowerCaseFingerprint,
        includeNotFollowed, packageNotNamed,
        extensionsNotObject, componentsNotList, ruleNotObject, partNotString, queryNotStrings,
        excludeNotBoolean, unknownRuleKey, iOSRuleKey, emptyRule, pathNeverMatches,
        afterCatchAll, rulesWithoutRelation, repeatedRules,
    ]

    /// The row of `code`, or nil for a code that does not exist.
    public static func named(_ code: String) -> AndroidDiagnosticCode? {
        all.first { $0.code == code }
    }
}

// The rows; the names are for the code that emits them.
extension AndroidDiagnosticCode {
    static let invalidJSON = Self(
        "ASL100", .error, "not valid JSON, or not a JSON array: Android reads no statement",
        "write one JSON array of statements: [{...}, {...}]")
    static let tooLarge = Self(
        "ASL101", .error, "file over 1 MiB: Android reads no more than that",
        "split the statements over include files, or drop unused ones")
    static let statementNotObject = Self(
        "ASL102", .error, "a statement is not a JSON object: Android's reader fails the whole file",
        "make every element of the array an object {\"relation\": [...], \"target\": {...}}")
    static let strictValue = Self(
        "ASL103", .error,
        "a number or null in a statement, or a boolean in an array: Android's reader fails the "
            + "whole file",
        "write the value as a string, or remove it")

    static let byteOrderMark = Self(
        "ASL104", .error,
        "the file starts with a byte order mark: Android's reader fails the whole file",
        "save the file as UTF-8 without a byte order mark")

    static let noRelation = Self(
        "ASL201", .warning, "statement without a relation array: Android skips it",
        "add \"relation\": [\"delegate_permission/common.handle_all_urls\"]")
    static let malformedRelation = Self(
        "ASL202", .error,
        "relation is not kind/detail in [a-z0-9_.]: Android's reader fails the whole file",
        "write delegate_permission/common.handle_all_urls exactly, in lower case")
    static let noHandleAllURLs = Self(
        "ASL203", .info,
        "android_app statement without delegate_permission/common.handle_all_urls: it verifies "
            + "no App Links",
        "add delegate_permission/common.handle_all_urls to relation if the app opens links")
    static let noTarget = Self(
        "ASL204", .warning, "statement without a target object: Android skips it",
        "add \"target\": {\"namespace\": \"android_app\", ...}")
    static let badNamespace = Self(
        "ASL205", .error,
        "target namespace missing or not android_app or web (or a web target without site): "
            + "Android's reader fails the whole file",
        "write \"namespace\": \"android_app\" with package_name and sha256_cert_fingerprints")
    static let noPackageName = Self(
        "ASL206", .error,
        "android_app target without package_name: Android's reader fails the whole file",
        "add \"package_name\": the app's application ID")
    static let malformedPackageName = Self(
        "ASL207", .warning,
        "package_name is not an application ID (two or more names of letters, digits, _): it "
            + "names no app",
        "write the application ID as the app's build.gradle sets it: com.example.app")
    static let noFingerprints = Self(
        "ASL208", .error,
        "sha256_cert_fingerprints missing, empty or not an array: Android's reader fails the "
            + "whole file",
        "list the SHA-256 fingerprints of the app's signing certificates")
    static let malformedFingerprint = Self(
        "ASL209", .warning,
        "fingerprint is not 32 colon-separated upper-case hex bytes: it matches no app",
        "copy the SHA-256 line of keytool -list -v (AA:BB:...:FF, 95 characters)")
    static let lowerCaseFingerprint = Self(
        "ASL210", .warning,
        "fingerprint written in lower case: Android compares it as written, so it matches no app",
        "write the hex digits in upper case")
    static let includeNotFollowed = Self(
        "ASL211", .info, "include statement: its file is not checked here",
        "lint the included file on its own")
    static let packageNotNamed = Self(
        "ASL212", .error,
        "no handle_all_urls statement names the package given: the app is not verified",
        "add a statement for the package, or check --package")

    static let extensionsNotObject = Self(
        "ASL301", .warning,
        "relation_extensions, or its handle_all_urls entry, is not an object: Android ignores it",
        "write {\"delegate_permission/common.handle_all_urls\": "
            + "{\"dynamic_app_link_components\": [...]}}")
    static let componentsNotList = Self(
        "ASL302", .warning,
        "dynamic_app_link_components is not an array: Android discards the dynamic rules",
        "write the rules as an array of objects")
    static let ruleNotObject = Self(
        "ASL303", .warning, "a dynamic rule is not an object: Android discards the dynamic rules",
        "write each rule as an object such as {\"/\": \"/products/*\"}")
    static let partNotString = Self(
        "ASL304", .warning, "/ or # of a rule is not a string: Android discards the dynamic rules",
        "write the pattern as a string")
    static let queryNotStrings = Self(
        "ASL305", .warning,
        "? of a rule is not an object of strings: Android discards the dynamic rules",
        "write ? as {\"name\": \"pattern\", ...}")
    static let excludeNotBoolean = Self(
        "ASL306", .warning,
        "exclude is not true or false: Android discards the dynamic rules",
        "write \"exclude\": true without quotes")
    static let unknownRuleKey = Self(
        "ASL307", .info, "unknown key in a dynamic rule: ignored",
        "use only /, ?, #, exclude and comments")
    static let iOSRuleKey = Self(
        "ASL308", .warning,
        "iOS key (caseSensitive, percentEncoded, comment) in a dynamic rule: Android has no such "
            + "option",
        "remove it: Android matches case-sensitively on decoded text")
    static let emptyRule = Self(
        "ASL309", .warning, "rule with none of /, ?, # (or an empty ?): it never matches",
        "give the rule a pattern, or remove it")
    static let pathNeverMatches = Self(
        "ASL310", .warning,
        "path pattern starts with neither /, * nor ?: no path matches it",
        "start the pattern with /")
    static let afterCatchAll = Self(
        "ASL311", .warning, "rule after a rule that matches every URL: it never decides",
        "move the catch-all rule last")
    static let rulesWithoutRelation = Self(
        "ASL312", .warning,
        "dynamic rules on a statement that verifies no app (no handle_all_urls relation or no "
            + "android_app target): Android ignores them",
        "put them in the app's handle_all_urls statement")
    static let repeatedRules = Self(
        "ASL313", .warning,
        "another statement for the same app has dynamic rules: Android does not say which it uses",
        "declare the rules once per site and app")
}
