/// The device and the sites an app's links are decided for (docs/android-semantics.md A1).
/// By default Android 15, and no site serves a file.
public struct AndroidLinkSetup: Sendable {
    /// The device's API level (A6.4, A7.2); 35 is Android 15.
    public var apiLevel = 35
    /// The app's package; nil: the manifest's.
    public var packageName: String?
    /// The app's target SDK (A6.1); nil: the manifest's, else 35.
    public var targetSdk: Int?
    /// The app's signing-certificate fingerprints; nil: any fingerprint a statement names.
    public var fingerprints: [String]?
    /// The `assetlinks.json` each site serves, by its lower-case host.
    public var assetLinks: [String: AssetLinks] = [:]
    /// The `assetlinks.json` of every site `assetLinks` does not name; nil: those serve none.
    public var assetLinksOfOtherSites: AssetLinks?

    /// Android 15, no site serving a file; set the fields that differ.
    public init() {}
}
