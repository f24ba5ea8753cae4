import LogParsing
import Testing

/// Guards issue 9.3: `--log-format 'custom:LAYOUT'` reads the layouts people already write in
/// Apache `LogFormat` and nginx `log_format` directives.
struct CustomLayoutTests {
    static let apacheVhost = #"%v:%p %h %l %u %t "%r" %>s %O "%{Referer}i" "%{User-Agent}i""#
    static let nginx =
        #"$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "#
        + #""$http_referer" "$http_user_agent" $host"#

    /// A layout, a line, and what the line gives.
    static let rows: [(layout: String, line: String, expected: Outcome)] = [
        (
            #"%h %l %u %t "%r" %>s %b"#,
            #"1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /buy/42?x=1 HTTP/1.0" 200 2326"#,
            ok("GET", "/buy/42?x=1", status: 200)
        ),
        (
            apacheVhost,
            #"shop.example.com:8443 1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 304 0 "-" "Mozilla/5.0 (X11)""#,
            ok("GET", "/a", host: "shop.example.com", port: "8443", status: 304)
        ),
        (
            nginx,
            #"1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "POST /cart HTTP/1.1" 201 5 "-" "UA \"quoted\" x" Example.com"#,
            ok("POST", "/cart", host: "Example.com", status: 201)
        ),
        (
            #"%{Host}i %h [%{%d/%b/%Y %H:%M:%S}t] "%m" "%U%q" %s"#,
            #"example.com 1.2.3.4 [10/Oct/2000 13:55:36] "GET" "/search?q=a" 200"#,
            ok("GET", "/search?q=a", host: "example.com", status: 200)
        ),
        (
            #"$host "$request_method $uri?$args" $status"#,
            #"example.com "GET /p?a=1" 200"#,
            ok("GET", "/p?a=1", host: "example.com", status: 200)
        ),
        (
            #"$host "$request_method $uri?$args" $status"#,
            #"example.com "GET /p?" 200"#,
            ok("GET", "/p", host: "example.com", status: 200)
        ),
        (
            #"%h %t "%r" %>s"#, #"1.2.3.4 [10/Oct/2000:13:55:36 -0700] "-" 408"#,
            .skip(.noRequest)
        ),
        (
            #"%h %t "%r" %>s"#, #"1.2.3.4 [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" OK"#,
            .malformed(.badStatus)
        ),
        (#"%h %t "%r" %>s"#, "1.2.3.4 nothing else", .malformed(.missingFields)),
        (#"%h %t "%r" %>s"#, "", .skip(.blank)),
    ]

    @Test(arguments: rows)
    func layoutReadsLine(_ layout: String, _ line: String, _ expected: Outcome) throws {
        let parser = LineParser(layout: try CustomLayout(layout))
        #expect(parseLast(parser: parser, [line]) == expected)
    }

    /// Layouts that cannot name a request, or cannot be cut into fields, are refused.
    @Test(arguments: [#"%h %l %u %t %>s"#, "%h%u \"%r\"", "%h %{Host", "$remote_addr $status"])
    func unusableLayoutsAreRefused(_ layout: String) {
        #expect(throws: CustomLayout.LayoutError.self) { try CustomLayout(layout) }
    }

    /// Guards issue 9.10: the user agent is found on demand where the format logs one.
    static let agentRows: [(parser: String, line: String, agent: String?)] = [
        ("combined", combinedLine, "UA"),
        (
            "combined",
            #"1.2.3.4 - - [10/Feb/2012:16:42:07 -0500] "GET /a\"b HTTP/1.1" 200 3 "https://r/?q=\"x\"" "Googlebot/2.1" "-""#,
            "Googlebot/2.1"
        ),
        (
            "vhost",
            #"example.com:443 1.2.3.4 - - [10/Feb/2012:16:42:07 -0500] "GET / HTTP/1.1" 200 3 "-" "bingbot""#,
            "bingbot"
        ),
        (
            "alb",
            #"https 2020-01-01T00:55:04.127531Z app/a/b 1.2.3.4:2817 10.0.0.1:80 0.001 0.102 0.000 200 200 225 24950 "GET https://example.com:443/x HTTP/1.1" "curl/8" ECDHE"#,
            "curl/8"
        ),
        (
            "custom:%h \"%r\" %>s \"%{User-Agent}i\"", #"1.2.3.4 "GET / HTTP/1.1" 200 "Applebot""#,
            "Applebot"
        ),
        ("url", "https://example.com/a", nil),
    ]

    @Test(arguments: agentRows)
    func userAgentIsFoundOnDemand(_ parser: String, _ line: String, _ agent: String?) throws {
        let lineParser =
            parser.hasPrefix("custom:")
            ? LineParser(layout: try CustomLayout(String(parser.dropFirst(7))))
            : LineParser(format: try #require(LogFormat(rawValue: parser)))
        var copy = lineParser
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
        defer { scratch.deallocate() }
        let found = Array(line.utf8).withUnsafeBufferPointer { bytes -> String? in
            guard case .ok(let request) = copy.parse(bytes, scratch: scratch),
                let range = lineParser.userAgent(in: bytes, of: request)
            else { return nil }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        #expect(found == agent)
    }
}
