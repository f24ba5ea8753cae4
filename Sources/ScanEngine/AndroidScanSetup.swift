import AndroidLinks
import CoverageStats
import LinkMatcher

/// The Android side of a scan (`--android-manifest`): the app's compiled links, the rows its
/// decisions are counted in, and the host given to requests whose log names none.
public struct AndroidScanSetup: Sendable {
    public let matcher: AndroidLinkMatcher
    /// The counts' names: package, device, reasons, rules.
    public let labels: AndroidLabels
    /// The host of requests logged without one (a common or combined log): Android decides
    /// by host, so such a request needs one; nil counts them as `host-not-logged`.
    public let hostlessHost: [UInt8]?
    /// Per filter, the row of its first group; per verified host, the row of its first
    /// dynamic rule. Filters come first, so a filter's row is its index.
    private let groupRows: [Int]
    private let ruleRows: [Int]
    /// What Android reads of the query and the fragment, when it is a few plain item names
    /// (the opt-out rule of the site's file, say): a target with none of them gets Android's
    /// decision of its path, so the scan may remember decisions by path. Nil when a group or
    /// a rule reads more of the query: every target is then decided whole.
    let pathReading: QueryItemNames?

    /// Android's reasons, in the order of the counts (`allCases` makes a new array each time).
    static let reasons = AndroidUnmatchedReason.allCases

    /// The place of `reason` among `reasons`, without searching them at every unmatched tally
    /// (`AndroidScanSetupTests` holds the two in step).
    static func row(of reason: AndroidUnmatchedReason) -> Int {
        switch reason {
        case .notAURL: 0
        case .scheme: 1
        case .host: 2
        case .port: 3
        case .path: 4
        case .hostNotVerified: 5
        case .noDynamicRule: 6
        }
    }

    /// The reason of a request with no host, after Android's own reasons.
    public static let hostNotLogged = "host-not-logged"

    /// The setup of `matcher`, giving `hostlessHost` to requests logged without a host.
    public init(matcher: AndroidLinkMatcher, hostlessHost: String?) {
        self.matcher = matcher
        self.hostlessHost = hostlessHost.map { Array($0.lowercased().utf8) }
        var rules: [AndroidRuleLabel] = []
        for link in matcher.filters {
            rules.append(
                AndroidRuleLabel(
                    kind: "filter", source: Self.place(link, line: link.filter.line),
                    pattern: Self.describe(link.filter), readsFragment: false))
        }
        // Groups and dynamic rules are read from Android 15 (API 35) on.
        let readsAndroid15 = matcher.setup.apiLevel >= 35
        var itemNames: [[UInt8]]? = []
        var readsFragment = false
        var groupRows: [Int] = []
        for link in matcher.filters {
            groupRows.append(rules.count)
            for group in link.filter.groups where readsAndroid15 {
                if group.filters.contains(where: { $0.part == .query }) { itemNames = nil }
                let groupReadsFragment = group.filters.contains { $0.part == .fragment }
                if groupReadsFragment { readsFragment = true }
                rules.append(
                    AndroidRuleLabel(
                        kind: "group", source: Self.place(link, line: group.line),
                        pattern: (group.allow ? "allow " : "block ")
                            + group.filters.map {
                                "\($0.part.rawValue)\($0.pattern.kind.attributeSuffix)="
                                    + $0.pattern.text
                            }.joined(separator: " "),
                        readsFragment: groupReadsFragment))
            }
        }
        var ruleRows: [Int] = []
        for domain in matcher.verifiedDomains {
            ruleRows.append(rules.count)
            for rule in domain.statement.dynamicComponents ?? [] where readsAndroid15 {
                if rule.fragment != nil { readsFragment = true }
                for item in rule.query ?? [] {
                    if Self.isPlainName(item.name) {
                        itemNames?.append(Array(item.name.utf8))
                    } else {
                        itemNames = nil
                    }
                }
                rules.append(
                    AndroidRuleLabel(
                        kind: "dynamic_rule",
                        source: "\(domain.domain)[\(domain.statement.index)]"
                            + ".dynamic_app_link_components[\(rule.index)]",
                        pattern: rule.written(quoted: Self.quoted),
                        readsFragment: rule.fragment != nil))
            }
        }
        self.groupRows = groupRows
        self.ruleRows = ruleRows
        pathReading = itemNames.map { QueryItemNames(names: $0, readsFragment: readsFragment) }
        labels = AndroidLabels(
            package: matcher.packageName ?? "", apiLevel: matcher.setup.apiLevel,
            fingerprint: Self.fingerprint(matcher, rules: rules, hostlessHost: hostlessHost),
            hostlessHost: self.hostlessHost.map { String(decoding: $0, as: UTF8.self) } ?? "",
            reasons: Self.reasons.map(\.rawValue) + [Self.hostNotLogged],
            rules: rules)
    }

    /// What decides the counts, hashed: the package, the device, the verified hosts, every
    /// filter, group and rule, the host of hostless requests. Counts of scans that differ in
    /// any of them do not merge.
    private static func fingerprint(
        _ matcher: AndroidLinkMatcher, rules: [AndroidRuleLabel], hostlessHost: String?
    ) -> UInt64 {
        // One line per item, its fields split by tabs; bytes, not a `String` grown by
        // interpolation (17 M instructions for a file of 5,000 rules).
        var text: [UInt8] = []
        func line(_ fields: String...) {
            for (index, field) in fields.enumerated() {
                if index > 0 { text.append(UInt8(ascii: "\t")) }
                text.append(contentsOf: field.utf8)
            }
            text.append(UInt8(ascii: "\n"))
        }
        line(matcher.packageName ?? "")
        line(String(matcher.setup.apiLevel))
        line(hostlessHost ?? "")
        for domain in matcher.verifiedDomains { line("verified " + domain.domain) }
        for rule in rules { line(rule.kind, rule.source, rule.pattern) }
        return text.withUnsafeBytes { StableHash.hash($0) }
    }

    /// The counted form of a decision. Inlined into each tally's decision.
    @inline(__always)
    func tally(_ decision: AndroidDecision) -> AndroidTally {
        switch decision {
        case .handled(let filter, let rule):
            return .handled(filter: filter, rule: rule.map(row))
        case .excluded(.dynamicRule(let rule)):
            return .excluded(rule: row(rule))
        case .excluded(.group(let filter, let group)):
            return .excluded(rule: groupRows[filter] + group)
        case .unmatched(let reason):
            return .unmatched(reason: Self.row(of: reason))
        }
    }

    /// True when a target whose query has no item of `name` is decided as one without a
    /// query: the name is compared decoded, so only names no escape can spell another way.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy {
                ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
                    || $0 == UInt8(ascii: "~")
            }
    }

    /// True when Android decides `target` (split into `parts`) as its path alone.
    @inline(__always)
    func decidesByPathAlone(_ target: UnsafeBufferPointer<UInt8>, _ parts: URLParts) -> Bool {
        pathReading?.decidesByPathAlone(target, parts) ?? false
    }

    /// A request with no host and no `hostlessHost`.
    var hostNotLoggedTally: AndroidTally { .unmatched(reason: labels.reasons.count - 1) }

    private func row(_ rule: AndroidRuleReference) -> Int { ruleRows[rule.domain] + rule.rule }

    /// `.ProductActivity:19`: the activity and the line of the element.
    private static func place(_ link: AndroidLinkFilter, line: Int) -> String {
        "\(link.componentName ?? "(unnamed)"):\(line)"
    }

    /// `https://example.com /products/ (prefix), /p/.* (pattern)`: what a filter takes.
    private static func describe(_ filter: IntentFilter) -> String {
        let hosts = filter.authorities.map { $0.host + ($0.requiredPort.map { ":\($0)" } ?? "") }
        let schemes = filter.schemes.joined(separator: ",")
        let authority = hosts.isEmpty ? "" : "//" + hosts.joined(separator: ",")
        let paths = filter.paths.map {
            $0.text + ($0.kind == .literal ? "" : " (path\($0.kind.attributeSuffix))")
        }
        let schemeSpecificParts = filter.schemeSpecificParts.map {
            $0.text + " (ssp\($0.kind.attributeSuffix))"
        }
        let rules = paths + schemeSpecificParts
        return "\(schemes):\(authority)"
            + (rules.isEmpty ? "" : " " + rules.joined(separator: ", "))
    }

    /// `text` in double quotes, its `\` and `"` escaped. Most patterns have neither: they are
    /// copied whole, not character by character (55 M instructions for a file of 5,000 rules).
    private static func quoted(_ text: String) -> String {
        let needsEscape = text.utf8.contains {
            $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"")
        }
        guard needsEscape else { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }
}
