/// Why a file could not be read as an AASA document, pointing at the offending byte.
public struct AASAParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable diagnostic code of every parse failure (see `AASALint.catalogue`).
    public static let code = "AASA100"

    /// The file name, set by `AASADocument.load(path:)`; nil for bytes parsed directly.
    public var file: String?
    /// Where the problem is (in the embedded JSON when the file was a signed wrapper).
    public var location: SourceLocation
    /// What is wrong, e.g. "trailing comma before '}'".
    public var message: String
    /// How to fix it.
    public var hint: String

    public init(file: String? = nil, location: SourceLocation, message: String, hint: String) {
        self.file = file
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE (HINT)`, the form editors and CI annotate.
    public var description: String {
        "\(file ?? "<input>"):\(location.line):\(location.column): error: \(message) (\(hint))"
    }
}
