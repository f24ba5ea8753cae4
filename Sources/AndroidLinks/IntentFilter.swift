/// One `<intent-filter>`: its actions and categories, and its `<data>` elements pooled into sets
/// as Android pools them (docs/android-semantics.md A4.1: every scheme goes with every authority
/// and every path).
public struct IntentFilter: Sendable, Equatable {
    /// The line of the `<intent-filter>` start tag.
    public var line: Int
    /// `android:autoVerify`.
    public var autoVerify: Bool
    /// `<action android:name>` values, in document order.
    public var actions: [String]
    /// `<category android:name>` values, in document order.
    public var categories: [String]
    /// `android:mimeType` values; a filter with one never matches a tapped link (A3).
    public var mimeTypes: [String]
    /// `android:scheme` values, as written (compared case-sensitively, A4.2).
    public var schemes: [String]
    /// `android:host` values with the `android:port` of the same `<data>` element (A4.3, A4.4).
    public var authorities: [DataAuthority]
    /// The `path*` attributes of the filter's own `<data>` elements (A4.5).
    public var paths: [AndroidPattern]
    /// The `ssp*` attributes (`ssp`, `sspPrefix`, `sspPattern`, ...): one that matches the
    /// URL's scheme-specific part takes it whatever its host and path (A4.7).
    public var schemeSpecificParts: [AndroidPattern]
    /// The `<uri-relative-filter-group>`s with at least one matcher, in document order (A4.6).
    public var groups: [UriRelativeFilterGroup]

    /// A filter with every field given.
    public init(
        line: Int, autoVerify: Bool = false, actions: [String] = [], categories: [String] = [],
        mimeTypes: [String] = [], schemes: [String] = [], authorities: [DataAuthority] = [],
        paths: [AndroidPattern] = [], schemeSpecificParts: [AndroidPattern] = [],
        groups: [UriRelativeFilterGroup] = []
    ) {
        self.line = line
        self.autoVerify = autoVerify
        self.actions = actions
        self.categories = categories
        self.mimeTypes = mimeTypes
        self.schemes = schemes
        self.authorities = authorities
        self.paths = paths
        self.schemeSpecificParts = schemeSpecificParts
        self.groups = groups
    }
}

/// The names Android gives the action and categories of a tapped web link (A3).
public enum AndroidIntentNames {
    /// The action of a tapped link.
    public static let actionView = "android.intent.action.VIEW"
    /// The category a browser adds to a tapped link.
    public static let categoryBrowsable = "android.intent.category.BROWSABLE"
    /// The category activity resolution requires.
    public static let categoryDefault = "android.intent.category.DEFAULT"
    /// The web schemes verification accepts (A6.1).
    public static let webSchemes: Set<String> = ["http", "https"]
}
