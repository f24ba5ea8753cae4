import LogIO
import LogParsing
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
@Suite(.enabled(if: realLogsPresent, "shared real-log corpus (../shared/data) not present"))
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

/// Format fixtures: each is parsed as the listed format, or refused with every format named.
@Suite(.enabled(if: realLogsPresent, "shared real-log corpus (../shared/data) not present"))
struct FormatFixtureTests {
    @Test(arguments: [
        ("lnav--logfile_access_log.0", LogFormat?.some(.combined), 3),
        ("lnav--logfile_access_log.1", .combined, 0),  // only a "-" request
        ("lnav--logfile_bad_access_log.0", .combined, 2),  // line 2 lacks ident/user
        ("lnav--logfile_caddy_log.1", .json, 4),
        ("lnav--logfile_cloudflare.1", .json, 15),
        ("lnav--logfile_cloudflare.json", .json, 1),
        ("lnav--logfile_regexp_access_log.0", .vhost, 2),
        ("lnav--logfile_syslog_with_access_log.0", nil, 0),  // mixed syslog, no timestamps
        ("lnav--logfile_w3c.0", .w3c, 1),
        ("lnav--logfile_w3c.1", .w3c, 1),
        ("lnav--logfile_w3c.2", nil, 0),  // IIS FTP rows: USER/PASS, no URLs
        ("lnav--logfile_w3c.3", .w3c, 3),
        ("lnav--logfile_w3c.4", .w3c, 2),  // Incapsula cs-uri is host/path
        ("lnav--logfile_w3c.5", .w3c, 1),
        ("lnav--logfile_w3c.6", .w3c, 1),
        ("matomo--alb.log", .alb, 1),
        ("matomo--amazon_cloudfront_rtmp.log", .w3c, 2),  // space separated, rtmp:// targets
        ("matomo--amazon_cloudfront_web.log", .cloudfront, 1),
        ("matomo--caddy_json.log", .json, 3),
        ("matomo--common.log", .common, 1),
        ("matomo--common.log.gz", .common, 1),
        ("matomo--common_complete.log", .vhost, 1),
        ("matomo--common_encoding_big5.log", .vhost, 1),
        ("matomo--common_vhost.log", .vhost, 1),
        ("matomo--custom_regex_custom_date.log", .common, 1),
        ("matomo--elb.log", .elb, 1),
        ("matomo--gandi.log", nil, 0),  // "(0 s)" between the date and the request
        ("matomo--haproxy.log", .haproxy, 1),
        ("matomo--icecast2.log", .combined, 1),
        ("matomo--iis.log", .w3c, 1),
        ("matomo--iis_custom.log", .w3c, 3),
        ("matomo--incapsula_w3c.log", .w3c, 2),
        ("matomo--logs_to_tests.log", .combined, 4),
        ("matomo--ncsa_extended.log", .combined, 1),
        ("matomo--netscaler.log", .w3c, 1),
        ("matomo--nginx_json.log", .json, 2),
        ("matomo--ovh.log", .combined, 1),  // host in the ident column: read as combined
        ("matomo--s3.log", .s3, 1),
        ("matomo--shoutcast.log", .w3c, 1),
        ("matomo--splitted_date_and_time.log", .w3c, 1),
        ("matomo--static_ignores.log", .vhost, 4),
        ("matomo--traefik_json.log", .json, 1),
        ("request-log-analyzer--apache_combined.log", .combined, 5),
        ("request-log-analyzer--apache_common.log", .common, 10),
        ("request-log-analyzer--test_language_combined.log", nil, 0),  // not a log
    ])
    func fixture(_ name: String, _ format: LogFormat?, _ requests: Int) throws {
        let bytes = try decodedBytes(realLogs + "/formats/" + name)
        let detection = detect(bytes)
        #expect(detection.format == format, "\(name): \(detection.explanation)")
        if let parser = detection.makeParser() {
            #expect(tally(bytes, parser).requests == requests, "\(name)")
        } else {
            for candidate in LogFormat.allCases {
                #expect(detection.explanation.contains("\(candidate.rawValue): "), "\(name)")
            }
        }
    }

    @Test func bzip2FixtureIsRefusedByTheReader() {
        #expect {
            _ = try decodedBytes(realLogs + "/formats/matomo--common.log.bz2")
        } throws: { error in
            (error as? LogIOError)?.code == .unsupportedCompression
        }
    }
}
