import AASAModel

/// A site's `assetlinks.json`: the statements it makes, in file order, with what is wrong in them
/// (docs/android-semantics.md A6.2, A6.3, A7.1).
public struct AssetLinks: Sendable, Equatable {
    /// The relation that lets an app open the site's links.
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// Android reads at most 1 MiB of the file (A6.2).
    public static let maxFileSize = 1 << 20

    /// Every statement that is a JSON object, in file order.
    public var statements: [AssetStatement]
    /// What Android rejects or ignores in the file, statement by statement.
    public var diagnostics: [AssetLinksDiagnostic]

    /// A document with every field given.
    public init(statements: [AssetStatement], diagnostics: [AssetLinksDiagnostic] = []) {
        self.statements = statements
        self.diagnostics = diagnostics
    }
}

/// One statement of the list, as `AssetLinks(parsing:)` reads it.
public struct AssetStatement: Sendable, Equatable {
    /// Its index in the top-level array.
    public var index: Int
    /// Where its `{` is.
    public var location: SourceLocation
    /// `relation`, as written; empty when missing or malformed.
    public var relations: [String] = []
    /// `target`, when it names an asset Android knows.
    public var target: AssetTarget?
    /// `include`: the statement only points at another statement list (A6.2).
    public var include: String?
    /// The dynamic rules (A7.1); nil when there are none or when they were discarded as
    /// malformed (the diagnostics say which).
    public var dynamicComponents: [DynamicAppLinkComponent]?
}

/// The asset a statement is about.
public enum AssetTarget: Sendable, Equatable {
    /// `"namespace": "android_app"` with `package_name` and `sha256_cert_fingerprints`.
    case androidApp(packageName: String, fingerprints: [String])
    /// `"namespace": "web"` with `site`.
    case web(site: String)
}

/// One object of `dynamic_app_link_components` (A7.1): the patterns of the parts it names.
public struct DynamicAppLinkComponent: Sendable, Equatable {
    /// Its index in `dynamic_app_link_components`.
    public var index: Int
    /// Where its `{` is.
    public var location: SourceLocation
    /// `/`: the pattern for the decoded path.
    public var path: String?
    /// `?`: every entry must match some query parameter; nil when not given.
    public var query: [QueryPattern]?
    /// `#`: the pattern for the decoded fragment.
    public var fragment: String?
    /// `exclude`: a match keeps the URL out of the app.
    public var exclude = false
    /// `comments`, shown to people only.
    public var comments: String?
}

extension DynamicAppLinkComponent {
    /// `{"/": "...", "?": {"name": "..."}, "#": "...", "exclude": true}`, as written, each
    /// text put in quotes by `quoted` (escaped for where it is shown).
    public func written(quoted: (String) -> String) -> String {
        var members: [String] = []
        if let path { members.append("\"/\": \(quoted(path))") }
        if let query {
            let entries = query.map { "\(quoted($0.name)): \(quoted($0.value))" }
            members.append("\"?\": {\(entries.joined(separator: ", "))}")
        }
        if let fragment { members.append("\"#\": \(quoted(fragment))") }
        if exclude { members.append("\"exclude\": true") }
        return "{\(members.joined(separator: ", "))}"
    }
}

/// One `name: pattern` entry of a dynamic rule's `?` dictionary.
public struct QueryPattern: Sendable, Equatable {
    /// The parameter name, as written.
    public var name: String
    /// The pattern for the parameter's value (A7.3).
    public var value: String
}

/// Something Android rejects or ignores in an `assetlinks.json`, with where it is.
public struct AssetLinksDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What Android does about it.
    public enum Severity: String, Sendable, Equatable {
        /// Android's own reader (AOSP) fails the whole file on it (A6.3).
        case error
        /// Android ignores or discards the part (a statement, the dynamic rules) and goes on.
        case warning
    }

    /// Its stable code (`ASL202`), whose row gives the lint severity, summary and fix.
    public var kind: AndroidDiagnosticCode
    /// Where the value is.
    public var location: SourceLocation
    /// The JSON path of the value: `[0].target.package_name`.
    public var path: String
    /// What is wrong and what Android does.
    public var message: String

    /// What Android does about it: an error code's finding fails the whole file.
    public var severity: Severity { kind.severity == .error ? .error : .warning }

    /// The finding as `lint` reports it, with the code's fix as the hint.
    public var diagnostic: Diagnostic {
        Diagnostic(
            code: kind.code, severity: kind.severity, path: path, message: message,
            hint: kind.fix, location: location)
    }

    /// `LINE:COLUMN: SEVERITY: MESSAGE (at PATH)`.
    public var description: String {
        "\(location.line):\(location.column): \(severity.rawValue): \(message) (at \(path))"
    }
}
