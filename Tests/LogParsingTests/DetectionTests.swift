import LogParsing
import Testing

@Suite struct DetectionTests {
    func detected(_ text: String) -> FormatDetector.Detection {
        detect(Array(text.utf8))
    }

    @Test(arguments: [
        (#"1.2.3.4 - - [d] "GET / HTTP/1.0" 200 1 "-" "u""#, LogFormat?.some(.combined)),
        (#"1.2.3.4 - - [d] "GET / HTTP/1.0" 200 1"#, .common),
        ("12\t/a\n3\t/b", .weighted),
        ("/a\n/b\nhttps://x.org/", .url),
        (#"{"uri":"/a","host":"h"}"#, .json),
        ("hello world\nthis is not a log", nil),
        ("# only a comment", nil),
    ])
    func detects(_ text: String, _ format: LogFormat?) {
        #expect(detected(text).format == format)
    }

    /// A majority is required: one good line among three does not decide.
    @Test func minorityIsRefused() {
        let text = "/a\nnot a url\nnor this"
        let detection = detected(text)
        #expect(detection.format == nil)
        #expect(detection.explanation.contains("url: 1 of 3 lines fit (line 2:"))
    }

    @Test func refusalNamesEveryFormat() {
        let detection = detected("nothing here")
        for format in LogFormat.allCases {
            #expect(detection.explanation.contains("\(format.rawValue): 0 of 1 lines fit"))
        }
    }
}
