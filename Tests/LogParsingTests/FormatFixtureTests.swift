import LogIO
import LogParsing
import TestSupport
import Testing

/// Format fixtures: each is parsed as the listed format, or refused with every format named.
@Suite(.needsSharedData("logs-real"))
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
