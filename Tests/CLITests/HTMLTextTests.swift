import Testing

@testable import CLISupport
@testable import Reports

/// The one escaper of the HTML report: markup characters become references, and what the
/// terminal escaping makes visible gets the same escape, marked up.
struct HTMLTextTests {
    static let cases: [(name: String, bytes: [UInt8], html: String)] = [
        (
            "script element", Array("/<script>alert(1)</script>".utf8),
            "/&lt;script&gt;alert(1)&lt;/script&gt;"
        ),
        (
            "attribute break-out", Array(#""><img src=x onerror=alert(1)>"#.utf8),
            "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
        ),
        ("single quote and ampersand", Array("a'b&c".utf8), "a&#39;b&amp;c"),
        ("an entity stays text", Array("&lt;".utf8), "&amp;lt;"),
        (
            "right-to-left override", Array("/x\u{202E}gnp.exe".utf8),
            #"/x<span class="ctl">\u{202e}</span>gnp.exe"#
        ),
        (
            "bidirectional isolate", Array("a\u{2066}b\u{2069}".utf8),
            #"a<span class="ctl">\u{2066}</span>b<span class="ctl">\u{2069}</span>"#
        ),
        ("NUL", [0x61, 0x00, 0x62], #"a<span class="ctl">\x00</span>b"#),
        ("escape sequence", Array("\u{1B}[31m".utf8), #"<span class="ctl">\x1b</span>[31m"#),
        ("C1 control", Array("a\u{85}b".utf8), #"a<span class="ctl">\u{85}</span>b"#),
        (
            "invalid UTF-8", [0x2F, 0xFF, 0xC3],
            #"/<span class="ctl">\xff</span><span class="ctl">\xc3</span>"#
        ),
        ("backslash", Array(#"a\x41"#.utf8), #"a<span class="ctl">\\</span>x41"#),
        ("letters of other scripts", Array("/café/日本/😀".utf8), "/café/日本/😀"),
    ]

    @Test(arguments: cases.indices)
    func escapesEachHostileString(_ index: Int) {
        let (name, bytes, html) = Self.cases[index]
        #expect(HTMLText.escaped(bytes: bytes) == html, "\(name)")
    }

    @Test func ourOwnWordsOnlyLoseTheMarkupCharacters() {
        #expect(HTMLText.plain(#"a<b>"c"&'d'"#) == "a&lt;b&gt;&quot;c&quot;&amp;&#39;d&#39;")
        #expect(HTMLText.plain(#"details[0].components[2] \ "#) == #"details[0].components[2] \ "#)
    }

    @Test func attributeValuesCannotLeaveTheirQuotes() {
        var writer = HTMLWriter()
        writer.open("tr", ["data-path": #"/"><script>'x'&"#, "data-host": nil])
        #expect(writer.html == #"<tr data-path="/&quot;&gt;&lt;script&gt;&#39;x&#39;&amp;">"#)
        var text = HTMLWriter()
        text.element("td", text: "</td><script>")
        #expect(text.html == "<td>&lt;/td&gt;&lt;script&gt;</td>")
    }

    @Test func countsShowTheirValueForPeopleAndForMachines() {
        var writer = HTMLWriter()
        writer.count(1_234_567, field: "hits", errorBound: 12)
        #expect(
            writer.html
                == #"<td class="n" data-field="hits" data-value="1234567" data-error-bound="12">"#
                + #"1,234,567<small class="bound"> ±12</small></td>"#)
    }

    /// On random bytes rich in markup, controls, format characters and broken UTF-8: the
    /// output holds no markup but the escape spans, no control or format character, and
    /// reads (spans and references undone) exactly as the terminal escaping prints it.
    @Test func randomBytesRenderAsTheTerminalShowsThem() {
        let pieces: [[UInt8]] = [
            Array("<".utf8), Array(">".utf8), Array("&".utf8), Array("\"".utf8),
            Array("'".utf8), Array("\\".utf8), Array("/".utf8), Array("a".utf8), Array("Z".utf8),
            Array("span".utf8), Array("\u{202E}".utf8), Array("\u{2067}".utf8),
            Array("\u{200F}".utf8), Array("\u{FEFF}".utf8), Array("é".utf8), Array("😀".utf8),
            [0x00], [0x09], [0x0A], [0x1B], [0x7F], [0xC2, 0x85], [0xFF], [0xC3], [0xE2, 0x80],
            [0xED, 0xA0, 0x80],
        ]
        var state: UInt64 = 0x1234_5678_9ABC_DEF0
        func next() -> Int {
            // SplitMix64: deterministic, so a failure repeats.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<(next() % 24) { bytes += pieces[next() % pieces.count] }
            let html = HTMLText.escaped(bytes: bytes)
            let text = html.replacing(#"<span class="ctl">"#, with: "").replacing(
                "</span>", with: "")
            #expect(!text.contains(where: { "<>\"'".contains($0) }), "\(bytes)")
            for scalar in html.unicodeScalars {
                let control = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                #expect(!control && scalar.properties.generalCategory != .format, "\(bytes)")
            }
            let decoded = text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
                .replacing("&quot;", with: "\"").replacing("&#39;", with: "'")
                .replacing("&amp;", with: "&")
            #expect(decoded == TerminalText.escaped(bytes), "\(bytes)")
        }
    }
}
