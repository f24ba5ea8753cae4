import Foundation
import TestSupport
import Testing

/// `match` and `explain` with an Android app (docs/android.md): the sample shop of
/// `data/android/`, each answer worked out by hand from docs/android-semantics.md.
struct AndroidMatchCommandTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")
    let manifest = PackagePaths.bundledData("android/AndroidManifest.xml")
    let links = PackagePaths.bundledData("android/example.com.assetlinks.json")

    var android: [String] {
        ["--android-manifest", manifest, "--assetlinks", "example.com=" + links]
    }

    /// URL, then `decision<TAB>package<TAB>filter, rule or reason`. Filters are named by their
    /// activity and the line of `<intent-filter>` (19: product pages, 35: help pages), the help
    /// pages' block group by its line (40), rules by their place in example.com's file.
    static let expected: [(String, String)] = [
        (
            "https://example.com/buy/42",
            "handled\tcom.example.shop\t.ProductActivity:19 "
                + "example.com[0].dynamic_app_link_components[2]"
        ),
        (
            "https://example.com/buy/internal/report",
            "excluded\tcom.example.shop\texample.com[0].dynamic_app_link_components[1]"
        ),
        (
            "https://example.com/buy/42?no_universal_links=1",
            "excluded\tcom.example.shop\texample.com[0].dynamic_app_link_components[0]"
        ),
        ("https://example.com/buy", "unmatched\tcom.example.shop\tpath"),
        (
            "https://example.com/help/faq#app-login",
            "handled\tcom.example.shop\t.HelpActivity:35 "
                + "example.com[0].dynamic_app_link_components[2]"
        ),
        (
            "https://example.com/help/internal/x#app-a",
            "excluded\tcom.example.shop\t.HelpActivity:40"
        ),
        ("https://www.example.com/buy/42", "unmatched\tcom.example.shop\thost-not-verified"),
        ("https://shop.example.org/buy/1", "unmatched\tcom.example.shop\thost"),
        ("ftp://example.com/buy/1", "unmatched\tcom.example.shop\tscheme"),
        ("/buy/42", "unmatched\tcom.example.shop\tnot-a-url"),
    ]

    @Test func androidLinesForTheSample() throws {
        let result = try ToolRunner.run(["match"] + android + Self.expected.map(\.0))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == Self.expected.map { "android\t\($0.1)\t\($0.0)" })
    }

    /// With both platforms each URL has its iOS line, marked `ios`, then its Android line.
    @Test func bothPlatformsOneAfterTheOther() throws {
        let urls = ["https://example.com/buy/42", "https://example.com/help/internal/x#app-a"]
        let ios = try ToolRunner.run(["match", "--aasa", aasa] + urls)
        let both = try ToolRunner.run(["match", "--aasa", aasa] + android + urls)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(
            both.lines == [
                "ios\t" + ios.lines[0],
                "android\t\(Self.expected[0].1)\t\(urls[0])",
                "ios\t" + ios.lines[1],
                "android\t\(Self.expected[5].1)\t\(urls[1])",
            ])
    }

    static func objects(_ result: ToolResult) throws -> [[String: Any]] {
        try result.lines.map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)"
            )
        }
    }

    /// `--json` keeps the iOS fields as they are and adds the `android` object, every key
    /// present.
    @Test func jsonAddsTheAndroidObject() throws {
        let urls = [
            "https://example.com/buy/42", "https://example.com/help/internal/x#app-a",
            "https://example.com/buy/internal/report", "https://www.example.com/buy/42",
        ]
        let ios = try Self.objects(try ToolRunner.run(["match", "--json", "--aasa", aasa] + urls))
        let result = try ToolRunner.run(["match", "--json", "--aasa", aasa] + android + urls)
        #expect(result.status == 0, "\(result.stderr)")
        let both = try Self.objects(result)
        #expect(both.count == urls.count)
        for (alone, together) in zip(ios, both) {
            var withoutAndroid = together
            withoutAndroid["android"] = nil
            #expect(NSDictionary(dictionary: withoutAndroid).isEqual(to: alone))
        }
        let answers = try both.map { try #require($0["android"] as? [String: Any]) }
        for answer in answers {
            #expect(
                Set(answer.keys) == ["decision", "package", "filter", "group", "rule", "reason"])
            #expect(answer["package"] as? String == "com.example.shop")
        }
        #expect(
            answers.map { $0["decision"] as? String } == [
                "handled", "excluded", "excluded", "unmatched",
            ])
        let filter = try #require(answers[0]["filter"] as? [String: Any])
        #expect(filter["activity"] as? String == ".ProductActivity")
        #expect(filter["line"] as? Int == 19)
        let rule = try #require(answers[0]["rule"] as? [String: Any])
        #expect(rule["domain"] as? String == "example.com")
        #expect(rule["site"] as? String == "example.com")
        #expect(rule["statement"] as? Int == 0)
        #expect(rule["index"] as? Int == 2)
        #expect(answers[0]["reason"] is NSNull)
        // A block group: the filter it belongs to and the group's line.
        #expect((answers[1]["filter"] as? [String: Any])?["activity"] as? String == ".HelpActivity")
        #expect((answers[1]["group"] as? [String: Any])?["line"] as? Int == 40)
        #expect(answers[1]["rule"] is NSNull)
        // An exclusion by a dynamic rule names no filter.
        #expect(answers[2]["filter"] is NSNull)
        #expect((answers[2]["rule"] as? [String: Any])?["index"] as? Int == 1)
        #expect(answers[3]["reason"] as? String == "host-not-verified")
    }

    /// Without `--aasa` a JSON line is the URL and the Android answer.
    @Test func androidAloneInJSON() throws {
        let result = try ToolRunner.run(
            ["match", "--json"] + android + ["https://example.com/id/4815"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try Self.objects(result).first)
        #expect(Set(object.keys) == ["url", "android"])
        #expect((object["android"] as? [String: Any])?["decision"] as? String == "handled")
    }

    /// `--android-api 34`: no groups and no dynamic rules (A4.6, A7.2); the help filter has no
    /// path rule left and, declared after the product pages, takes every path.
    @Test func olderDeviceIgnoresGroupsAndRules() throws {
        let result = try ToolRunner.run(
            ["match", "--android-api", "34"] + android + [
                "https://example.com/buy/internal/report", "https://http.example.com/x",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.lines == [
                "android\thandled\tcom.example.shop\t.HelpActivity:35\t"
                    + "https://example.com/buy/internal/report",
                "android\tunmatched\tcom.example.shop\thost\thttps://http.example.com/x",
            ])
    }

    /// `--assetlinks FILE` serves every site: www.example.com verifies too; `--package` names
    /// another app, whose statement has no dynamic rules.
    @Test func fileForEverySiteAndAnotherPackage() throws {
        let url = "https://www.example.com/buy/internal/report"
        let everySite = try ToolRunner.run(
            ["match", "--android-manifest", manifest, "--assetlinks", links, url])
        #expect(
            everySite.lines == [
                "android\texcluded\tcom.example.shop\t"
                    + "www.example.com[0].dynamic_app_link_components[1]\t\(url)"
            ])
        let beta = try ToolRunner.run(
            ["match", "--package", "com.example.shop.beta"] + android + [
                "https://example.com/buy/internal/report"
            ])
        #expect(
            beta.lines == [
                "android\thandled\tcom.example.shop.beta\t.ProductActivity:19\t"
                    + "https://example.com/buy/internal/report"
            ])
    }

    @Test func readsStandardInput() throws {
        let input = Self.expected.map(\.0).joined(separator: "\n") + "\n"
        let result = try ToolRunner.run(["match"] + android + ["-"], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == Self.expected.map { "android\t\($0.1)\t\($0.0)" })
    }

    @Test func explainShowsTheAndroidReasoning() throws {
        let result = try ToolRunner.run(
            ["explain", "--aasa", aasa] + android + ["https://example.com/buy/internal/report"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        let start = try #require(lines.firstIndex(of: "Android  com.example.shop on API 35"))
        #expect(lines[..<start].contains { $0.hasPrefix("decision: excluded\t") })
        #expect(
            Array(lines[start...])
                == [
                    "Android  com.example.shop on API 35",
                    "scheme   \"https\"",
                    "host     \"example.com\"",
                    "port     (none)",
                    "path     \"/buy/internal/report\"",
                    "query    (none)",
                    "fragment (none)",
                    "",
                    "  .ProductActivity:19  MATCH: pathPrefix=\"/buy/\" (chosen)",
                    "  .HelpActivity:35  no: none of its groups matches the URL",
                    "  .StoreFront:55  no: host \"example.com\" is not one of "
                        + "\"*.shops.example.com\"",
                    "  .DeepLinkActivity:65  no: scheme \"https\" is not one of \"exampleshop\"",
                    "",
                    "verified hosts: example.com",
                    "host \"example.com\": approved",
                    "dynamic rules of example.com (statement [0] of example.com's "
                        + "assetlinks.json), first match decides:",
                    "  [0] {\"?\": {\"no_universal_links\": \"?*\"}, \"exclude\": true}  no",
                    "  [1] {\"/\": \"/buy/internal/*\", \"exclude\": true}  MATCH, exclude",
                    "",
                    "android decision: excluded\tcom.example.shop\t"
                        + "example.com[0].dynamic_app_link_components[1]",
                ])
    }

    @Test func explainWithoutAASA() throws {
        let result = try ToolRunner.run(["explain"] + android + ["https://example.com/buy"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == "URL      https://example.com/buy")
        #expect(
            result.lines.contains(
                "  .ProductActivity:19  no: path \"/buy\" matches none of pathPrefix=\"/buy/\", "
                    + "pathPattern=\"/id/....\", "
                    + "pathAdvancedPattern=\"/[a-z][a-z]_[A-Z][A-Z]/[a-z]+/\""))
        #expect(result.lines.last == "android decision: unmatched\tcom.example.shop\tpath")
    }

    /// Usage errors exit 64; files that cannot be read, 2, naming the file and the place.
    /// A site's file Android's open-source reader fails (a byte order mark), or whose dynamic
    /// rules aasa-scan discards where that reader reads them otherwise (a rule that is no
    /// object), is decided as the documentation says, and said to be: on standard error for
    /// `match` and `explain`, among the report's warnings for `scan` (A11 Q4).
    @Test func filesReadOtherwiseByAndroidsReaderAreSaid() throws {
        let folder = try TemporaryFolder()
        let sample = Array(try String(contentsOfFile: links, encoding: .utf8).utf8)
        let marked = try folder.write("marked.json", [0xEF, 0xBB, 0xBF] + sample)
        let ruleText = try folder.write(
            "rules.json",
            String(decoding: sample, as: UTF8.self).replacingOccurrences(
                of: "\"dynamic_app_link_components\": [",
                with: "\"dynamic_app_link_components\": [\"x\", "))
        let url = "https://example.com/buy/42"
        func match(_ file: String, _ command: String = "match") throws -> ToolResult {
            try ToolRunner.run(
                [
                    command, "--android-manifest", manifest, "--assetlinks", "example.com=" + file,
                    url,
                ])
        }
        let clean = try match(links)
        #expect(clean.stderr.isEmpty, "\(clean.stderr)")
        let bom = try match(marked)
        #expect(bom.status == 0)
        #expect(bom.stdout == clean.stdout)
        #expect(
            bom.stderr.contains(
                "marked.json: Android's open-source verifier fails this whole file (ASL104 at 1:1"))
        let rules = try match(ruleText)
        #expect(
            rules.lines.first?.hasPrefix(
                "android\thandled\tcom.example.shop\t.ProductActivity:19\t") == true,
            "\(rules.stdout)")
        #expect(rules.stderr.contains("rules.json: its dynamic rules are malformed (ASL303"))
        #expect(try match(marked, "explain").stderr.contains("(ASL104 at 1:1"))
        let urls = try folder.write("urls.txt", url + "\n")
        let scan = try ToolRunner.run(
            [
                "scan", "--format", "json", "--quiet", "--aasa", aasa, "--android-manifest",
                manifest,
                "--assetlinks", "example.com=" + marked, urls,
            ])
        #expect(scan.status == 0, "\(scan.stderr)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any])
        let codes = (report["warnings"] as? [[String: Any]] ?? []).compactMap {
            $0["code"] as? String
        }
        #expect(codes.contains("assetlinks_fails_on_aosp"))
        let diff = try ToolRunner.run([
            "diff", "--format", "json", "--old", aasa, "--new", aasa, "--android-manifest",
            manifest, "--assetlinks", "example.com=" + ruleText, urls,
        ])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("\"assetlinks_rules_discarded\""))
        #expect(diff.stderr.contains("rules.json: its dynamic rules are malformed (ASL303"))
    }

    /// Android decodes the host as it reads the URL (`Uri.getHost`): alone, it decides a URL
    /// whose host is escaped; with the AASA file, which no such host can name, it is refused.
    @Test func escapedHostIsDecodedForAndroidAlone() throws {
        let url = "https://ex%61mple.com/buy/42"
        let alone = try ToolRunner.run(["match"] + android + [url])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.lines == ["android\t\(Self.expected[0].1)\t\(url)"])
        let both = try ToolRunner.run(["match", "--aasa", aasa] + android + [url])
        #expect(both.status == 2)
        #expect(both.stderr.contains("names a host that cannot be a host name"))
    }

    /// Before Android 12 the app is approved, not a host: `explain` says so beside the host of a
    /// filter that mixes schemes, which is never verified itself (A6.1, A6.5).
    @Test func olderDeviceApprovesTheApp() throws {
        let folder = try TemporaryFolder()
        let manifest = try folder.write(
            "AndroidManifest.xml",
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
              <uses-sdk android:targetSdkVersion="30" />
              <application><activity android:name=".Links" android:exported="true">
                <intent-filter android:autoVerify="true">
                  <action android:name="android.intent.action.VIEW" />
                  <category android:name="android.intent.category.DEFAULT" />
                  <category android:name="android.intent.category.BROWSABLE" />
                  <data android:scheme="https" android:host="example.com" />
                </intent-filter>
                <intent-filter>
                  <action android:name="android.intent.action.VIEW" />
                  <category android:name="android.intent.category.DEFAULT" />
                  <category android:name="android.intent.category.BROWSABLE" />
                  <data android:scheme="https" android:host="other.org" />
                  <data android:scheme="shop" />
                </intent-filter>
              </activity></application>
            </manifest>
            """)
        func explain(_ api: String) throws -> ToolResult {
            try ToolRunner.run([
                "explain", "--android-manifest", manifest, "--assetlinks", "example.com=" + links,
                "--android-api", api, "https://other.org/x",
            ])
        }
        let older = try explain("30")
        #expect(older.status == 0, "\(older.stderr)")
        #expect(
            older.lines.contains(
                "host \"other.org\": approved (API 30: the app's hosts all verified, so every host "
                    + "its filters take)"), "\(older.stdout)")
        #expect(older.lines.last == "android decision: handled\tcom.example.shop\t.Links:10")
        let newer = try explain("31")
        #expect(newer.lines.contains("host \"other.org\": not verified: no App Link"))
    }

    @Test func errors() throws {
        let noFiles = try ToolRunner.run(["match", "https://example.com/"])
        #expect(noFiles.status == 64)
        #expect(noFiles.stderr.contains("Give --aasa FILE, --android-manifest FILE, or both."))
        let linksAlone = try ToolRunner.run(
            ["match", "--aasa", aasa, "--assetlinks", links, "https://example.com/"])
        #expect(linksAlone.status == 64)
        let perApp = try ToolRunner.run(
            ["match", "--per-app"] + android + ["https://example.com/"])
        #expect(perApp.status == 64)
        let badAPI = try ToolRunner.run(["match", "--android-api", "0"] + android + ["/"])
        #expect(badAPI.status == 64)
        let badDomain = try ToolRunner.run(
            [
                "match", "--android-manifest", manifest, "--assetlinks", "*.example.com=" + links,
                "/",
            ])
        #expect(badDomain.status == 64)
        let folder = try TemporaryFolder()
        let broken = try folder.write(
            "AndroidManifest.xml", "<manifest>\n  <application>\n</manifest>\n")
        let notXML = try ToolRunner.run([
            "match", "--android-manifest", broken, "https://example.com/",
        ])
        #expect(notXML.status == 2)
        #expect(notXML.stderr.hasPrefix("aasa-scan: \(broken):3:"))
        let unnamed = try folder.write("Unnamed.xml", "<manifest><application /></manifest>")
        let noPackage = try ToolRunner.run(["match", "--android-manifest", unnamed, "https://a.b/"])
        #expect(noPackage.status == 2)
        #expect(noPackage.stderr.contains("give --package NAME"))
        let badLinks = try folder.write("assetlinks.json", "{\"relation\": []}")
        let notArray = try ToolRunner.run(
            [
                "match", "--android-manifest", manifest, "--assetlinks", "example.com=" + badLinks,
                "/",
            ])
        #expect(notArray.status == 2)
        #expect(notArray.stderr.contains("the top level is an object, not an array"))
    }
}
