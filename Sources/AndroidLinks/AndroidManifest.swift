/// What an app's `AndroidManifest.xml` says about the links it opens: its package and the intent
/// filters of its activities, in document order (docs/android-semantics.md A3, A9).
public struct AndroidManifest: Sendable, Equatable {
    /// The `package` attribute of `<manifest>`; nil when the build sets it (Gradle `namespace`).
    public var packageName: String?
    /// `<uses-sdk android:targetSdkVersion>`, when the manifest states it.
    public var targetSdkVersion: Int?
    /// Every `<activity>` and `<activity-alias>`, in document order.
    public var components: [AndroidComponent]

    /// A manifest with every field given.
    public init(packageName: String?, targetSdkVersion: Int?, components: [AndroidComponent]) {
        self.packageName = packageName
        self.targetSdkVersion = targetSdkVersion
        self.components = components
    }
}

/// An `<activity>` or `<activity-alias>` and its intent filters.
public struct AndroidComponent: Sendable, Equatable {
    /// The element the component was declared with.
    public enum Kind: String, Sendable, Equatable {
        /// `<activity>`.
        case activity
        /// `<activity-alias>`: another name, with its own filters, for an activity.
        case activityAlias = "activity-alias"
    }

    /// The element it was declared with.
    public var kind: Kind
    /// `android:name` as written (`.ProductActivity`, `com.example.shop.ProductActivity`).
    public var name: String?
    /// `android:exported`; nil when not written.
    public var exported: Bool?
    /// `android:enabled`; true unless written false.
    public var enabled: Bool
    /// The line of the element's start tag.
    public var line: Int
    /// The component's `<intent-filter>`s, in document order.
    public var intentFilters: [IntentFilter]

    /// A component with every field given.
    public init(
        kind: Kind, name: String?, exported: Bool?, enabled: Bool, line: Int,
        intentFilters: [IntentFilter]
    ) {
        self.kind = kind
        self.name = name
        self.exported = exported
        self.enabled = enabled
        self.line = line
        self.intentFilters = intentFilters
    }
}
