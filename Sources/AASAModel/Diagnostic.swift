/// Something worth telling the author of an AASA file, with a stable code scripts can rely on.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Equatable, Comparable {
        case error, warning, info

        private var rank: Int {
            switch self {
            case .error: 2
            case .warning: 1
            case .info: 0
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Stable identifier such as `AASA201`; documented in the README.
    public var code: String
    public var severity: Severity
    /// JSON path of the offending value, e.g. `applinks.details[2].components[0]["?"]`.
    public var path: String
    public var message: String
    /// How to fix it.
    public var hint: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// JSON path of another value the diagnostic is about, such as the earlier rule that
    /// shadows this one; nil when there is none.
    public var related: String?

    public init(
        code: String, severity: Severity, path: String, message: String, hint: String,
        location: SourceLocation? = nil, related: String? = nil
    ) {
        self.code = code
        self.severity = severity
        self.path = path
        self.message = message
        self.hint = hint
        self.location = location
        self.related = related
    }

    public var description: String {
        let at = location.map { "\($0.line):\($0.column): " } ?? ""
        return "\(at)\(severity.rawValue) \(code) \(path): \(message) (\(hint))"
    }
}

/// A position in a file: 1-based line and column (column counts bytes), 0-based byte offset.
public struct SourceLocation: Sendable, Equatable, Hashable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}
