import Testing

@testable import RuleAnalysis

/// One row per kind of segment: what varies, what is a word, what is a locale.
struct SegmentShapeTests {
    @Test(arguments: [
        ("products", true, SegmentShape.literal),
        ("about-us", false, .literal),
        ("terms-and-conditions", false, .literal),
        ("k2vb", false, .literal),
        ("", false, .literal),
        ("caf%C3%A9", false, .literal),
        ("a.b_c~d", false, .literal),
        ("4815", false, .variable(.number)),
        ("0", true, .variable(.number)),
        ("5f2b9c1e", false, .variable(.hex)),
        ("DEADBEEF0042", false, .variable(.hex)),
        ("deadbeef", false, .literal),  // letters only: a word
        ("123e4567-e89b-12d3-a456-426614174000", false, .variable(.uuid)),
        ("2024-05-31", false, .variable(.date)),
        ("2024-13-31", false, .literal),  // no 13th month: not a date, and not a slug
        ("blue-shoes-42", false, .variable(.slug)),
        ("my-first-blog-post", false, .variable(.slug)),
        ("aB3xYz9Q", false, .variable(.token)),
        ("iphone", false, .literal),
        ("a*b", false, .variable(.opaque)),
        ("$(lang)", false, .variable(.opaque)),
        ("a b", false, .variable(.opaque)),
        ("caf\u{E9}", false, .variable(.opaque)),
        ("100%", false, .variable(.opaque)),  // `%` that starts no escape
        ("%ZZ", false, .variable(.opaque)),
        (String(repeating: "a", count: 65), false, .variable(.opaque)),
        ("en", true, .language),
        ("en", false, .literal),  // only a first segment is a locale
        ("xx", true, .literal),  // not a language code
        (
            "en-US", true,
            .locale(languageLength: 2, separator: UInt8(ascii: "-"), upperRegion: true)
        ),
        (
            "pt_BR", true,
            .locale(languageLength: 2, separator: UInt8(ascii: "_"), upperRegion: true)
        ),
        (
            "en-gb", true,
            .locale(languageLength: 2, separator: UInt8(ascii: "-"), upperRegion: false)
        ),
        (
            "fil-PH", true,
            .locale(languageLength: 3, separator: UInt8(ascii: "-"), upperRegion: true)
        ),
        ("en-UK", true, .literal),  // UK is not a region code: GB is (SEMANTICS.md S6.3)
    ])
    func classifies(segment: String, first: Bool, expected: SegmentShape) {
        #expect(SegmentShape.classify(ArraySlice(Array(segment.utf8)), first: first) == expected)
    }
}
