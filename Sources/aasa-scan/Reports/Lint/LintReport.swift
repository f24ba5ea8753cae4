import AASAModel

/// What `lint` found: each file's diagnostics, in the order of the files, and whether some
/// file could not be read. Its lines (`text`) and JSON lines (`jsonLines`) read this model.
package struct LintReport {
    /// One diagnostic of one file.
    package struct Finding: Equatable {
        package var file: String
        package var diagnostic: Diagnostic

        package init(file: String, diagnostic: Diagnostic) {
            self.file = file
            self.diagnostic = diagnostic
        }

        /// The finding of a file that could not be read or parsed, at the error's place.
        package init(file: String, error: AASAParseError) {
            self.init(
                file: file,
                diagnostic: Diagnostic(
                    code: error.code, severity: .error, path: "$", message: error.message,
                    hint: error.hint, location: error.location))
        }
    }

    package var findings: [Finding] = []
    /// A file could not be read or is not valid JSON: exit status 2.
    package var unreadable = false

    package init() {}

    /// Whether a finding is at or above `threshold` (nil: no gate): exit status 1.
    package func reaches(_ threshold: Diagnostic.Severity?) -> Bool {
        guard let threshold else { return false }
        return findings.contains { $0.diagnostic.severity >= threshold }
    }
}
