import LogParsing
import Testing

func ok(
    _ method: String, _ target: String, host: String = "", port: String = "", status: Int = 0,
    weight: Int = 1
) -> Outcome {
    .ok(
        Fields(
            method: method, target: target, host: host, port: port, status: status,
            weight: weight))
}

/// One row: the format, the lines fed in order (headers first), what the last line gives.
struct Row: CustomTestStringConvertible, Sendable {
    let format: LogFormat
    let lines: [String]
    let expected: Outcome
    var testDescription: String { "\(format.rawValue): \(lines.last ?? "")" }

    init(_ format: LogFormat, _ lines: [String], _ expected: Outcome) {
        self.format = format
        self.lines = lines
        self.expected = expected
    }

    init(_ format: LogFormat, _ line: String, _ expected: Outcome) {
        self.init(format, [line], expected)
    }
}

extension Outcome: @unchecked Sendable {}

let combinedLine =
    #"1.2.3.4 - - [10/Feb/2012:16:42:07 -0500] "GET /a?b=1 HTTP/1.1" 200 368 "-" "UA""#
let w3cHeader = "#Fields: date time cs-method cs-uri-stem cs-uri-query cs-host sc-status"
let cloudFrontHeader =
    "#Fields: date time x-edge-location c-ip cs-method cs(Host) cs-uri-stem sc-status "
    + "cs-uri-query x-host-header"
let zeekHeader = "#fields\tts\tuid\tmethod\thost\turi\tstatus_code"

let rows: [Row] = [
    // combined
    Row(.combined, combinedLine, ok("GET", "/a?b=1", status: 200)),
    Row(.combined, combinedLine + #" "10.0.0.1, 10.0.0.2""#, ok("GET", "/a?b=1", status: 200)),
    Row(
        .combined, #"h - - [d] "GET /x\"y HTTP/1.0" 404 - "r" "u""#,
        ok("GET", #"/x\"y"#, status: 404)),
    Row(.combined, #"h - - [d] "-" 400 0 "-" "-""#, .skip(.noRequest)),
    Row(.combined, #"h - - [d] "GET /old" 200 1 "-" "-""#, ok("GET", "/old", status: 200)),
    Row(
        .combined, #"h - - [d] "CONNECT h:443 HTTP/1.1" 200 1 "-" "-""#,
        ok("CONNECT", "h:443", status: 200)),
    Row(
        .combined, #"h - - [d] "GET http://x.org:81/p HTTP/1.1" 200 1 "-" "-""#,
        ok("GET", "http://x.org:81/p", host: "x.org", port: "81", status: 200)),
    Row(.combined, #"h - - [d] "\x16\x03\x01" 400 0 "-" "-""#, .malformed(.badRequestLine)),
    Row(.combined, #"h - - [d] "GET / a b" 400 0 "-" "-""#, .malformed(.badRequestLine)),
    Row(.combined, #"h [d] "GET / HTTP/1.0" 200 1 "-" "-""#, .malformed(.missingFields)),
    Row(.combined, #"h - - [d] "GET / HTTP/1.0" 200 1"#, .malformed(.missingReferer)),
    Row(.combined, #"h - - [d] "GET / HTTP/1.0" OK 1 "-" "-""#, .malformed(.badStatus)),
    Row(.combined, #"h - - [d] "GET / HTTP/1.0 200 1"#, .malformed(.noQuotedRequest)),
    // The fixed-layout shortcuts (standard timestamp, three-digit status, ` HTTP/d.d` end)
    // agree with the general scan around them.
    Row(
        .combined, #"h - - [10/Feb/2012:16:42:07 -0500] "GET /a b HTTP/2.0" 301 0 "-" "-""#,
        ok("GET", "/a b", status: 301)),
    Row(
        .combined, #"h - - [10/Feb/2012:16:42:07 -0500] "GET /x HTTP/1.1 " 200 0 "-" "-""#,
        .malformed(.badRequestLine)),
    Row(
        .combined, #"h - - [10/Feb/2012:16:42:07] -0500] "GET / HTTP/1.1" 200 0 "-" "-""#,
        .malformed(.noQuotedRequest)),
    Row(
        .combined, #"h - - [2012-02-10T16:42:07+00:00] "GET /t HTTP/1.1" 200 0 "-" "-""#,
        ok("GET", "/t", status: 200)),
    Row(
        .combined, #"h - - [10/Feb/2012:16:42:07 -0500] "GET / HTTP/1.1" 2000 0 "-" "-""#,
        .malformed(.badStatus)),
    Row(
        .combined, #"h - - [10/Feb/2012:16:42:07 -0500] "GET / HTTP/1.1" 20 0 "-" "-""#,
        ok("GET", "/", status: 20)),
    Row(.combined, #"h  - - [d] "GET / HTTP/1.1" 200 0 "-" "-""#, .malformed(.missingFields)),
    Row(.combined, #"h - frank [d] "GET /u HTTP/1.1" 200 0 "-" "-""#, ok("GET", "/u", status: 200)),
    Row(.combined, #"h x y [d] "GET /v HTTP/1.1" 200 0 "-" "-""#, ok("GET", "/v", status: 200)),
    // Ident and user both `-` are taken at once; the lines around that shortcut read as
    // the token by token scan reads them.
    Row(.combined, "h - - ", .malformed(.missingTimestamp)),
    Row(.combined, #"h - - - [d] "GET / HTTP/1.1" 200 0 "-" "-""#, .malformed(.missingTimestamp)),
    Row(.combined, #"h - -x [d] "GET /w HTTP/1.1" 200 0 "-" "-""#, ok("GET", "/w", status: 200)),
    // Three-character statuses: digits only.
    Row(.combined, #"h - - [d] "GET / HTTP/1.1" 2x0 0 "-" "-""#, .malformed(.badStatus)),
    Row(.combined, #"h - - [d] "GET / HTTP/1.1" 099 0 "-" "-""#, ok("GET", "/", status: 99)),
    Row(.combined, #"h - - [d] "GET / HTTP/1.1" - 0 "-" "-""#, ok("GET", "/")),
    Row(.common, #"h - - [d] "GET /n HTTP/1.1" 200 123456"#, ok("GET", "/n", status: 200)),
    Row(.common, #"h - - [d] "GET /n HTTP/1.1" 200 123456  "#, ok("GET", "/n", status: 200)),
    Row(.combined, "   ", .skip(.blank)),
    Row(.combined, "# comment", .skip(.comment)),
    // common
    Row(.common, #"h - u [d] "GET /c HTTP/1.0" 304 0"#, ok("GET", "/c", status: 304)),
    Row(.common, #"h - u [d] "GET /c HTTP/1.0" 304 0 "-" "UA""#, .malformed(.unexpectedTrailer)),
    Row(.common, #"h - u [d] GET /c HTTP/1.0 304 0"#, .malformed(.noQuotedRequest)),
    // vhost
    Row(
        .vhost, #"www.x.org:80 1.2.3.4 - - [d] "POST /p HTTP/1.1" 301 5 "-" "UA""#,
        ok("POST", "/p", host: "www.x.org", port: "80", status: 301)),
    Row(
        .vhost, #"www.x.org 1.2.3.4 - u [d] "GET / HTTP/1.0" 301 368"#,
        ok("GET", "/", host: "www.x.org", status: 301)),
    Row(
        .vhost, #"[::1]:8080 1.2.3.4 - u [d] "GET / HTTP/1.0" 200 1"#,
        ok("GET", "/", host: "[::1]", port: "8080", status: 200)),
    Row(.vhost, combinedLine, .malformed(.missingFields)),
    // alb / elb
    Row(
        .alb,
        #"https 2020-01-01T00:55:04Z app/lb/1 1.2.3.4:2817 10.0.0.1:80 0.001 0.1 0.0 200 200 225 24950 "GET https://www.x.com:443/p/i.html?q=1 HTTP/1.1" "UA" C P"#,
        ok("GET", "https://www.x.com:443/p/i.html?q=1", host: "www.x.com", port: "443", status: 200)
    ),
    Row(
        .alb,
        #"2015-05-13T23:39:43Z lb 1.2.3.4:2817 10.0.0.1:80 0.1 0.1 0.1 200 200 0 57 "GET https://x/ HTTP/1.1" "UA" C P"#,
        .malformed(.missingFields)),
    Row(
        .elb,
        #"2015-05-13T23:39:43Z lb 1.2.3.4:2817 10.0.0.1:80 0.1 0.1 0.1 502 - 0 57 "GET http://x.com/p HTTP/1.1" "UA" - -"#,
        ok("GET", "http://x.com/p", host: "x.com", status: 502)),
    Row(
        .elb,
        #"2015-05-13T23:39:43Z lb 1.2.3.4:2817 10.0.0.1:80 0.1 0.1 0.1 - - 82 305 "- - - " "-" - -"#,
        .skip(.noRequest)),
    Row(.elb, #"2015-05-13T23:39:43Z lb 1.2.3.4:2817"#, .malformed(.missingFields)),
    // s3
    Row(
        .s3,
        #"owner b.com [05/Oct/2012:15:24:46 +0000] 1.2.3.4 - ID REST.GET.OBJECT k/x.jpg "GET /b.com/k/x.jpg?v=1 HTTP/1.1" 200 - 9 9 4 4 "r" "u" -"#,
        ok("GET", "/b.com/k/x.jpg?v=1", host: "b.com", status: 200)),
    Row(
        .s3, #"owner b.com [d] 1.2.3.4 - ID REST.COPY.OBJECT_GET k "-" 200 - - 9 4 - "-" "-" -"#,
        .skip(.noRequest)),
    Row(.s3, combinedLine, .malformed(.missingTimestamp)),
    // haproxy
    Row(
        .haproxy,
        #"Feb 25 16:19:49 10.0.0.2 haproxy[7]: 1.2.3.4:53332 [25/Feb/2019:16:19:48.143] fe~ be/s1 0/0/7/1457/1487 200 11394 - - ---- 2/1/0/0/0 0/0 {UA} {} "GET /admin?a=1&&b=2 HTTP/1.1""#,
        ok("GET", "/admin?a=1&&b=2", status: 200)),
    Row(.haproxy, "Feb 25 16:19:38 10.0.0.2 haproxy[1]: Proxy fe started.", .skip(.noRequest)),
    Row(
        .haproxy,
        #"Feb 25 16:19:38 h haproxy[1]: 1.2.3.4:1 [d] fe be/s -1/-1/-1/-1/0 400 0 - - CR-- 0/0/0/0/0 0/0 "<BADREQ>""#,
        .skip(.noRequest)),
    Row(.haproxy, "Jan  3 09:47:02 host sudo: user : TTY=pts/6", .malformed(.notSyslog)),
    Row(.haproxy, combinedLine, .malformed(.notSyslog)),
    // w3c
    Row(
        .w3c, [w3cHeader, "2012-04-01 00:00:13 GET /foo/bar a=1&b=2 www.x.com 200"],
        ok("GET", "/foo/bar?a=1&b=2", host: "www.x.com", status: 200)),
    Row(.w3c, [w3cHeader, "2012-04-01 00:00:13 GET /foo - - 404"], ok("GET", "/foo", status: 404)),
    Row(
        .w3c, ["#Fields:  c-ip  cs-method  cs-uri  sc-status", #"1.2.3.4   GET   "/q?x"   200"#],
        ok("GET", "/q?x", status: 200)),
    Row(.w3c, ["2012-04-01 00:00:13 GET /foo - - 404"], .malformed(.noFieldsHeader)),
    Row(.w3c, [w3cHeader, "2012-04-01 00:00:13 GET"], .malformed(.missingColumn)),
    Row(
        .w3c,
        [
            "#Fields: time c-ip cs-method cs-uri-stem sc-status",
            "16:44:49 1.1.1.1 [2]USER anonymous 331",
        ],
        .malformed(.badTarget)),
    Row(.w3c, [w3cHeader, "#Fields: cs-uri-stem cs-method", "/moved GET"], ok("GET", "/moved")),
    // cloudfront
    Row(
        .cloudfront,
        [
            cloudFrontHeader,
            "2014-05-23\t01:13:11\tFRA2\t1.2.3.4\tGET\td1.cloudfront.net\t/v/f.html\t200\ta=b\twww.x.com",
        ],
        ok("GET", "/v/f.html?a=b", host: "www.x.com", status: 200)),
    Row(
        .cloudfront, [cloudFrontHeader, "2014-05-23 01:13:11 FRA2 1.2.3.4 GET d1 /v 200 - x"],
        .malformed(.missingColumn)),
    // zeek
    Row(
        .zeek, [zeekHeader, "1320279566.45\tCwFs\tGET\twww.reddit.com\t/r/?a=1\t200"],
        ok("GET", "/r/?a=1", host: "www.reddit.com", status: 200)),
    Row(.zeek, [zeekHeader, "1320279566.45\tCwFs\tGET\t-\t/r\t-"], ok("GET", "/r")),
    Row(.zeek, ["#separator \\x09", zeekHeader], .skip(.comment)),
    // json
    Row(
        .json, #"{"host": "www.piwik.org","path": "/p.php?a=1","status": "200","method":"GET"}"#,
        ok("GET", "/p.php?a=1", host: "www.piwik.org", status: 200)),
    Row(
        .json,
        #"{"level":"info","request":{"remote_ip":"1.2.3.4","method":"GET","host":"ex.com:400","uri":"/beta/","headers":{"Host":["no"],"A":[1,2,{"uri":"/deep"}]}},"status":304}"#,
        ok("GET", "/beta/", host: "ex.com", port: "400", status: 304)),
    Row(
        .json,
        #"{"RequestHost":"localhost","RequestMethod":"GET","RequestPath":"/my/app?id=1","DownstreamStatus":"200","ServiceURL":{"Host":"apache:80","Path":""}}"#,
        ok("GET", "/my/app?id=1", host: "localhost", status: 200)),
    Row(
        .json,
        #"{"ClientRequestHost":"www.ripe.net","ClientRequestMethod":"HEAD","ClientRequestURI":"\/caf\u00e9?x=\"1\"","EdgeResponseStatus":301}"#,
        ok("HEAD", "/café?x=\"1\"", host: "www.ripe.net", status: 301)),
    Row(
        .json, #"{"request": "GET /r?x HTTP/1.1", "status": 200, "http_host": "h.org"}"#,
        ok("GET", "/r?x", host: "h.org", status: 200)),
    Row(
        .json, #"caddy  | {"request":{"host":"h","uri":"/u","method":"GET"},"status":200}"#,
        ok("GET", "/u", host: "h", status: 200)),
    Row(.json, #"{"uri":"\ud83d\ude00"}"#, .malformed(.badTarget)),
    Row(.json, #"{"uri":"/\ud83d\ude00"}"#, ok("", "/😀")),
    Row(.json, #"{"host":"h","status":200}"#, .malformed(.missingField)),
    Row(.json, #"{"uri":"/a", "x": }"#, .malformed(.notJSON)),
    Row(.json, #"{"uri":"/a""#, .malformed(.notJSON)),
    Row(.json, "plain text", .malformed(.notJSON)),
    // weighted
    Row(.weighted, "12\t/p?q=1", ok("", "/p?q=1", weight: 12)),
    Row(.weighted, "   7 https://a.b/c", ok("", "https://a.b/c", host: "a.b", weight: 7)),
    Row(.weighted, "/p", .malformed(.badCount)),
    Row(.weighted, "12\tnot-a-url", .malformed(.badTarget)),
    // url
    Row(
        .url, "\u{FEFF}https://www.sec.gov/edgar.shtml",
        ok("", "https://www.sec.gov/edgar.shtml", host: "www.sec.gov")),
    Row(
        .url, "https://user@en.wikipedia.org:8443/wiki/X#f",
        ok(
            "", "https://user@en.wikipedia.org:8443/wiki/X#f", host: "en.wikipedia.org",
            port: "8443")),
    Row(.url, "/just/a/path?x", ok("", "/just/a/path?x")),
    Row(.url, "https://", .malformed(.badTarget)),
    Row(.url, "www.example.com/x", .malformed(.badTarget)),
    Row(.url, "", .skip(.blank)),
]

@Suite struct ScannerTableTests {
    @Test(arguments: rows)
    func row(_ row: Row) {
        #expect(parseLast(row.format, row.lines) == row.expected)
    }

    /// Every format has rows, including at least one that is not a request.
    @Test func everyFormatIsCovered() {
        for format in LogFormat.allCases {
            let mine = rows.filter { $0.format == format }
            #expect(
                mine.contains { if case .ok = $0.expected { true } else { false } }, "\(format)")
            #expect(
                mine.contains { if case .ok = $0.expected { false } else { true } }, "\(format)")
        }
    }

    @Test func formatNamesAreTheCommandLineNames() {
        let names = LogFormat.allCases.map(\.rawValue).sorted()
        #expect(
            names == [
                "alb", "cloudfront", "combined", "common", "elb", "haproxy", "json", "s3", "url",
                "vhost", "w3c", "weighted", "zeek",
            ])
    }
}
