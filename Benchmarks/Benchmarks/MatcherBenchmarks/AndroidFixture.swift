import AndroidLinks
import Foundation
import Workload

/// An app as the scan benchmarks of both platforms shape it: a manifest taking every https path
/// of example.com, and a site whose dynamic rules (Android 15) are the components of a
/// generated AASA file, in order. Its runner decides the matcher fixture's targets on that host
/// as a scan does: the origin planned once, then each target by the plan.
final class AndroidRunner {
    let matcher: AndroidLinkMatcher
    let scratch: AndroidMatchScratch
    let origin: AndroidOriginPlan
    /// Decisions per kind (handled, excluded, unmatched) of the last pass, so the work cannot
    /// be optimised away.
    var counts = [0, 0, 0]

    init(rules: Int, profile: RuleProfile) {
        let matcher: AndroidLinkMatcher
        do {
            let manifest = try AndroidManifest(parsing: Array(Self.manifest.utf8))
            var setup = AndroidLinkSetup()
            setup.assetLinks["example.com"] = try AssetLinks(
                parsing: Self.assetLinks(RuleFileGenerator.json(ruleCount: rules, profile: profile))
            )
            matcher = AndroidLinkMatcher(manifest: manifest, setup: setup)
        } catch {
            fatalError("the Android fixture does not load: \(error)")
        }
        let scratch = matcher.makeScratch()
        let planned = Array("https://example.com".utf8).withUnsafeBufferPointer {
            matcher.plan(origin: $0, scratch: scratch)
        }
        guard let planned else { fatalError("https://example.com has no plan") }
        (self.matcher, self.scratch, origin) = (matcher, scratch, planned)
    }

    /// Decides every target of the matcher fixture once.
    func pass() {
        for kind in counts.indices { counts[kind] = 0 }
        MatcherFixture.urlBytes.withUnsafeBufferPointer { all in
            for range in MatcherFixture.urlRanges {
                switch matcher.decide(
                    origin, target: UnsafeBufferPointer(rebasing: all[range]), scratch: scratch)
                {
                case .handled: counts[0] += 1
                case .excluded: counts[1] += 1
                case .unmatched: counts[2] += 1
                }
            }
        }
    }

    private static let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" \
        package="com.example.shop">
          <application>
            <activity android:name=".LinkActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="example.com" />
                <data android:pathPrefix="/" />
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    /// An `assetlinks.json` whose dynamic rules are the AASA file's components: the same
    /// `/`, `?` (a dictionary), `#` and `exclude`; a substitution variable becomes `*`.
    private static func assetLinks(_ aasa: [UInt8]) throws -> [UInt8] {
        let document = try JSONSerialization.jsonObject(with: Data(aasa)) as? [String: Any]
        let details = (document?["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
        var rules: [[String: Any]] = []
        for entry in details ?? [] {
            for component in entry["components"] as? [[String: Any]] ?? [] {
                var rule: [String: Any] = [:]
                if let path = component["/"] as? String { rule["/"] = plain(path) }
                if let query = component["?"] as? [String: String] {
                    rule["?"] = query.mapValues(plain)
                }
                if let fragment = component["#"] as? String { rule["#"] = plain(fragment) }
                if component["exclude"] as? Bool == true { rule["exclude"] = true }
                if !rule.isEmpty { rules.append(rule) }
            }
        }
        let statement: [String: Any] = [
            "relation": [AssetLinks.handleAllURLs],
            "target": [
                "namespace": "android_app", "package_name": "com.example.shop",
                "sha256_cert_fingerprints": [
                    Array(repeating: "AB", count: 32).joined(separator: ":")
                ],
            ],
            "relation_extensions": [
                AssetLinks.handleAllURLs: ["dynamic_app_link_components": rules]
            ],
        ]
        return Array(try JSONSerialization.data(withJSONObject: [statement]))
    }

    private static func plain(_ pattern: String) -> String {
        pattern.replacingOccurrences(
            of: #"\$\([^)]*\)"#, with: "*", options: .regularExpression)
    }
}
