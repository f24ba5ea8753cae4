/// What Android does with a URL for one app (docs/android-semantics.md A1, A8).
public enum AndroidDecision: Sendable, Equatable {
    /// The URL opens the app: the intent filter that decided (an index into
    /// `AndroidLinkMatcher.filters`) and, when the host has dynamic rules, the rule that let it
    /// through.
    case handled(filter: Int, rule: AndroidRuleReference?)
    /// A rule keeps the URL away from the app.
    case excluded(AndroidExclusion)
    /// The URL is not a verified App Link of the app, and why.
    case unmatched(AndroidUnmatchedReason)
}

/// What keeps an excluded URL away from the app.
public enum AndroidExclusion: Sendable, Equatable {
    /// A dynamic rule with `"exclude": true` matched first (A7.4).
    case dynamicRule(AndroidRuleReference)
    /// A `<uri-relative-filter-group android:allow="false">` of the filter decided, and no
    /// filter took the URL (A4.6, A11 Q6): the filter's index and the group's index in it.
    case group(filter: Int, group: Int)
}

/// A dynamic rule: the verified host it is stored under (an index into
/// `AndroidLinkMatcher.verifiedDomains`), its statement and its index in the statement's list.
public struct AndroidRuleReference: Sendable, Equatable {
    /// The index of the verified host in `AndroidLinkMatcher.verifiedDomains`.
    public var domain: Int
    /// The statement's index in the site's `assetlinks.json`.
    public var statement: Int
    /// The rule's index in `dynamic_app_link_components`.
    public var rule: Int
}

/// Why a URL is not a verified App Link of the app (A1, A8).
public enum AndroidUnmatchedReason: String, Sendable, Equatable, CaseIterable {
    /// The text is not an absolute URL (`scheme://...`).
    case notAURL = "not-a-url"
    /// No filter of the app names the URL's scheme.
    case scheme
    /// Filters name the scheme, but none names the host.
    case host
    /// A filter names the host, but with another port.
    case port
    /// A filter names the host and port, but none of its path rules matches.
    case path
    /// A filter matches, but the host is not one the app verified (A6).
    case hostNotVerified = "host-not-verified"
    /// The host has dynamic rules and none matched (A7.4).
    case noDynamicRule = "no-dynamic-rule"

    /// The reason in words, as `explain` prints it.
    public var summary: String {
        switch self {
        case .notAURL: "not an absolute URL"
        case .scheme: "scheme not in the manifest"
        case .host: "host not in the manifest"
        case .port: "port not in the manifest"
        case .path: "path not in the manifest"
        case .hostNotVerified: "host not verified"
        case .noDynamicRule: "no dynamic rule matched"
        }
    }
}
