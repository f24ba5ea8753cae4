/// Why an Android input (a manifest, an `assetlinks.json`) could not be read, pointing at the
/// place in the file.
public struct AndroidLinksError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name; nil for bytes parsed directly.
    public var file: String?
    /// The line (1-based) of the offending element or value.
    public var line: Int
    /// The column (1-based) when known: JSON positions have one, XML elements only a line.
    public var column: Int?
    /// What is wrong, e.g. "android:port is not a number".
    public var message: String
    /// How to fix it.
    public var hint: String

    /// An error with every field given.
    public init(file: String? = nil, line: Int, column: Int? = nil, message: String, hint: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE[:COLUMN]: error: MESSAGE (HINT)`, the form editors and CI annotate.
    public var description: String {
        let place = column.map { "\(line):\($0)" } ?? "\(line)"
        return "\(file ?? "<input>"):\(place): error: \(message) (\(hint))"
    }
}
