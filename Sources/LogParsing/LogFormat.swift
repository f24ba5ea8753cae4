/// The log formats aasa-scan reads; the raw value is the `--log-format` name.
///
/// Case order is the detection tie-break order: more specific formats come before the generic
/// ones they could be mistaken for (vhost before combined, combined before common, CloudFront
/// before W3C, weighted before url).
public enum LogFormat: String, CaseIterable, Sendable {
    case vhost, combined, common, alb, elb, s3, haproxy, cloudfront, w3c, zeek, json, weighted, url
    /// A layout given on the command line (`--log-format 'custom:FORMAT'`, `CustomLayout`).
    case custom

    /// The formats with a layout of their own, in detection order. `custom` is not among
    /// them: its layout comes from the command line, so detection never tries it.
    public static var allCases: [LogFormat] {
        [.vhost, .combined, .common, .alb, .elb, .s3, .haproxy, .cloudfront, .w3c, .zeek, .json]
            + [.weighted, .url]
    }

    /// One line for `--help` and refusal messages.
    public var summary: String {
        switch self {
        case .vhost: return "Apache vhost_combined / vhost_common (host[:port] first)"
        case .combined: return "Apache/nginx combined (extra trailing fields allowed)"
        case .common: return "NCSA common log format"
        case .alb: return "AWS Application Load Balancer"
        case .elb: return "AWS Classic Load Balancer"
        case .s3: return "Amazon S3 server access log"
        case .haproxy: return "HAProxy httplog inside syslog lines"
        case .cloudfront: return "Amazon CloudFront (W3C-style, tab separated)"
        case .w3c: return "W3C extended / IIS (#Fields: header)"
        case .zeek: return "Zeek/Bro http.log (#fields header, tab separated)"
        case .json: return "JSON lines (nginx JSON, Caddy, Traefik, Cloudflare)"
        case .weighted: return "count<TAB>url (or count, spaces, url)"
        case .url: return "one URL or path per line"
        case .custom: return "a layout of Apache % directives or nginx $variables"
        }
    }

    /// True for URL lists, which may hold a URL's fragment. Server logs never do: a browser
    /// keeps the fragment to itself, so no request line carries one.
    public var canCarryFragment: Bool { self == .url || self == .weighted }

    /// True for formats whose column layout comes from `#Fields:`/`#fields` header lines.
    public var hasHeaders: Bool {
        self == .w3c || self == .cloudfront || self == .zeek
    }
}
