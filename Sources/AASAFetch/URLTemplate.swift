/// A URL with a `{domain}` placeholder: where the CDN's and the origin's copies are fetched
/// (`--cdn-url`, `--origin-url`), so tests can point both at their own servers.
public struct URLTemplate: Sendable, Equatable {
    public static let placeholder = "{domain}"
    /// Where iOS 14+ devices get the file: Apple's CDN (SEMANTICS.md S2.7).
    public static let appleCDN = URLTemplate(
        unchecked: "https://app-site-association.cdn-apple.com/a/v1/{domain}")
    /// Where the site serves it (DOC-SAD).
    public static let origin = URLTemplate(
        unchecked: "https://{domain}/.well-known/apple-app-site-association")

    public let text: String

    /// A template must name `{domain}` (else every domain would get the same file) and have a
    /// scheme; `http://` is accepted here and reported as AASA701 when used.
    public init(_ text: String) throws(TemplateError) {
        guard text.contains(Self.placeholder) else {
            throw TemplateError(text: text, reason: "it has no \(Self.placeholder) placeholder")
        }
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
            throw TemplateError(text: text, reason: "it does not start with https://")
        }
        self.text = text
    }

    private init(unchecked text: String) { self.text = text }

    /// The template with every `{domain}` replaced.
    public func url(for host: String) -> String {
        text.replacing(Self.placeholder, with: host)
    }

    /// Why a template is refused.
    public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { "'\(text)' is not a URL template: \(reason)" }
    }
}
