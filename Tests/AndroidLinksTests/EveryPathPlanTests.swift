import Testing

@testable import AndroidLinks

/// An origin whose filters take every path (`pathPrefix="/"`, no path rule at all) skips the
/// filter step: its plan holds the step's answer, which must be the one the step gives for
/// any path; an origin where a path can change that answer plans none.
struct EveryPathPlanTests {
    static let manifest = """
        <data android:scheme="https" android:host="every.example.com" />
        <data android:pathPrefix="/" />
        """

    func matcher(_ filters: String...) throws -> AndroidLinkMatcher {
        AndroidLinkMatcher(
            manifest: try AppLinkFixture.manifest(
                [
                    (
                        #"android:name=".Links" android:exported="true""#,
                        filters.map { AppLinkFixture.filter($0) }
                    )
                ]))
    }

    func everyPath(_ matcher: AndroidLinkMatcher, _ origin: String)
        -> AndroidLinkMatcher.FilterResult?
    {
        let scratch = matcher.makeScratch()
        let plan = Array(origin.utf8).withUnsafeBufferPointer {
            matcher.plan(origin: $0, scratch: scratch)
        }
        return plan?.plan.everyPath
    }

    @Test func originsWhosePathsCannotChangeTheFilterStepPlanItsAnswer() throws {
        let matcher = try matcher(
            Self.manifest,
            #"<data android:scheme="https" android:host="some.example.com" android:pathPrefix="/a" />"#,
            #"<data android:scheme="https" android:host="all.example.com" />"#,
            #"<data android:scheme="https" android:host="*.glob.example.com" android:pathPattern=".*" />"#,
            #"<data android:scheme="https" android:host="port.example.com" android:port="8443" />"#)
        #expect(everyPath(matcher, "https://every.example.com") == .chosen(0))
        #expect(everyPath(matcher, "https://all.example.com") == .chosen(2))
        #expect(everyPath(matcher, "https://x.glob.example.com") == .chosen(3))
        // A path rule that only some paths match: the step runs for each path.
        #expect(everyPath(matcher, "https://some.example.com") == nil)
        // No filter takes the host, or its port: every path fails the same way.
        #expect(everyPath(matcher, "https://other.example.com") == .failed(.host))
        #expect(everyPath(matcher, "https://port.example.com") == .failed(.port))
        #expect(everyPath(matcher, "https://port.example.com:8443") == .chosen(4))
    }

    /// A filter that takes every path beside one whose path rules decide: the later
    /// activity's filter wins when it matches, so the answer depends on the path.
    @Test func aFilterWithPathRulesOnTheSameHostKeepsTheStep() throws {
        let manifest = try AppLinkFixture.manifest([
            (#"android:name=".A" android:exported="true""#, [AppLinkFixture.filter(Self.manifest)]),
            (
                #"android:name=".B" android:exported="true""#,
                [
                    AppLinkFixture.filter(
                        #"<data android:scheme="https" android:host="every.example.com" android:pathPrefix="/b" />"#
                    )
                ]
            ),
        ])
        let matcher = AndroidLinkMatcher(manifest: manifest)
        #expect(everyPath(matcher, "https://every.example.com") == nil)
        let scratch = matcher.makeScratch()
        func chosen(_ url: String) throws -> AndroidLinkMatcher.FilterResult {
            try Array(url.utf8).withUnsafeBufferPointer { bytes in
                let parts = try #require(URLUnits(bytes, scratch: scratch))
                let origin = matcher.plan(parts, scratch.units)
                return matcher.matchFilters(parts, scratch.units, origin, scratch)
            }
        }
        #expect(try chosen("https://every.example.com/b/1") == .chosen(1))
        #expect(try chosen("https://every.example.com/c") == .chosen(0))
    }
}
