/// The request found on one log line, as byte ranges into the caller's line buffer.
///
/// Ranges index the line, except those named in `inScratch`, which index the scratch buffer
/// passed to `LineParser.parse` (JSON strings with escapes, W3C stem + `?` + query). Empty
/// ranges mean "not logged". Nothing is decoded or normalised: the matcher does that.
public struct ParsedRequest: Sendable, Equatable {
    /// HTTP method (`GET`); empty when the format has none (URL lists).
    public var method: Range<Int> = 0..<0
    /// Request target as logged: origin form (`/p?q`) or absolute form (`https://h/p?q`).
    public var target: Range<Int> = 0..<0
    /// Host without port, from a host column or from an absolute target; empty when unknown.
    public var host: Range<Int> = 0..<0
    /// Port digits next to the host (`vhost:443`, `https://h:8443/`); empty when none.
    public var port: Range<Int> = 0..<0
    /// HTTP status code, 0 when the format has none or logs `-`.
    public var status: Int = 0
    /// User agent, when the scanner met it on its way (custom layouts); else empty, and
    /// `LineParser.userAgent(in:of:)` finds it on demand.
    public var userAgent: Range<Int> = 0..<0
    /// How many requests the line stands for: 1, or the count of the weighted format.
    public var weight: Int = 1
    /// Which ranges index the scratch buffer instead of the line.
    public var inScratch: ScratchFields = []

    /// An empty request (all ranges empty, weight 1).
    public init() {}
}

/// Fields of a `ParsedRequest` whose range indexes the scratch buffer.
public struct ScratchFields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The method was unescaped into the scratch buffer.
    public static let method = ScratchFields(rawValue: 1)
    /// The target was unescaped or assembled into the scratch buffer.
    public static let target = ScratchFields(rawValue: 2)
    /// The host (and port) were unescaped into the scratch buffer.
    public static let host = ScratchFields(rawValue: 4)
}

/// A line that holds no request but is not an error; counted apart from malformed lines.
public enum SkipReason: String, Sendable, CaseIterable {
    /// Empty or whitespace only.
    case blank
    /// `#` comment or header (`#Fields:`, `#Version:`...).
    case comment
    /// A line of the format that carries no HTTP request: `"-"` request, ELB/ALB TCP line,
    /// HAProxy status or TCP line, `<BADREQ>`.
    case noRequest = "no-request"
}

/// Why a line of the chosen format could not be read.
public enum MalformedReason: String, Sendable, CaseIterable, CustomStringConvertible {
    case missingFields = "missing-fields"
    case missingTimestamp = "missing-timestamp"
    case noQuotedRequest = "no-quoted-request"
    case badRequestLine = "bad-request-line"
    case badStatus = "bad-status"
    case unexpectedTrailer = "unexpected-trailer"
    case missingReferer = "missing-referer"
    case noFieldsHeader = "no-fields-header"
    case missingColumn = "missing-column"
    case badTarget = "bad-target"
    case notJSON = "not-json"
    case missingField = "missing-field"
    case badCount = "bad-count"
    case notSyslog = "not-syslog"
    case scratchFull = "scratch-full"
    case overlong = "overlong"

    public var description: String {
        switch self {
        case .missingFields: return "fewer fields than the format has"
        case .missingTimestamp: return "no [timestamp] where expected"
        case .noQuotedRequest: return "no quoted request field"
        case .badRequestLine: return "request field is not METHOD TARGET PROTOCOL"
        case .badStatus: return "status is not a number"
        case .unexpectedTrailer: return "extra fields after the byte count"
        case .missingReferer: return "no quoted referer after the byte count"
        case .noFieldsHeader: return "data line before any fields header"
        case .missingColumn: return "row lacks the URL column named by the header"
        case .badTarget: return "target is neither a path nor an absolute URL"
        case .notJSON: return "not a JSON object"
        case .missingField: return "no URL field among the configured JSON names"
        case .badCount: return "no count before the URL"
        case .notSyslog: return "not an HAProxy syslog line"
        case .scratchFull: return "field too long for the scratch buffer"
        case .overlong: return "line longer than the reader's limit"
        }
    }
}

/// What a line is: a request, a line to skip, or a malformed line.
public enum LineResult: Sendable, Equatable {
    case ok(ParsedRequest)
    case skip(SkipReason)
    case malformed(MalformedReason)
}

extension LineResult {
    /// The result of a line that is no request; nil for `.ok`, which needs the request.
    init?(_ status: LineStatus) {
        switch status {
        case .ok: return nil
        case .skip(let reason): self = .skip(reason)
        case .malformed(let reason): self = .malformed(reason)
        }
    }
}

/// `LineResult` without the request, for a parser that writes it in place
/// (`LineParser.parse(_:scratch:into:)`).
public enum LineStatus: Sendable, Equatable {
    case ok
    case skip(SkipReason)
    case malformed(MalformedReason)
}
