import LogIO
import LogParsing
import TestSupport
import Testing

/// Timestamps read from the bytes of every format that logs one, as UTC seconds.
struct TimestampTests {
    /// The time of the one line of `text` (after its header lines), read by `parser`.
    static func time(_ text: String, _ parser: LineParser) -> Int64? {
        var parser = parser
        var memo = MinuteMemo()
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { scratch.deallocate() }
        var found: Int64?
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            for line in LineSequence(buffer) {
                var request = ParsedRequest()
                if case .ok = parser.parse(line, scratch: scratch, into: &request) {
                    found = parser.timestamp(in: line, of: request, memo: &memo)
                }
            }
        }
        return found
    }

    // Expected values worked out apart (seconds since 1970 of the UTC instant).
    static let cases: [(String, LineParser, Int64)] = [
        (
            #"1.2.3.4 - - [01/May/2024:23:30:00 -0200] "GET /a HTTP/1.1" 200 5 "-" "ua""#,
            LineParser(format: .combined), 1_714_613_400
        ),
        (
            #"1.2.3.4 - - [10/Feb/2012:16:42:07 -0500] "GET /a HTTP/1.1" 200 5"#,
            LineParser(format: .common), 1_328_910_127
        ),
        (
            #"example.com:443 1.2.3.4 - - [01/May/2024:23:30:00 -0200] "GET /a HTTP/1.1" 200 5"#,
            LineParser(format: .vhost), 1_714_613_400
        ),
        (
            "https 2020-01-01T00:55:04.127531Z app/my-alb/abc 1.2.3.4:2817 10.0.0.1:80 0.001 "
                + #"0.102 0.000 200 200 225 24950 "GET https://www.example.com:443/p HTTP/1.1" "ua""#,
            LineParser(format: .alb), 1_577_840_104
        ),
        (
            "2020-01-01T00:55:04.945958Z lb 1.2.3.4:2817 10.0.0.1:80 0.000086 0.001048 0.001337 "
                + #"200 200 0 57 "GET https://www.example.com:443/p HTTP/1.1" "ua""#,
            LineParser(format: .elb), 1_577_840_104
        ),
        (
            "owner www.example.com [10/Feb/2012:16:42:07 -0500] 1.2.3.4 arn:x ID WEBSITE.GET.OBJECT "
                + #"index "GET /index HTTP/1.1" 200 - 368 368 10 9 "-" "ua""#,
            LineParser(format: .s3), 1_328_910_127
        ),
        (
            "Sep 25 06:05:27 host haproxy[6801]: 4.3.2.1:55008 [25/Sep/2018:06:05:27.584] ft "
                + #"bk/abc 0/0/0/72/72 200 7456 - - ---- 5/4/0/1/0 0/0 "POST /user/ HTTP/1.1""#,
            LineParser(format: .haproxy), 1_537_855_527
        ),
        (
            "#Fields: date time cs-method cs-uri-stem sc-status\n2020-01-01 00:55:04 GET /a 200",
            LineParser(format: .w3c), 1_577_840_104
        ),
        (
            "#Fields: date\tcs-method\tcs-uri-stem\tsc-status\ttime\n2020-01-01\tGET\t/a\t200\t00:55:04",
            LineParser(format: .cloudfront), 1_577_840_104
        ),
        (
            #"{"host":"a.com","uri":"/a","time_iso8601":"2013-10-10T16:52:00+02:00"}"#,
            LineParser(format: .json), 1_381_416_720
        ),
        (
            #"{"ts":1577840104.127,"request":{"host":"a.com","uri":"/a"}}"#,
            LineParser(format: .json), 1_577_840_104
        ),
        (
            #"{"time":"2020-01-01T00:55","StartUTC":"2020-01-01T00:55:04.77Z","RequestPath":"/a"}"#,
            LineParser(format: .json), 1_577_840_104
        ),
        (
            #"{"time_local":"01/May/2024:23:30:00 -0200","request":"GET /a HTTP/1.1"}"#,
            LineParser(format: .json), 1_714_613_400
        ),
        (
            #"{"EdgeStartTimestamp":1577840104000000000,"ClientRequestURI":"/a"}"#,
            LineParser(format: .json), 1_577_840_104
        ),
    ]

    @Test func everyFormatReadsItsTimeInUTC() {
        for (text, parser, expected) in Self.cases {
            #expect(Self.time(text, parser) == expected, "\(parser.format): \(text)")
        }
    }

    @Test func customLayoutsReadTheirTimeField() throws {
        let layouts: [(String, String)] = [
            (
                #"%h %l %u %t "%r" %>s %b"#,
                #"1.2.3.4 - - [01/May/2024:23:30:00 -0200] "GET /a HTTP/1.1" 200 5"#
            ),
            (
                #"$remote_addr [$time_local] "$request" $status"#,
                #"1.2.3.4 [01/May/2024:23:30:00 -0200] "GET /a HTTP/1.1" 200"#
            ),
            (
                #"$time_iso8601 "$request" $status"#,
                #"2024-05-01T23:30:00-02:00 "GET /a HTTP/1.1" 200"#
            ),
            (#"$msec $uri$args $status"#, "1714613400.250 /a?b=1 200"),
        ]
        for (layout, line) in layouts {
            let parser = LineParser(layout: try CustomLayout(layout))
            #expect(parser.logsTime, "\(layout)")
            #expect(Self.time(line, parser) == 1_714_613_400, "\(layout)")
        }
        #expect(!LineParser(layout: try CustomLayout(#""%r" %>s"#)).logsTime)
    }

    @Test func unreadableTimesAreNil() {
        for text in [
            #"1.2.3.4 - - [32/May/2024:23:30:00 -0200] "GET /a HTTP/1.1" 200 5"#,
            #"1.2.3.4 - - [01/Mai/2024:23:30:00 -0200] "GET /a HTTP/1.1" 200 5"#,
            #"1.2.3.4 - - [01/May/1969:23:30:00 -0200] "GET /a HTTP/1.1" 200 5"#,
            #"1.2.3.4 - - [01/May/2024:23:30:00 -02x0] "GET /a HTTP/1.1" 200 5"#,
            #"1.2.3.4 - - [yesterday] "GET /a HTTP/1.1" 200 5"#,
        ] {
            #expect(Self.time(text, LineParser(format: .common)) == nil, "\(text)")
        }
        #expect(!LineParser(format: .url).logsTime)
        #expect(!LineParser(format: .w3c).logsTime, "no header names the time yet")
    }

    /// The memo of the last minute gives what a full reading gives, line after line, across
    /// minutes, zones and fractions.
    @Test(arguments: [0x7100 as UInt64, 0x7101])
    func theMinuteMemoAgreesWithAFullReading(seed: UInt64) {
        var random = Steps(seed: seed)
        var memo = MinuteMemo()
        var time: Int64 = 1_600_000_000
        let zones = ["+0000", "-0200", "+0530", "Z", "+02:00"]
        for _ in 0..<5_000 {
            time += Int64(random.next() % 40)
            let zone = zones[Int(random.next() % 3)]
            let isISO = random.next() % 4 == 0
            let text =
                isISO
                ? Self.iso(time, zone: zones[3 + Int(random.next() % 2)])
                : Self.ncsa(time, zone: zone)
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let remembered = memo.seconds(buffer, 0..<buffer.count)
                #expect(remembered == TimestampText.parse(buffer), "\(text)")
                #expect(remembered != nil, "\(text)")
            }
        }
    }

    /// The NCSA memo (the bracketed time of common, combined and vhost lines) gives what a
    /// full reading gives, across minutes and zones, and a changed byte of the remembered
    /// minute (a bad month, a wrong separator) or of the zone is read again, not remembered.
    @Test(arguments: [0x7103 as UInt64, 0x7104])
    func theNCSAMemoAgreesWithAFullReading(seed: UInt64) {
        var random = Steps(seed: seed)
        var memo = MinuteMemo()
        var time: Int64 = 1_600_000_000
        let zones = ["+0000", "-0200", "+0530"]
        for _ in 0..<5_000 {
            time += Int64(random.next() % 40)
            var bytes = Array(
                ("[" + Self.ncsa(time, zone: zones[Int(random.next() % 3)]) + "]").utf8)
            if random.next() % 8 == 0 {
                // One byte of the text changed: the month, a colon, a digit or the zone.
                let at = 1 + Int(random.next() % 26)
                bytes[at] =
                    [UInt8(ascii: "X"), UInt8(ascii: "9"), UInt8(ascii: "-")][
                        Int(random.next() % 3)]
            }
            let text = String(decoding: bytes, as: UTF8.self)
            bytes.withUnsafeBufferPointer { buffer in
                let remembered = memo.ncsaSeconds(buffer, 1)
                let full = TimestampText.parse(UnsafeBufferPointer(rebasing: buffer[1..<27]))
                #expect(remembered == full, "\(text)")
            }
        }
    }

    /// `rfc3339` writes what `parse` reads back.
    @Test func rfc3339RoundTrips() {
        var random = Steps(seed: 0x7102)
        for _ in 0..<2_000 {
            let seconds = Int64(random.next() % 4_102_444_800)
            let text = TimestampText.rfc3339(seconds)
            let back = Array(text.utf8).withUnsafeBufferPointer { TimestampText.parse($0) }
            #expect(back == seconds, "\(text)")
        }
        #expect(TimestampText.rfc3339(951_825_600) == "2000-02-29T12:00:00Z")
    }

    /// Any 64-bit time is written without a trap (a damaged state may hold one); before
    /// 1970 the clock still counts forward from midnight.
    @Test func rfc3339WritesEveryTime() {
        #expect(TimestampText.rfc3339(-1) == "1969-12-31T23:59:59Z")
        #expect(TimestampText.rfc3339(-86_400) == "1969-12-31T00:00:00Z")
        for seconds in [Int64.min, Int64.min + 1, -86_401, Int64.max - 1, Int64.max] {
            let text = TimestampText.rfc3339(seconds)
            #expect(text.hasSuffix("Z") && text.contains("T"), "\(seconds): \(text)")
        }
    }

    /// NCSA text of `time` shown at `zone` (its local clock), written independently of the
    /// reader through `rfc3339`.
    static func ncsa(_ time: Int64, zone: String) -> String {
        let sign: Int64 = zone.hasPrefix("-") ? -1 : 1
        let digits = Array(zone.dropFirst())
        let hours = Int64(String(digits[0...1])) ?? 0
        let minutes = Int64(String(digits[2...3])) ?? 0
        let local = Array(TimestampText.rfc3339(time + sign * (hours * 3600 + minutes * 60)))
        let months = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ]
        let month = months[(Int(String(local[5...6])) ?? 1) - 1]
        return String(local[8...9]) + "/" + month + "/" + String(local[0...3]) + ":"
            + String(local[11...18]) + " " + zone
    }

    static func iso(_ time: Int64, zone: String) -> String {
        let utc = TimestampText.rfc3339(time)
        if zone == "Z" { return String(utc.dropLast()) + ".123Z" }
        let local = TimestampText.rfc3339(time + 7_200)
        return String(local.dropLast()) + zone
    }
}

/// A seeded sequence of pseudo-random numbers (SplitMix64 steps), for replayable cases.
private struct Steps {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
