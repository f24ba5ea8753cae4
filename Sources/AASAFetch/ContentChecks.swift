import AASAModel
import RuleAnalysis

/// `lint` on a fetched file: the same diagnostics, positions included.
public enum ContentChecks {
    /// The diagnostics of `body`, and whether it is an AASA file at all (valid JSON, within
    /// what aasa-scan analyses).
    public static func lint(_ body: [UInt8]) -> (diagnostics: [Diagnostic], parses: Bool) {
        do {
            let document = try AASADocument.parse(body)
            return (AASALint.lint(document) + ShadowAnalysis.diagnostics(for: document), true)
        } catch {
            let diagnostic = Diagnostic(
                code: error.code, severity: .error, path: "$", message: error.message,
                hint: error.hint, location: error.location)
            return ([diagnostic], false)
        }
    }

    /// Whether `body` is an AASA file aasa-scan reads (what `scan --aasa-dir` needs).
    public static func parses(_ body: [UInt8]) -> Bool {
        (try? AASADocument.parse(body)) != nil
    }
}
