import AASAModel
import CoverageStats
import LinkMatcher
import Testing

@testable import ScanEngine

struct RequestFilterTests {
    static let assets: [(String, Bool)] = [
        ("/style.css", true), ("/a/b/app.JS", true), ("/img/logo.png", true),
        ("/favicon.ico", true),
        ("/blog/2024/post", false), ("/products/12.5", false), ("/file.css/page", false),
        ("/.env", false), ("/archive.tar.gz", true), ("/", false), ("", false),
    ]

    @Test(arguments: assets)
    func assetsAreRecognisedByExtension(_ path: String, _ expected: Bool) {
        #expect(Array(path.utf8).withUnsafeBufferPointer(RequestFilter().isAsset) == expected)
    }
}
