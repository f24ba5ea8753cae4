/// Why a file could not be read as an AASA document (or, through `AndroidLinks`, as an Android
/// manifest or `assetlinks.json`), pointing at the offending byte.
public struct AASAParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable diagnostic code of every parse failure (see `AASALint.catalogue`).
    public static let code = DiagnosticCode.invalidJSON.code

    /// The file name, set by `AASADocument.load(path:)`; nil for bytes parsed directly.
    public var file: String?
    /// Where the problem is (in the embedded JSON when the file was a signed wrapper).
    public var location: SourceLocation
    /// What is wrong, e.g. "trailing comma before '}'".
    public var message: String
    /// How to fix it.
    public var hint: String
    /// The diagnostic code: `AASA100` (not JSON), or `AASA503` for a file beyond what
    /// aasa-scan analyses (`AASADocument.maxFileSize`, `maxRules`).
    public var code: String

    /// An error with every field given; `code` is `AASA100` unless said.
    public init(
        file: String? = nil, location: SourceLocation, message: String, hint: String,
        code: String = AASAParseError.code
    ) {
        self.file = file
        self.location = location
        self.message = message
        self.hint = hint
        self.code = code
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE (HINT)`, the form editors and CI annotate.
    public var description: String {
        "\(file ?? "<input>"):\(location.line):\(location.column): error: \(message) (\(hint))"
    }
}
