import AASAModel
import AndroidLinks
import TestSupport
import Testing

/// Reading the source form of `AndroidManifest.xml` (docs/android-semantics.md A4, A9).
struct ManifestParsingTests {
    static func parse(_ text: String) throws -> AndroidManifest {
        try AndroidManifest(parsing: Array(text.utf8), file: "AndroidManifest.xml")
    }

    static func parseError(_ text: String) -> AASAParseError? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as AASAParseError {
            return error
        } catch {
            return nil
        }
    }

    @Test func readsComponentsFiltersAndPooledData() throws {
        let manifest = try Self.parse(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"
                package="com.example.shop">
              <uses-sdk android:targetSdkVersion="34" />
              <application>
                <activity android:name=".Main" android:exported="true">
                  <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <data android:scheme="https" android:host="example.com"
                        android:path="/a" android:pathPrefix="/b" />
                    <data android:scheme="https" android:host="*.example.com" android:port="8443"
                        android:pathSuffix=".pdf" android:pathAdvancedPattern="/[0-9]+" />
                    <data android:pathPattern="/c.*" />
                  </intent-filter>
                </activity>
                <activity-alias android:name=".Alias" android:enabled="false"
                    android:targetActivity=".Main" />
                <service android:name=".Sync">
                  <intent-filter><action android:name="x" /></intent-filter>
                </service>
              </application>
            </manifest>
            """)
        #expect(manifest.packageName == "com.example.shop")
        #expect(manifest.targetSdkVersion == 34)
        #expect(manifest.components.map(\.kind) == [.activity, .activityAlias])
        #expect(manifest.components.map(\.name) == [".Main", ".Alias"])
        #expect(manifest.components.map(\.exported) == [true, nil])
        #expect(manifest.components.map(\.enabled) == [true, false])
        #expect(manifest.components[0].line == 6)
        #expect(manifest.components[1].line == 17)
        let filter = try #require(manifest.components[0].intentFilters.first)
        #expect(filter.line == 7)
        #expect(filter.autoVerify)
        #expect(filter.actions == ["android.intent.action.VIEW"])
        #expect(filter.categories == ["android.intent.category.DEFAULT"])
        // A4.1: schemes are a set, every authority joins one pool, paths another.
        #expect(filter.schemes == ["https"])
        #expect(
            filter.authorities == [
                DataAuthority(host: "example.com", port: nil, line: 10),
                DataAuthority(host: "*.example.com", port: 8443, line: 12),
            ])
        #expect(
            filter.paths == [
                AndroidPattern(kind: .literal, text: "/a", line: 10),
                AndroidPattern(kind: .prefix, text: "/b", line: 10),
                AndroidPattern(kind: .advancedGlob, text: "/[0-9]+", line: 12),
                AndroidPattern(kind: .suffix, text: ".pdf", line: 12),
                AndroidPattern(kind: .simpleGlob, text: "/c.*", line: 14),
            ])
        #expect(manifest.components[1].intentFilters.isEmpty)
    }

    /// A4.6: group matchers by part and kind, `allow` defaulting to true, a group without
    /// matchers dropped, filter-level `query` attributes ignored.
    @Test func readsUriRelativeFilterGroups() throws {
        let manifest = try Self.parse(
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="p.q">
              <application><activity android:name=".A">
                <intent-filter>
                  <data android:scheme="https" android:host="example.com" android:query="x=1" />
                  <uri-relative-filter-group android:allow="false">
                    <data android:pathPrefix="/help/internal" />
                  </uri-relative-filter-group>
                  <uri-relative-filter-group>
                    <data android:path="/help" android:fragmentPrefix="app-" />
                    <data android:queryPattern="id=.*" android:host="ignored.example" />
                  </uri-relative-filter-group>
                  <uri-relative-filter-group android:allow="true">
                    <data android:scheme="https" />
                  </uri-relative-filter-group>
                </intent-filter>
              </activity></application>
            </manifest>
            """)
        let filter = try #require(manifest.components.first?.intentFilters.first)
        #expect(filter.paths.isEmpty)
        #expect(filter.authorities.map(\.host) == ["example.com"])
        #expect(filter.groups.count == 2)
        #expect(filter.groups.map(\.allow) == [false, true])
        #expect(filter.groups.map(\.line) == [5, 8])
        #expect(
            filter.groups[0].filters == [
                UriRelativeFilter(
                    part: .path,
                    pattern: AndroidPattern(kind: .prefix, text: "/help/internal", line: 6))
            ])
        #expect(
            filter.groups[1].filters == [
                UriRelativeFilter(
                    part: .path, pattern: AndroidPattern(kind: .literal, text: "/help", line: 9)),
                UriRelativeFilter(
                    part: .fragment, pattern: AndroidPattern(kind: .prefix, text: "app-", line: 9)),
                UriRelativeFilter(
                    part: .query,
                    pattern: AndroidPattern(kind: .simpleGlob, text: "id=.*", line: 10)),
            ])
    }

    /// A9: the android namespace by its URI, whatever the prefix; attribute values as resource
    /// strings (`\\` is one backslash); a port without a host on its element is ignored (A4.4).
    @Test func namespacePrefixEscapesAndLonePorts() throws {
        let manifest = try Self.parse(
            #"""
            <manifest xmlns:a="http://schemas.android.com/apk/res/android"
                xmlns:android="urn:not-android" package="p.q">
              <application><activity a:name=".A" android:exported="false">
                <intent-filter>
                  <data a:scheme="https" a:port="8080" />
                  <data a:host="example.com" a:pathPattern="/a\\.b\\*" a:pathPrefix="/x\u0041\n" />
                </intent-filter>
              </activity></application>
            </manifest>
            """#)
        let component = try #require(manifest.components.first)
        #expect(component.name == ".A")
        #expect(component.exported == nil)
        let filter = try #require(component.intentFilters.first)
        #expect(filter.authorities == [DataAuthority(host: "example.com", port: nil, line: 6)])
        #expect(filter.paths.map(\.text) == ["/xA\n", "/a\\.b\\*"])
    }

    /// A9: aapt2's rules for attribute text: `\u` takes up to four hex digits (fewer only at
    /// the end), other escapes give their character, a `\` that ends the value is dropped.
    @Test(arguments: [
        (#"/a\u41"#, "/aA"), (#"/caf\u00e9"#, "/café"), (#"/x\"#, "/x"), (#"\@x"#, "@x"),
        (##"/a\'b\#c"##, "/a'b#c"), (#"/t\tn\n"#, "/t\tn\n"), (#"/q\?"#, "/q?"),
        (#"/u\u"#, "/u\u{0}"),
    ])
    func resourceStringEscapes(_ written: String, _ read: String) throws {
        let manifest = try Self.parse(
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="p.q">
              <application><activity android:name=".A">
                <intent-filter><data android:scheme="https" android:path="\(written)" /></intent-filter>
              </activity></application>
            </manifest>
            """)
        let filter = try #require(manifest.components.first?.intentFilters.first)
        #expect(filter.paths.map(\.text) == [read])
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var body: String
        var line: Int
        var column = 3
        var message: String
        var testDescription: String { message }
    }

    /// Errors name the file and the line and column the offending tag starts at.
    @Test(arguments: [
        ErrorCase(
            body: "<data\n android:scheme=\"https\"\n android:host=\"@string/host\" />", line: 5,
            message: "android:host=\"@string/host\" refers to a resource"),
        ErrorCase(
            body: "<data android:host=\"${hostName}\" />", line: 5,
            message: "android:host=\"${hostName}\" holds a build placeholder"),
        ErrorCase(
            body: "<data android:host=\"example.com\" android:port=\"https\" />", line: 5,
            message: "android:port=\"https\" is not a number"),
        ErrorCase(
            body: #"<data android:path="/b\u004G" />"#, line: 5,
            message: #"android:path="/b\u004G" has a \u escape the build refuses"#),
        ErrorCase(
            body: #"<data android:path="/b\uD83D" />"#, line: 5,
            message: #"android:path="/b\uD83D" has a \u escape the build refuses"#),
        ErrorCase(
            body: "<data android:pathAdvancedPattern=\"/a**\" />", line: 5,
            message:
                "android:pathAdvancedPattern=\"/a**\" is not a valid pattern: a modifier must follow a character or set"
        ),
        ErrorCase(
            body:
                "<uri-relative-filter-group>\n<data android:queryAdvancedPattern=\"[\" />\n</uri-relative-filter-group>",
            line: 6, column: 1,
            message:
                "android:queryAdvancedPattern=\"[\" is not a valid pattern: '[' ends the pattern"),
        ErrorCase(body: "<action />", line: 5, message: "<action> has no android:name"),
        ErrorCase(
            body: "<uri-relative-filter-group android:allow=\"yes\" />", line: 5,
            message: "android:allow=\"yes\" is not true or false"),
    ])
    func errorsNameFileAndLine(_ item: ErrorCase) throws {
        let text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="p.q">
              <application>
                <activity android:name=".A">
                  <intent-filter>
              \(item.body)
                  </intent-filter>
                </activity>
              </application>
            </manifest>
            """
        let error = try #require(Self.parseError(text))
        #expect(error.file == "AndroidManifest.xml")
        #expect(error.location.line == item.line)
        #expect(error.location.column == item.column)
        #expect(error.message == item.message)
        #expect(
            error.description.hasPrefix(
                "AndroidManifest.xml:\(item.line):\(item.column): error: "))
    }

    @Test func malformedXMLAndWrongRoot() throws {
        let broken = try #require(
            Self.parseError("<manifest>\n  <application>\n</manifest>\n"))
        #expect(broken.location.line == 3)
        #expect(broken.message.hasPrefix("the XML is not well-formed"))
        let wrongRoot = try #require(Self.parseError("<resources>\n</resources>\n"))
        #expect(wrongRoot.message == "the root element is <resources>, not <manifest>")
        let empty = try #require(Self.parseError(""))
        #expect(empty.location.line == 1)
    }

    @Test func loadNamesTheMissingFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/missing.xml"
        #expect(throws: AASAParseError.self) { try AndroidManifest.load(path: path) }
        do {
            _ = try AndroidManifest.load(path: path)
        } catch {
            #expect(error.file == path)
            #expect(error.message == "no such file")
        }
        let written = try folder.write(
            "AndroidManifest.xml", #"<manifest package="a.b"><application /></manifest>"#)
        #expect(try AndroidManifest.load(path: written).packageName == "a.b")
    }
}
