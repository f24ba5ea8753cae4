/// Something worth telling the author of an AASA file, with a stable code scripts can rely on.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How serious a finding is; `error` is the most.
    public enum Severity: String, Sendable, Equatable, Comparable {
        /// Devices refuse or ignore what this names; a warning may cost links; info is advice.
        case error, warning, info

        private var rank: Int {
            switch self {
            case .error: 2
            case .warning: 1
            case .info: 0
            }
        }

        /// Orders by seriousness: `info` < `warning` < `error`.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Stable identifier such as `AASA201`; documented in the README.
    public var code: String
    /// How serious it is.
    public var severity: Severity
    /// JSON path of the offending value, e.g. `applinks.details[2].components[0]["?"]`.
    public var path: String
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it.
    public var hint: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// JSON path of another value the diagnostic is about, such as the earlier rule that
    /// shadows this one; nil when there is none.
    public var related: String?

    /// A finding with every field given.
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

    /// `severity code path: message`, then the hint.
    public var description: String {
        let at = location.map { "\($0.line):\($0.column): " } ?? ""
        return "\(at)\(severity.rawValue) \(code) \(path): \(message) (\(hint))"
    }
}

/// A position in a file: 1-based line and column (column counts bytes), 0-based byte offset.
public struct SourceLocation: Sendable, Equatable, Hashable {
    /// Line, from 1.
    public var line: Int
    /// Column in bytes, from 1.
    public var column: Int
    /// Byte offset from the start of the file.
    public var offset: Int

    /// A location with every field given.
    public init(line: Int, column: Int, offset: Int) {
        (self.line, self.column, self.offset) = (line, column, offset)
    }
}
