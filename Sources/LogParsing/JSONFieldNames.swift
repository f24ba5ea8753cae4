/// Which JSON keys hold the request, by role; earlier names win when a line has several.
///
/// Keys are matched at any depth (Caddy nests them under `"request"`), case-sensitively, and
/// only when their value is a string or a number.
public struct JSONFieldNames: Sendable, Equatable {
    /// Keys holding the host (`host:port` is split).
    public var host: [String]
    /// Keys holding the request target (path and query, or an absolute URL).
    public var target: [String]
    /// Keys holding the method.
    public var method: [String]
    /// Keys holding the status (number or string).
    public var status: [String]
    /// Keys holding a whole request line (`"GET /p HTTP/1.1"`), used when no target key is found.
    public var requestLine: [String]
    /// Keys holding the time: an ISO 8601 or NCSA string, or seconds since 1970 (a number or
    /// a string of digits; milliseconds and smaller units are told by their size).
    public var time: [String] = JSONFieldNames.standardTime

    /// Time keys of nginx (`time_iso8601`, `time_local`, `msec`), Elastic (`@timestamp`),
    /// Traefik (`StartUTC`), Cloudflare (`EdgeStartTimestamp`), Caddy (`ts`) and others.
    public static let standardTime = [
        "time_iso8601", "@timestamp", "timestamp", "StartUTC", "EdgeStartTimestamp", "ts",
        "time", "time_local", "date", "datetime", "msec",
    ]

    /// Names covering nginx JSON, Caddy, Traefik and Cloudflare Logpush.
    public static let standard = JSONFieldNames(
        host: ["host", "RequestHost", "ClientRequestHost", "http_host", "server_name"],
        target: ["uri", "path", "request_uri", "RequestPath", "ClientRequestURI", "url"],
        method: ["method", "RequestMethod", "ClientRequestMethod", "request_method"],
        status: ["status", "DownstreamStatus", "EdgeResponseStatus", "status_code"],
        requestLine: ["request"])
}

/// The configured names flattened into one byte array, built once per parser.
final class JSONKeyTable: Sendable {
    enum Role: Int { case host, target, method, status, requestLine, time }

    struct Entry {
        let start: Int
        let count: Int
        let role: Role
        let rank: Int
        let first: UInt8
    }

    let bytes: [UInt8]
    let entries: [Entry]

    /// The request keys of `names`, or with `timeOnly` its time keys alone (a second walk
    /// over a line, made only when its time is asked for).
    init(_ names: JSONFieldNames, timeOnly: Bool = false) {
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        let lists: [(Role, [String])] =
            timeOnly
            ? [(.time, names.time)]
            : [
                (.host, names.host), (.target, names.target), (.method, names.method),
                (.status, names.status), (.requestLine, names.requestLine),
            ]
        for (role, list) in lists {
            for (rank, name) in list.enumerated() where !name.isEmpty {
                let utf8 = Array(name.utf8)
                entries.append(
                    Entry(
                        start: bytes.count, count: utf8.count, role: role, rank: rank,
                        first: utf8[0]))
                bytes += utf8
            }
        }
        self.bytes = bytes
        self.entries = entries
    }

    /// The role and rank of the key at `range`, if it is one of the configured names.
    @inline(__always)
    func lookup(_ line: LineBytes, _ range: Range<Int>) -> (role: Role, rank: Int)? {
        guard !range.isEmpty else { return nil }
        let first = line[range.lowerBound]
        return bytes.withUnsafeBufferPointer { table in
            for entry in entries where entry.count == range.count && entry.first == first {
                var equal = true
                var i = 1
                while i < entry.count {
                    if table[entry.start + i] != line[range.lowerBound + i] {
                        equal = false
                        break
                    }
                    i += 1
                }
                if equal { return (entry.role, entry.rank) }
            }
            return nil
        }
    }
}
