/// How `AndroidLinkMatcher` decided one URL, step by step (docs/android-semantics.md A8), for
/// `explain`: the URL as Android reads it, how far each filter got, the verification and the
/// dynamic rules tried.
public struct AndroidExplanation: Sendable {
    /// The URL's parts as Android compares them (A2): decoded, scheme and host in lower case.
    public struct Parts: Sendable, Equatable {
        /// The scheme, in lower case.
        public var scheme: String
        /// The host, in lower case; nil when the URL has none.
        public var host: String?
        /// The port written in the URL.
        public var port: Int?
        /// The decoded path (`/` for none).
        public var path: String
        /// The decoded query; nil without `?`.
        public var query: String?
        /// The decoded fragment; nil without `#`.
        public var fragment: String?
    }

    /// How far one filter got (A4), in the order the steps are taken.
    public enum FilterOutcome: Sendable, Equatable {
        /// It does not name the URL's scheme.
        case scheme
        /// It names the scheme but not the host.
        case host
        /// It names the host, with another port.
        case port
        /// None of its path rules matches, and no group decides.
        case path
        /// Its `ssp*` rules match none of the URL's scheme-specific part, and it names no
        /// host (A4.7).
        case schemeSpecificPart
        /// This `ssp*` rule matched the URL's scheme-specific part: it takes the URL whatever
        /// its host and path (A4.7).
        case schemeSpecificRule(AndroidPattern)
        /// It names no host: it takes every URL of its schemes (A4.3).
        case everyURLOfScheme
        /// It has no path rule: it takes every path of its hosts.
        case everyPath
        /// This path rule matched.
        case pathRule(AndroidPattern)
        /// No path rule matched; this group (its index in the filter's groups) decided: an
        /// allow group takes the URL, a block group keeps it away (A4.6).
        case group(Int, allow: Bool)

        /// True when the filter takes the URL.
        public var matches: Bool {
            switch self {
            case .everyURLOfScheme, .everyPath, .pathRule, .schemeSpecificRule: true
            case .group(_, let allow): allow
            case .scheme, .host, .port, .path, .schemeSpecificPart: false
            }
        }
    }

    /// A dynamic rule tried, with its index in the host's list and whether it matched.
    public struct RuleStep: Sendable, Equatable {
        /// The rule.
        public var rule: DynamicAppLinkComponent
        /// True when every part it names matches (A7.3).
        public var matched: Bool
    }

    /// The URL's parts; nil when the text is not an absolute URL.
    public var parts: Parts?
    /// Per filter of `AndroidLinkMatcher.filters`, how far it got.
    public var filters: [FilterOutcome]
    /// The filter Android resolves the link to (the first match of the activity declared last,
    /// A8 step 5), before verification and dynamic rules; nil when no filter took the URL.
    public var chosenFilter: Int?
    /// Whether the host is approved (A6.5); nil when no filter took the URL.
    public var approved: Bool?
    /// The verified host whose dynamic rules apply (an index into
    /// `AndroidLinkMatcher.verifiedDomains`); nil when none does or it was not reached.
    public var ruleSource: Int?
    /// The dynamic rules tried, in order, up to the one that decided.
    public var rules: [RuleStep]
    /// The decision.
    public var decision: AndroidDecision
}

extension AndroidLinkMatcher {
    /// The decision on the URL with every step that led to it.
    public func explain(_ url: String, scratch: AndroidMatchScratch) -> AndroidExplanation {
        var text = url
        return text.withUTF8 { bytes in
            guard let parts = URLUnits(bytes, scratch: scratch) else {
                return AndroidExplanation(
                    parts: nil, filters: [], chosenFilter: nil, approved: nil, ruleSource: nil,
                    rules: [], decision: .unmatched(.notAURL))
            }
            return explain(parts, scratch.units, scratch)
        }
    }

    private func explain(
        _ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>, _ scratch: AndroidMatchScratch
    ) -> AndroidExplanation {
        func text(_ range: Range<Int>) -> String { String(decoding: units[range], as: UTF16.self) }
        let decision = decide(url, units, scratch)
        var chosen: Int?
        if case .chosen(let filter) = matchFilters(url, units, plan(url, units), scratch) {
            chosen = filter
        }
        let parts = AndroidExplanation.Parts(
            scheme: text(url.scheme), host: url.host.map(text), port: url.port,
            path: text(url.path), query: url.query.map(text), fragment: url.fragment.map(text))
        let outcomes = filters.indices.map { filterOutcome($0, url, units, parts, scratch) }
        var explanation = AndroidExplanation(
            parts: parts, filters: outcomes, chosenFilter: chosen, approved: nil, ruleSource: nil,
            rules: [], decision: decision)
        guard chosen != nil else { return explanation }
        let host = url.host.map { UnsafeBufferPointer(rebasing: units[$0]) }
        explanation.approved = host.map(domains.approves) ?? false
        guard explanation.approved == true, setup.apiLevel >= 35, let host,
            let source = domains.ruleSource(for: host)
        else { return explanation }
        explanation.ruleSource = source
        let written = verifiedDomains[source].statement.dynamicComponents ?? []
        for (rule, compiled) in zip(written, domains.rules[source].rules) {
            let matched = compiled.matches(url, units, parameters: scratch.parameters)
            explanation.rules.append(AndroidExplanation.RuleStep(rule: rule, matched: matched))
            if matched { break }
        }
        return explanation
    }

    /// How far the filter got, from the marks `decide` left.
    private func filterOutcome(
        _ index: Int, _ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>,
        _ parts: AndroidExplanation.Parts, _ scratch: AndroidMatchScratch
    ) -> AndroidExplanation.FilterOutcome {
        let filter = filters[index].filter
        let marks = scratch.marks[index]
        guard filter.schemes.contains(parts.scheme) else { return .scheme }
        if !filter.schemeSpecificParts.isEmpty {
            let part = Self.schemeSpecificPart(Self.authorityText(url, units), url, units)
            let rule = part.withUnsafeBufferPointer { part in
                filter.schemeSpecificParts.first { PatternProgram($0).matches(part) }
            }
            if let rule { return .schemeSpecificRule(rule) }
            if filter.authorities.isEmpty { return .schemeSpecificPart }
        }
        guard !filter.authorities.isEmpty else { return .everyURLOfScheme }
        guard marks.contains(.host) else { return .host }
        guard marks.contains(.authority) else { return .port }
        guard hasPathRules[index] else { return .everyPath }
        let path = UnsafeBufferPointer(rebasing: units[url.path])
        if marks.contains(.path),
            let rule = filter.paths.first(where: { PatternProgram($0).matches(path) })
        {
            return .pathRule(rule)
        }
        let group = groups[index].firstIndex {
            $0.matches(url, units, parameters: scratch.parameters)
        }
        return group.map { .group($0, allow: groups[index][$0].allow) } ?? .path
    }
}
