import AndroidLinks
import TestSupport
import Workload

/// Seeded random apps, sites, devices and URLs for the differential tests: small pools of hosts,
/// path pieces and patterns, chosen so that random URLs often meet random rules, with the edges
/// of docs/android-semantics.md among them (case, ports, `*` hosts, escapes, ill-formed UTF-8,
/// code units outside the BMP, `;` queries, groups, dynamic rules).
struct AndroidCaseGenerator: RandomPicking {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// One app as the tests need it: its manifest's text and parsed form, the sites' files, and
    /// the device.
    struct App {
        var manifestText: String
        var manifest: AndroidManifest
        var siteTexts: [String: String]
        var setup: AndroidReferenceMatcher.Setup
    }

    static let declaredHosts = [
        "example.com", "www.example.com", "*.example.com", "*example.com", "shop.example.org", "*",
        "Example.COM", "a.b.example.com", "*.b.example.com", "m.example.com", "*.m.example.com",
    ]
    static let urlHosts = [
        "example.com", "www.example.com", "EXAMPLE.com", "a.b.example.com", "x.a.b.example.com",
        "badexample.com", "shop.example.org", "m.example.com", "x.m.example.com",
        "example.com.evil.net", "ex%61mple.com", "", "user@example.com", "[::1]", ".example.com",
        "%2A.example.com", "b.example.com", "Example.COM", "x.y.b.example.com",
    ]
    static let sites = [
        "example.com", "www.example.com", "b.example.com", "a.b.example.com", "shop.example.org",
        "m.example.com",
    ]
    static let pathPieces = [
        "a", "b", "ab", "ba", "x.y", "buy", "42", "a.b", "é", "%C3%A9", "😀", "%F0%9F%98%80", "%FF",
        "%C3", "%E2%82", "%ED%A0%80", "%2F", "%25", "%2", "+", "aa", "aaa", ".", "*", "%2A", "",
        "%zz", "%", "%z%41", "%C3%zz", "%é", "%😀a", "%2é", "%%41",
    ]
    static let queries = [
        "", "a=1", "a=1&b=2", "a=1;b=2", "dl=x&in_app=true", "a=1&", "&", "a=1%26b=2", "b",
        "q=%C3%A9", ";", "a&;b", "in_app=true", "a=11", "a=%zz", "a=1%",
    ]
    static let fragments = ["", "app-x", "top", "a", "%C3%A9", "app-", "x.y", "app-%", "%4"]
    static let patternUnits = ["/", "a", "b", ".", "*", "\\", "x", "é", "y", "😀"]
    static let advancedTokens = [
        "a", "b", "/", ".", "[ab]", "[^/]", "[a-c]", "\\.", "é", "[.]", "[^a-]", "x",
    ]
    static let advancedModifiers = ["", "", "", "*", "+", "{1,2}", "{2}", "{0,}"]
    static let literalPaths = ["/", "/a", "/a/b", "/buy", "/ab", "/é", "/a.b", "a", "/x.y", ""]
    static let prefixes = ["/", "/a", "/b", "/bu", "/a/", "/é", "", "/😀", "/", "/a"]
    static let suffixes = ["a", "/b", ".y", "b", "é", "😀", "", "/"]
    static let dynamicPaths = [
        "*", "/a*", "/a/*", "/b*", "/?*", "/?", "/a.b", "/*b", "/**", "/*?", "/é*", "",
        "/a/?*/b", "/a/b",
    ]

    // MARK: - Apps

    mutating func app() -> App {
        let text = manifestText()
        // The generator writes only what the reader accepts.
        let manifest =
            (try? AndroidManifest(parsing: Array(text.utf8)))
            ?? AndroidManifest(
                packageName: nil, targetSdkVersion: nil, components: [])
        var siteTexts: [String: String] = [:]
        for site in Self.sites where chance(75) { siteTexts[site] = assetLinksText() }
        var setup = AndroidReferenceMatcher.Setup()
        setup.apiLevel = pick([35, 35, 35, 35, 35, 34, 31, 30, 23, 22])
        setup.fingerprints = pick([
            [AppLinkFixture.fingerprint], nil, [AppLinkFixture.otherFingerprint],
        ])
        setup.assetLinks = siteTexts.compactMapValues { try? AssetLinks(parsing: Array($0.utf8)) }
        return App(manifestText: text, manifest: manifest, siteTexts: siteTexts, setup: setup)
    }

    mutating func manifestText() -> String {
        var lines = [
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\#(AppLinkFixture.package)">"#
        ]
        if let sdk = pick([nil, 30, 31, 35, 35]) {
            lines.append(#"<uses-sdk android:targetSdkVersion="\#(sdk)" />"#)
        }
        lines.append("<application>")
        for index in 0..<Int(1 + random.next() % 4) {
            let element = chance(80) ? "activity" : "activity-alias"
            var attributes = #"android:name=".C\#(index)""#
            if let exported = pick(["true", "true", "true", "false", nil, nil]) {
                attributes += #" android:exported="\#(exported)""#
            }
            if chance(5) { attributes += #" android:enabled="false""# }
            lines.append("<\(element) \(attributes)>")
            for _ in 0..<Int(1 + random.next() % 3) { lines += intentFilter() }
            lines.append("</\(element)>")
        }
        lines += ["</application>", "</manifest>"]
        return lines.joined(separator: "\n")
    }

    private mutating func intentFilter() -> [String] {
        var lines = [#"<intent-filter android:autoVerify="\#(chance(70))">"#]
        if chance(92) {
            lines.append(#"<action android:name="\#(AndroidIntentNames.actionView)" />"#)
        }
        if chance(10) { lines.append(#"<action android:name="android.intent.action.MAIN" />"#) }
        if chance(95) {
            lines.append(#"<category android:name="\#(AndroidIntentNames.categoryDefault)" />"#)
        }
        if chance(95) {
            lines.append(#"<category android:name="\#(AndroidIntentNames.categoryBrowsable)" />"#)
        }
        // Most filters name a web scheme and a host, so that URLs reach their path rules.
        if chance(85) {
            lines.append(
                #"<data android:scheme="\#(pick(["https", "https", "https", "http"]))" android:host="\#(pick(Self.declaredHosts))" />"#
            )
        }
        for _ in 0..<Int(random.next() % 4) { lines.append("<data \(dataAttributes()) />") }
        if chance(4) { lines.append(#"<data android:mimeType="text/html" />"#) }
        if chance(15) {
            // A block group on a prefix most URLs have, as DOC-GROUP's examples write them.
            lines += [
                #"<uri-relative-filter-group android:allow="false">"#,
                #"<data android:pathPrefix="\#(pick(["/a", "/", "/b"]))" />"#,
                "</uri-relative-filter-group>",
            ]
        }
        for _ in 0..<(chance(40) ? Int(1 + random.next() % 2) : 0) {
            lines.append(#"<uri-relative-filter-group android:allow="\#(chance(50))">"#)
            for _ in 0..<Int(1 + random.next() % 3) {
                let part = pick(["path", "path", "query", "fragment"])
                lines.append("<data \(patternAttribute(part: part)) />")
            }
            lines.append("</uri-relative-filter-group>")
        }
        lines.append("</intent-filter>")
        return lines
    }

    private mutating func dataAttributes() -> String {
        var attributes: [String] = []
        if chance(30) {
            attributes.append(
                #"android:scheme="\#(pick(["https", "https", "http", "exampleshop", "HTTPS"]))""#)
        }
        if chance(40) {
            attributes.append(#"android:host="\#(pick(Self.declaredHosts))""#)
            if chance(15) { attributes.append(#"android:port="\#(pick([443, 8443, -1]))""#) }
        }
        if chance(55) { attributes.append(patternAttribute(part: "path")) }
        if chance(6) { attributes.append(patternAttribute(part: "ssp")) }
        return attributes.joined(separator: " ")
    }

    /// One `<part><Kind>="..."` attribute, written with the resource-string escapes (A9).
    private mutating func patternAttribute(part: String) -> String {
        let kind = pick(AndroidPattern.Kind.allCases)
        let text: String
        switch (part, kind) {
        case ("query", _): text = pick(["a=1", "a=.*", "b", "dl=x", "a=[0-9]+", "q=é", "a=1.*"])
        case ("fragment", _): text = pick(["app-", "top", "a.*", "", "app-x", "x.y"])
        case ("ssp", .literal): text = "//" + pick(Self.urlHosts) + pick(Self.literalPaths)
        case ("ssp", .prefix): text = "//" + pick(["example.com", "m.example.com", "", "ex"])
        case ("ssp", .suffix): text = pick(Self.suffixes + ["?a=1", "=1"])
        case ("ssp", _): text = "//" + (chance(50) ? "example.com" : ".*") + simpleGlob()
        case (_, .literal): text = pick(Self.literalPaths)
        case (_, .prefix): text = pick(Self.prefixes)
        case (_, .suffix): text = pick(Self.suffixes)
        case (_, .simpleGlob): text = simpleGlob()
        case (_, .advancedGlob): text = advancedGlob()
        }
        return #"android:\#(part)\#(kind.attributeSuffix)="\#(Self.resourceEscaped(text))""#
    }

    mutating func simpleGlob() -> String {
        var text = chance(80) ? "/" : ""
        for _ in 0..<Int(random.next() % 6) { text += pick(Self.patternUnits) }
        return text
    }

    mutating func advancedGlob() -> String {
        var text = chance(80) ? "/" : ""
        for _ in 0..<Int(random.next() % 5) {
            text += pick(Self.advancedTokens) + pick(Self.advancedModifiers)
        }
        return text
    }

    /// `\` doubled, and a leading `?` or `@` escaped, as the manifest needs them.
    static func resourceEscaped(_ text: String) -> String {
        let doubled = text.map { $0 == "\\" ? "\\\\" : String($0) }.joined()
        return doubled.hasPrefix("?") || doubled.hasPrefix("@") ? "\\" + doubled : doubled
    }

    // MARK: - Sites

    mutating func assetLinksText() -> String {
        var statements: [String] = []
        for _ in 0..<Int(1 + random.next() % 2) {
            let relation =
                chance(90) ? AssetLinks.handleAllURLs : "delegate_permission/common.get_login_creds"
            let package = chance(92) ? AppLinkFixture.package : "com.example.other"
            let fingerprint =
                chance(85)
                ? AppLinkFixture.fingerprint
                : pick([AppLinkFixture.otherFingerprint, AppLinkFixture.fingerprint.lowercased()])
            var statement =
                #"{"relation": ["\#(relation)"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}"#
            if chance(65) {
                let exclusion = #"{"/": "\#(pick(Self.dynamicPaths))", "exclude": true}"#
                let rules =
                    (chance(35) ? [exclusion] : [])
                    + (0..<Int(random.next() % 4)).map { _ in dynamicRule() }
                    + (chance(50) ? [#"{"/": "*"}"#] : [])
                statement +=
                    #", "relation_extensions": {"\#(AssetLinks.handleAllURLs)": {"dynamic_app_link_components": [\#(rules.joined(separator: ", "))]}}"#
            }
            statements.append(statement + "}")
        }
        return "[" + statements.joined(separator: ",\n") + "]"
    }

    private mutating func dynamicRule() -> String {
        var members: [String] = []
        if chance(70) { members.append(#""/": "\#(pick(Self.dynamicPaths))""#) }
        if chance(30) {
            let entries = (0..<Int(random.next() % 3)).map { _ in
                #""\#(pick(["a", "b", "dl", "in_app", "q"]))": "\#(pick(["*", "1", "?*", "true", "x*", "é", "1*"]))""#
            }
            members.append(#""?": {\#(entries.joined(separator: ", "))}"#)
        }
        if chance(20) {
            members.append(##""#": "\##(pick(["app*", "*", "top", "?*", "app-x"]))""##)
        }
        if chance(45) { members.append(#""exclude": true"#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    // MARK: - URLs

    mutating func url() -> String {
        if chance(3) {
            return pick(["example.com/a", "/a/b", "", "https:/example.com/a", "1a://x/"])
        }
        var url = pick([
            "https", "https", "https", "https", "https", "http", "HTTPS", "exampleshop", "ftp",
        ])
        url +=
            "://"
            + (chance(50)
                ? pick(["example.com", "m.example.com", "www.example.com"]) : pick(Self.urlHosts))
        if chance(20) { url += pick([":443", ":8443", ":", ":abc", ":+443", ":0443", ":-1"]) }
        if chance(40) {
            // A path the rules name, often with more after it.
            url +=
                pick(Self.literalPaths + Self.prefixes).hasPrefix("/")
                ? pick(Self.literalPaths) : "/"
            if chance(50) { url += pick(Self.pathPieces) }
        } else if chance(92) {
            for _ in 0..<Int(random.next() % 4) { url += "/" + pick(Self.pathPieces) }
            if chance(20) { url += "/" }
        }
        if chance(35) { url += "?" + pick(Self.queries) }
        if chance(25) { url += "#" + pick(Self.fragments) }
        return url
    }

    /// A text a pattern may be tried on: a decoded path, parameter or fragment.
    mutating func text() -> [UInt16] {
        var text = chance(85) ? "/" : ""
        for _ in 0..<Int(random.next() % 5) {
            text += pick(["a", "b", "/", ".", "x", "y", "é", "😀", "*", "\\", "aa", "=", "1"])
        }
        return Array(text.utf16)
    }
}
