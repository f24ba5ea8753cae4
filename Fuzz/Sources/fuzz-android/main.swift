// Android's matcher on any bytes as a URL: it decides without crashing, and a URL whose
// origin has a plan is decided by that plan and its target exactly as it is decided whole
// (the way a scan decides its requests, against the way `match` does). The app below has a
// rule of every kind: a literal, prefix, suffix, `pathPattern` and `pathAdvancedPattern` path,
// groups (Android 15), `*` hosts, a port, and dynamic rules of every wildcard shape, among
// them several after the same `*` and literal.
import AndroidLinks
import FuzzSupport

let manifest = """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
      <application>
        <activity android:name=".Links" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="http" /><data android:scheme="https" />
            <data android:host="example.com" /><data android:host="*.example.com" />
            <data android:path="/exact" /><data android:pathPrefix="/buy/" />
            <data android:pathSuffix=".html" /><data android:pathPattern="/id/a*.*b" />
            <data android:pathAdvancedPattern="/[a-z][a-z]_[A-Z]{2}/[^/]+/?" />
          </intent-filter>
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="shop.example.org" android:port="8443" />
            <uri-relative-filter-group android:allow="false">
              <data android:pathPrefix="/help/internal" />
            </uri-relative-filter-group>
            <uri-relative-filter-group>
              <data android:pathPrefix="/help/" />
              <data android:query="lang=en" />
              <data android:fragmentPrefix="app-" />
            </uri-relative-filter-group>
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """

let assetLinks = """
    [{"relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.shop",
        "sha256_cert_fingerprints": ["\(Array(repeating: "AB", count: 32).joined(separator: ":"))"]},
      "relation_extensions": {"delegate_permission/common.handle_all_urls": {
        "dynamic_app_link_components": [
          {"?": {"no_universal_links": "?*"}, "exclude": true},
          {"/": "/users/*/settings/delete", "exclude": true},
          {"/": "/users/*/settings/*"}, {"/": "/users/*/s?ttings/x"}, {"/": "/users/*"},
          {"/": "*.json", "exclude": true}, {"/": "*/amp"}, {"/": "/p/?*/end"},
          {"/": "/q", "?": {"id": "?*", "a": "b*"}}, {"/": "/f", "#": "top*"},
          {"/": "/buy/exact"}, {"/": "/buy/*"}, {"/": "/id/*"}, {"/": "*"}]}}}]
    """

let matcher: AndroidLinkMatcher
do {
    var setup = AndroidLinkSetup()
    setup.assetLinks["example.com"] = try AssetLinks(parsing: Array(assetLinks.utf8))
    setup.assetLinks["shop.example.org"] = try AssetLinks(parsing: Array(assetLinks.utf8))
    matcher = AndroidLinkMatcher(
        manifest: try AndroidManifest(parsing: Array(manifest.utf8)), setup: setup)
} catch {
    fatalError("the fixed app of fuzz-android does not load: \(error)")
}
let scratch = matcher.makeScratch()

FuzzDriver.run { bytes in
    let url = Array(bytes)
    url.withUnsafeBufferPointer { url in
        let whole = matcher.decide(url, scratch: scratch)
        // `scheme://authority` then a target from its first `/`, when it has one before any
        // `?` or `#`.
        guard let separator = url.firstRange(of: Array("://".utf8))?.lowerBound,
            let slash = url[(separator + 3)...].firstIndex(where: {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }),
            url[slash] == UInt8(ascii: "/"),
            let plan = matcher.plan(
                origin: UnsafeBufferPointer(rebasing: url[..<slash]), scratch: scratch)
        else { return }
        let planned = matcher.decide(
            plan, target: UnsafeBufferPointer(rebasing: url[slash...]), scratch: scratch)
        precondition(planned == whole, "decided by its plan: \(planned), whole: \(whole)")
    }
}
