import Testing

@testable import CLISupport
@testable import Reports

/// The exposition writer: escaping, the two dialects' frames, one series per label set.
struct MetricsTextTests {
    @Test(
        "label values escape what the formats require and write control characters as %XX",
        arguments: [
            ("plain.example", "plain.example"),
            (#"a"b"#, #"a\"b"#),
            (#"C:\logs\x"#, #"C:\\logs\\x"#),
            ("two\nlines", #"two\nlines"#),
            (#"\n"#, #"\\n"#),
            ("carriage\rreturn\ttab", "carriage%0Dreturn%09tab"),
            ("esc\u{1B}[31m", "esc%1B[31m"),
            ("del\u{7F} c1\u{85}", "del%7F c1%C2%85"),
            ("bücher.example ünï 日本 😀", "bücher.example ünï 日本 😀"),
            ("line\u{2028}separator", "line\u{2028}separator"),
            ("", ""),
        ])
    func labelValues(value: String, written: String) {
        var out: [UInt8] = []
        MetricsText.appendLabelValue(value, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == written)
    }

    func sampleText() -> MetricsText {
        var text = MetricsText()
        text.add(
            "demo_lines", .counter, help: #"Lines "read", C:\ paths"#,
            [.init([("input", "a\"b")], count: 3), .init([("input", "c")], count: 0)])
        text.add(
            "demo_duration_seconds", .gauge, unit: "seconds", help: "How long", value: "0.250")
        text.add("demo_empty", .gauge, help: "No sample", [])
        return text
    }

    @Test("OpenMetrics: families named without _total, units, and the end line")
    func openMetricsFrame() {
        #expect(
            sampleText().render(.openMetrics) == """
                # HELP demo_lines Lines \\"read\\", C:\\\\ paths
                # TYPE demo_lines counter
                demo_lines_total{input="a\\"b"} 3
                demo_lines_total{input="c"} 0
                # HELP demo_duration_seconds How long
                # TYPE demo_duration_seconds gauge
                # UNIT demo_duration_seconds seconds
                demo_duration_seconds 0.250
                # HELP demo_empty No sample
                # TYPE demo_empty gauge
                # EOF

                """)
    }

    @Test("Prometheus 0.0.4: families named by their samples, no units, no end line")
    func prometheusFrame() {
        #expect(
            sampleText().render(.prometheus) == """
                # HELP demo_lines_total Lines "read", C:\\\\ paths
                # TYPE demo_lines_total counter
                demo_lines_total{input="a\\"b"} 3
                demo_lines_total{input="c"} 0
                # HELP demo_duration_seconds How long
                # TYPE demo_duration_seconds gauge
                demo_duration_seconds 0.250
                # HELP demo_empty No sample
                # TYPE demo_empty gauge

                """)
    }

    @Test("samples of the same labels are one series: counts added, or combined as asked")
    func grouping() {
        let samples: [MetricsText.Sample] = [
            .init([("input", "-")], count: 2), .init([("input", "a")], count: 5),
            .init([("input", "-")], count: 7), .init([("input", "-"), ("x", "")], count: 1),
        ]
        let summed = MetricsText.grouped(samples)
        #expect(summed.map(\.value) == ["9", "5", "1"])
        #expect(summed.map { $0.labels.map(\.value) } == [["-"], ["a"], ["-", ""]])
        #expect(MetricsText.grouped(samples, combine: min).map(\.value) == ["2", "5", "1"])
    }

    @Test(
        "a percentage becomes the same figure as a ratio",
        arguments: [
            ("52.067", "0.52067"), ("0.000", "0.00000"), ("100.000", "1.00000"), ("7", "0.07"),
            ("0.5", "0.005"), ("12.5", "0.125"), ("-", "NaN"),
        ])
    func ratios(percent: String, ratio: String) {
        #expect(ReportOpenMetrics.ratio(percentText: percent) == ratio)
    }
}
