/// Which copy of a domain's file: Apple's CDN's or the site's own.
public enum FetchSource: String, Sendable, CaseIterable {
    case cdn, origin
}
