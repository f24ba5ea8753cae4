import AASAModel

/// Where suggested rules for one app go in a file, and how they are written there.
///
/// They go at the end of the last `details` entry that names the app: after every rule the
/// app already has, so none of its exclusions can be overridden (the first matching rule of
/// an entry decides, SEMANTICS.md S4.2, and the app's own earlier entries come first, S4.5).
/// For an app the file does not name, in a new entry after every other. They are written in
/// the entry's own style: `components`, or legacy `paths` when that is all the entry has.
public struct SuggestionTarget: Sendable, Equatable {
    public var appID: String
    public var destination: RuleDestination
    /// `details[2]`, or nil for a new entry.
    public var entryRef: String?
    /// The apps of that entry (a rule added there opens every one of them).
    public var entryApps: [String]
    /// True when rules are written as legacy `paths` strings.
    public var usesPaths: Bool
    /// Keys added to every suggested component so that the entry's and the file's `defaults`
    /// do not change what it matches: `"exclude": false` when they exclude, `"?": "*"` and
    /// `"#": "*"` when they constrain the query or fragment, `"percentEncoded": true` when they
    /// decode (mined paths are written as logged, escapes included).
    public var overrides: [NewRule.Member]
    /// Whether patterns may use `$(lang)` and `$(region)`.
    public var writesLocaleVariables: Bool

    /// Why no target could be chosen.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No app was named and the file names none.
        case noApp

        public var description: String {
            switch self {
            case .noApp: "the file names no app; say which one with --app TEAMID.bundle.id"
            }
        }
    }

    /// The target for `appID`, or for the first app the file names when nil.
    public init(document: AASADocument, appID: String?) throws(Failure) {
        let details = document.applinks?.details ?? []
        guard let app = appID ?? details.lazy.flatMap(\.appIDs).first else { throw .noApp }
        self.appID = app
        let variables = Set(document.applinks?.substitutionVariables.map(\.name) ?? [])
        let domainDefaults = document.applinks?.defaults
        if let index = details.lastIndex(where: { $0.appIDs.contains(app) }) {
            let entry = details[index]
            destination = .entry(index)
            entryRef = entry.ref
            entryApps = entry.appIDs
            usesPaths = entry.components == nil && entry.paths != nil
            overrides =
                usesPaths ? [] : Self.overrides([entry.defaults, domainDefaults].compactMap { $0 })
        } else {
            destination = .newEntry(appID: app)
            entryRef = nil
            entryApps = [app]
            usesPaths = false
            overrides = Self.overrides([domainDefaults].compactMap { $0 })
        }
        writesLocaleVariables =
            !usesPaths && !variables.contains("lang") && !variables.contains("region")
    }

    /// The rule that adds `pattern` here.
    public func rule(pattern: String) -> NewRule {
        usesPaths ? .path(pattern) : .component([NewRule.Member("/", .string(pattern))] + overrides)
    }

    /// The generaliser that writes patterns this target can hold.
    public var generaliser: PathGeneraliser {
        PathGeneraliser(writesLocaleVariables: writesLocaleVariables)
    }

    /// What defaults would impose on a component with only `/`, undone key by key
    /// (precedence: app level, then domain level; SEMANTICS.md S4.4).
    private static func overrides(_ layers: [Component]) -> [NewRule.Member] {
        func first<T>(_ key: (Component) -> T?) -> T? { layers.lazy.compactMap(key).first }
        var members: [NewRule.Member] = []
        if let query = first(\.query), query != .whole("*") {
            members.append(NewRule.Member("?", .string("*")))
        }
        if let fragment = first(\.fragment), fragment != "*" {
            members.append(NewRule.Member("#", .string("*")))
        }
        if first(\.exclude) == true { members.append(NewRule.Member("exclude", .bool(false))) }
        if first(\.percentEncoded) == false {
            members.append(NewRule.Member("percentEncoded", .bool(true)))
        }
        return members
    }
}
