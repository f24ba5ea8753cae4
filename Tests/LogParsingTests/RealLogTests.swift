import LogIO
import LogParsing
import TestSupport
import Testing

/// Real traffic logs: each must be detected as its format and yield its requests.
///
/// Expected request counts were derived independently with grep (LC_ALL=C), once:
/// - combined: `grep -cE '^[^ ]+ [^ ]+ [^ ]+ \[[^]]*\] "[A-Za-z]+ [^"]*" [0-9-]+ [^ ]+ "'`
/// - common: the same pattern ending in `[^ ]+$` instead of the referer quote
/// - vhost: `grep -cE '^[^ ]+ [^ ]+ [^ ]+ [^ ]+ \[[^]]*\] "[A-Z]+ '`
/// - w3c, zeek: `grep -vc -E '^(#|[[:space:]]*$)'` (data rows)
/// - haproxy: `grep -c '"$'` (lines ending in a quoted request)
/// - s3: `grep -c '"[A-Z]* /'`
/// - url: `grep -cP '^(\xEF\xBB\xBF)?https?://[^/?#]'` (the file's unterminated last line is
///   a bare `https://`, malformed)
@Suite(.needsSharedData("logs-real"))
struct RealLogTests {
    @Test(arguments: [
        ("elastic-examples--apache_logs--combined.log.zst", LogFormat.combined, 10000, 0),
        ("lnav--logfile_shop_access_log--combined-plus-xff.log.zst", .combined, 1000, 0),
        ("nasa-ksc-http-aug1995--first5000--common.log.gz", .common, 5000, 0),
        ("lnav--logfile_w3c_big--iis-w3c-extended.log", .w3c, 210, 0),
        ("lnav--logfile_bro_http--zeek-http.tsv", .zeek, 197, 0),
        ("lnav--logfile_haproxy--syslog-haproxy-httplog.log", .haproxy, 13, 0),
        ("pypi-apachelogs--vhost_combined.log", .vhost, 6, 1),
        ("request-log-analyzer--s3_logs--2012-10-05-16-18-11-F9AAC5D1A55AEBAD.s3.log", .s3, 5, 0),
        ("request-log-analyzer--s3_logs--2012-10-05-16-26-06-15314AF7F0651839.s3.log", .s3, 3, 0),
        ("ada-url-various-datasets--kasztp--url-list.txt.zst", .url, 48009, 1),
    ])
    func detectsAndParses(_ name: String, _ format: LogFormat, _ requests: Int, _ malformed: Int)
        throws
    {
        let bytes = try decodedBytes(realLogs + "/" + name)
        let detection = detect(Array(bytes.prefix(1 << 20)))
        #expect(detection.format == format, "\(detection.explanation)")
        let parser = try #require(detection.makeParser())
        let counts = tally(bytes, parser)
        #expect(counts.requests == requests)
        #expect(counts.malformed == malformed)
    }

    /// Spot checks of what the parsers return on real lines.
    @Test func firstRequestsOfRealLogs() throws {
        let cases: [(String, LogFormat, String, String)] = [
            ("lnav--logfile_bro_http--zeek-http.tsv", .zeek, "www.reddit.com", "/"),
            ("pypi-apachelogs--vhost_combined.log", .vhost, "www.varonathe.org", "/"),
            ("lnav--logfile_w3c_big--iis-w3c-extended.log", .w3c, "", "/robots.txt"),
        ]
        for (name, format, host, target) in cases {
            let bytes = try decodedBytes(realLogs + "/" + name)
            let text = String(decoding: bytes, as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // Parse up to the first request, headers included.
            var prefix: [String] = []
            for line in lines {
                prefix.append(String(line))
                if case .ok = parseLast(format, prefix) { break }
            }
            guard case .ok(let fields) = parseLast(format, prefix) else {
                Issue.record("no request in \(name)")
                continue
            }
            #expect(fields.host == host, "\(name)")
            #expect(fields.target == target, "\(name)")
        }
    }
}
