import AndroidLinks

/// Small manifests and `assetlinks.json` files for the reference matcher's tests: one app,
/// `com.example.shop`, signed with `fingerprint`.
enum AppLinkFixture {
    static let package = "com.example.shop"
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let otherFingerprint =
        "AA:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// An intent filter for tapped links (VIEW, DEFAULT, BROWSABLE) around `data`.
    static func filter(
        _ data: String, autoVerify: Bool = true,
        categories: [String] = [
            AndroidIntentNames.categoryDefault, AndroidIntentNames.categoryBrowsable,
        ]
    ) -> String {
        let categoryLines = categories.map { "<category android:name=\"\($0)\" />" }
        return """
            <intent-filter android:autoVerify="\(autoVerify)">
            <action android:name="\(AndroidIntentNames.actionView)" />
            \(categoryLines.joined(separator: "\n"))
            \(data)
            </intent-filter>
            """
    }

    /// A manifest with one `<activity>` per entry: its attributes and its filters.
    static func manifest(
        _ activities: [(attributes: String, filters: [String])], targetSdk: Int? = nil
    ) throws -> AndroidManifest {
        let sdk = targetSdk.map { "<uses-sdk android:targetSdkVersion=\"\($0)\" />" } ?? ""
        let body = activities.map { activity in
            "<activity \(activity.attributes)>\n\(activity.filters.joined(separator: "\n"))\n</activity>"
        }
        let text = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
            \(sdk)
            <application>
            \(body.joined(separator: "\n"))
            </application>
            </manifest>
            """
        return try AndroidManifest(parsing: Array(text.utf8), file: "AndroidManifest.xml")
    }

    /// One exported activity `.Links` with these filters.
    static func manifest(_ filters: String..., targetSdk: Int? = nil) throws -> AndroidManifest {
        try manifest(
            [(#"android:name=".Links" android:exported="true""#, filters)], targetSdk: targetSdk)
    }

    /// An `assetlinks.json` with one statement for the app, with these dynamic rules (a JSON
    /// array) when given.
    static func assetLinks(
        rules: String? = nil, package: String = package, fingerprint: String = fingerprint
    ) throws -> AssetLinks {
        let extensions =
            rules.map {
                #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#($0)}}"#
            } ?? ""
        let text = """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "\(package)",
                         "sha256_cert_fingerprints": ["\(fingerprint)"]}\(extensions)}]
            """
        return try AssetLinks(parsing: Array(text.utf8), file: "assetlinks.json")
    }

    /// A matcher for the manifest with each host's file: the reference, checked against the
    /// compiled matcher on every decision.
    static func matcher(
        _ manifest: AndroidManifest, sites: [String: AssetLinks], apiLevel: Int = 35,
        targetSdk: Int? = nil, fingerprints: [String]? = [fingerprint]
    ) -> CheckedMatcher {
        CheckedMatcher(
            AndroidReferenceMatcher(
                manifest: manifest,
                setup: AndroidReferenceMatcher.Setup(
                    apiLevel: apiLevel, targetSdk: targetSdk, fingerprints: fingerprints,
                    assetLinks: sites)))
    }

    /// The reference of the `index`th filter of the `component`th component.
    static func reference(_ manifest: AndroidManifest, _ component: Int = 0, _ index: Int = 0)
        -> AndroidReferenceMatcher.FilterReference
    {
        let owner = manifest.components[component]
        return AndroidReferenceMatcher.FilterReference(
            component: owner.name, line: owner.intentFilters[index].line)
    }
}
