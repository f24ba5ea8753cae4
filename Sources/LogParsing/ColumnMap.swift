import ASCIIBytes

/// Where the request fields sit in rows described by a header line: W3C/IIS and CloudFront
/// `#Fields:`, Zeek `#fields`. A plain value (a few integers) so parser state is cheap to copy.
public struct ColumnMap: Sendable, Equatable {
    /// Column indexes; -1 when the header does not name the field.
    public private(set) var method = -1
    public private(set) var uriStem = -1
    public private(set) var uriQuery = -1
    public private(set) var uri = -1
    public private(set) var host = -1
    public private(set) var status = -1
    /// Where the time is: W3C `date` and `time` (UTC), or Zeek `ts` (seconds since 1970).
    public private(set) var date = -1
    public private(set) var time = -1
    public private(set) var epochTime = -1
    private var hostRank = 0
    /// True once a fields header has been read.
    public private(set) var hasHeader = false

    /// An empty map (no header seen yet).
    public init() {}

    /// Last column a row must be scanned up to.
    var lastNeeded: Int { max(method, uriStem, uriQuery, uri, host, status) }

    /// True when the header names where the time is.
    public var hasTime: Bool { (date >= 0 && time >= 0) || epochTime >= 0 }

    /// Reads the names of a `#Fields:` (W3C) or `#fields` (Zeek) line; nil if it is neither.
    static func parseHeader(_ line: LineBytes, zeek: Bool) -> ColumnMap? {
        let prefixLength: Int
        if zeek {
            guard line.matches("#fields\t") else { return nil }
            prefixLength = 8
        } else {
            guard line.matches("#Fields:") else { return nil }
            prefixLength = 8
        }
        var map = ColumnMap()
        map.hasHeader = true
        var pos = prefixLength
        var index = 0
        let end = line.count
        while pos < end {
            // Zeek separates names with tabs only; W3C with runs of spaces (or tabs).
            while pos < end && (zeek ? line[pos] == ASCII.tab : ASCII.isBlank(line[pos])) {
                pos += 1
                if zeek { break }
            }
            guard pos < end else { break }
            var nameEnd = pos
            while nameEnd < end {
                let b = line[nameEnd]
                if zeek ? b == ASCII.tab : ASCII.isBlank(b) { break }
                nameEnd += 1
            }
            map.assign(line, pos..<nameEnd, index: index)
            index += 1
            pos = nameEnd
        }
        return map
    }

    private mutating func assign(_ line: LineBytes, _ name: Range<Int>, index: Int) {
        if line.equals(name, "cs-method") || line.equals(name, "method") {
            method = index
        } else if line.equals(name, "cs-uri-stem") {
            uriStem = index
        } else if line.equals(name, "cs-uri-query") {
            uriQuery = index
        } else if line.equals(name, "cs-uri") || line.equals(name, "uri") {
            uri = index
        } else if line.equals(name, "sc-status") || line.equals(name, "status_code") {
            status = index
        } else if line.equals(name, "date") {
            date = index
        } else if line.equals(name, "time") {
            time = index
        } else if line.equals(name, "ts") {
            epochTime = index
        } else {
            // CloudFront logs both the distribution name (cs(Host)) and the Host header the
            // client sent (x-host-header); the latter is the site's own domain.
            var rank = 0
            if line.equals(name, "x-host-header") {
                rank = 3
            } else if line.equals(name, "cs-host") || line.equals(name, "host") {
                rank = 2
            } else if line.equals(name, "cs(Host)") {
                rank = 1
            }
            if rank > hostRank {
                hostRank = rank
                host = index
            }
        }
    }
}
