/// What an `apple-app-site-association` file literally says about universal links, plus what
/// was noticed while reading it. Nothing here decides a match; `LinkMatcher` does that.
public struct AASADocument: Sendable, Equatable {
    /// The `applinks` section, or nil when the file has none (then no URL is a universal link).
    public var applinks: AppLinks?
    /// Other top-level services present (`webcredentials`, `appclips`, `activitycontinuation`),
    /// in document order. They never make a URL a universal link (SEMANTICS.md S2.1).
    public var otherServices: [String]
    /// Size of the file as served, in bytes (before any PKCS#7 unwrapping).
    public var byteCount: Int
    /// True when the JSON was extracted from a signed PKCS#7/CMS wrapper whose signature was
    /// not verified.
    public var wasSigned: Bool
    /// Everything worth telling the author: wrong types, unknown keys, size, ... in file order.
    public var diagnostics: [Diagnostic]

    /// A document with every field given.
    public init(
        applinks: AppLinks?, otherServices: [String] = [], byteCount: Int = 0,
        wasSigned: Bool = false, diagnostics: [Diagnostic] = []
    ) {
        self.applinks = applinks
        self.otherServices = otherServices
        self.byteCount = byteCount
        self.wasSigned = wasSigned
        self.diagnostics = diagnostics
    }
}

/// The `applinks` object.
public struct AppLinks: Sendable, Equatable {
    /// `details` entries in document order (array form, or the legacy dictionary form).
    public var details: [DetailsEntry]
    /// `applinks.defaults`: domain-level default component keys (SEMANTICS.md S4.4).
    public var defaults: Component?
    /// `applinks.substitutionVariables`, in document order.
    public var substitutionVariables: [SubstitutionVariable]

    /// An `applinks` section with every field given.
    public init(
        details: [DetailsEntry], defaults: Component? = nil,
        substitutionVariables: [SubstitutionVariable] = []
    ) {
        self.details = details
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
    }
}

/// One custom substitution variable: `"name": ["value", ...]`.
public struct SubstitutionVariable: Sendable, Equatable {
    /// The variable's name, as `$(name)` uses it.
    public var name: String
    /// The words it stands for.
    public var values: [String]

    /// A variable with its words.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// One `details` entry.
public struct DetailsEntry: Sendable, Equatable {
    /// Reference used in reports: `details[2]`, or `details["TEAM.app"]` for the dictionary form.
    public var ref: String
    /// The app IDs this entry names, already resolved: `appIDs` when present (even empty),
    /// else `appID`, else none (SEMANTICS.md S2.2).
    public var appIDs: [String]
    /// `components`, or nil when the key is absent. When present, `paths` is ignored (S2.4).
    public var components: [Component]?
    /// Legacy `paths` strings as written (including any `NOT ` prefix), or nil when absent.
    public var paths: [String]?
    /// `details[].defaults`: app-level default component keys.
    public var defaults: Component?
    /// Position in the file of each element of `components`, and of `paths`, when elements of
    /// the wrong type were left out, so rule references still name the file's own positions;
    /// nil when every element was kept.
    public var componentPositions: [Int]?
    /// Each path's index in the file's `paths` array, where entries were left out.
    public var pathPositions: [Int]?

    /// An entry with every field given.
    public init(
        ref: String, appIDs: [String], components: [Component]? = nil, paths: [String]? = nil,
        defaults: Component? = nil
    ) {
        self.ref = ref
        self.appIDs = appIDs
        self.components = components
        self.paths = paths
        self.defaults = defaults
    }
}

/// A `components` dictionary (or a `defaults` object, which may hold the same keys).
/// A nil field means the key is absent, or present with a value of the wrong type, which is
/// ignored (SEMANTICS.md S4.3.3, S11 Q14).
public struct Component: Sendable, Equatable {
    /// `"/"`: the path pattern.
    public var path: String?
    /// `"?"`: the query pattern, whole-string or per item.
    public var query: QueryPattern?
    /// `"#"`: the fragment pattern.
    public var fragment: String?
    /// `exclude`: true when the rule keeps the URL out of the app.
    public var exclude: Bool?
    /// `caseSensitive`: false to match letters of either case (SEMANTICS.md S8).
    public var caseSensitive: Bool?
    /// `percentEncoded`: false to match the percent-decoded URL (SEMANTICS.md S7).
    public var percentEncoded: Bool?
    /// `comment`: ignored by devices, kept for tools.
    public var comment: String?

    /// A component with the keys given; nil keys are absent.
    public init(
        path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil,
        exclude: Bool? = nil, caseSensitive: Bool? = nil, percentEncoded: Bool? = nil,
        comment: String? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
    }
}

/// The two forms of `"?"` (SEMANTICS.md S4.3).
public enum QueryPattern: Sendable, Hashable {
    /// `"?": "pattern"`: matched against the whole query text.
    case whole(String)
    /// `"?": {"name": "pattern", ...}`: every named item must match, in document order.
    case items([QueryItemPattern])
}

/// One `name: pattern` pair of a query dictionary.
public struct QueryItemPattern: Sendable, Hashable {
    /// The item's name.
    public var name: String
    /// The pattern its value must match.
    public var pattern: String

    /// An item pattern with name and value pattern.
    public init(name: String, pattern: String) { (self.name, self.pattern) = (name, pattern) }
}
