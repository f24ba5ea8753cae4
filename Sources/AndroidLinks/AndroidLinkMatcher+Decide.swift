extension AndroidLinkMatcher {
    /// What Android does with the URL (its bytes, as a log or a list writes it) for the app
    /// (A8).
    public func decide(_ url: UnsafeBufferPointer<UInt8>, scratch: AndroidMatchScratch)
        -> AndroidDecision
    {
        guard let parts = URLUnits(url, scratch: scratch) else { return .unmatched(.notAURL) }
        return decide(parts, scratch.units, scratch)
    }

    /// `decide` of a URL held in a `String`.
    public func decide(_ url: String, scratch: AndroidMatchScratch) -> AndroidDecision {
        var url = url
        return url.withUTF8 { decide($0, scratch: scratch) }
    }

    /// What Android does with the URL whose scheme and authority `origin` planned and whose
    /// path, query and fragment are `target` (it starts with `/`): the decision of
    /// `decide(origin + target)`, without reading the origin again. `isPath`: the caller
    /// knows that `target` has no `?` or `#`.
    public func decide(
        _ origin: AndroidOriginPlan, target: UnsafeBufferPointer<UInt8>, isPath: Bool = false,
        scratch: AndroidMatchScratch
    ) -> AndroidDecision {
        // Nearly every logged target is ASCII without an escape: decided on its bytes.
        if let parts =
            isPath
            ? URLUnits(asciiPath: target, into: scratch.text)
            : URLUnits(asciiTarget: target, into: scratch.text)
        {
            return decide(parts, target, origin.plan, scratch)
        }
        let parts = URLUnits(target: target, scratch: scratch)
        return decide(parts, scratch.units, origin.plan, scratch)
    }

    /// The plan of `origin`, a URL's `scheme://authority` (no path, query or fragment), to decide
    /// any number of its targets with; nil when it is not one.
    public func plan(origin: UnsafeBufferPointer<UInt8>, scratch: AndroidMatchScratch)
        -> AndroidOriginPlan?
    {
        let ends: [UInt8] = [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")]
        guard let separator = URLUnits.schemeSeparator(origin),
            !origin[(separator + 3)...].contains(where: ends.contains)
        else { return nil }
        var url = Array(origin)
        url.append(UInt8(ascii: "/"))
        guard let parts = url.withUnsafeBufferPointer({ URLUnits($0, scratch: scratch) }) else {
            return nil
        }
        return AndroidOriginPlan(plan: plan(parts, scratch.units))
    }

    /// Whether Android may decide some target of `http://host` otherwise than the same target
    /// of `https://host` (`host` lower-cased, no port): their filters, verification or dynamic
    /// rules differ. Most apps declare both schemes, or neither for a host, and then a log's
    /// port 80 changes nothing.
    public func tellsSchemesApart(host: UnsafeBufferPointer<UInt8>, scratch: AndroidMatchScratch)
        -> Bool
    {
        func planned(_ scheme: [UInt8]) -> AndroidOriginPlan? {
            (scheme + Array(host)).withUnsafeBufferPointer { plan(origin: $0, scratch: scratch) }
        }
        guard let http = planned(Self.http), let https = planned(Self.https) else { return true }
        return !http.plan.decidesLike(https.plan)
    }

    private static let http = Array("http://".utf8)
    private static let https = Array("https://".utf8)

    /// The filter steps (A8 steps 1, 2, 5), leaving each filter's marks in the scratch, then
    /// verification and dynamic rules.
    func decide(
        _ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>, _ scratch: AndroidMatchScratch
    ) -> AndroidDecision {
        decide(url, units, plan(url, units), scratch)
    }

    private func decide<Unit: TextUnit>(
        _ url: URLUnits, _ units: UnsafeBufferPointer<Unit>, _ origin: OriginPlan,
        _ scratch: AndroidMatchScratch
    ) -> AndroidDecision {
        precondition(
            scratch.filterCapacity >= filters.count && scratch.ruleCapacity >= largestRuleCount,
            "an AndroidMatchScratch made by another matcher, too small for this one")
        switch origin.everyPath ?? matchFilters(url, units, origin, scratch) {
        case .chosen(let filter):
            return verify(filter, url, units, origin, scratch)
        case .blocked(let filter, let group):
            return .excluded(.group(filter: filter, group: group))
        case .failed(let reason):
            return .unmatched(reason)
        }
    }

    /// What the URL's scheme, host and port decide before its path (A8 steps 1 to 4).
    func plan(_ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>) -> OriginPlan {
        guard let scheme = schemes.index(of: UnsafeBufferPointer(rebasing: units[url.scheme]))
        else { return OriginPlan(scheme: nil) }
        var plan = OriginPlan(scheme: scheme, hostless: hostIndexes[scheme].hostless)
        plan.schemeSpecific = schemeSpecificFilters[scheme]
        if !plan.schemeSpecific.isEmpty { plan.authorityText = Self.authorityText(url, units) }
        guard let host = url.host.map({ UnsafeBufferPointer(rebasing: units[$0]) }) else {
            plan.everyPath = everyPathResult(plan)
            return plan
        }
        hostIndexes[scheme].forEachBucket(of: host) { bucket in
            var authority = false
            for (filter, port) in bucket.filters {
                let takesPort = port == nil || port == url.port
                plan.marks.append((filter, takesPort ? [.host, .authority] : .host))
                authority = authority || takesPort
            }
            if authority { plan.paths.append(bucket.paths) }
        }
        plan.approved = domains.approves(host)
        if setup.apiLevel >= 35 { plan.ruleSource = domains.ruleSource(for: host) }
        plan.everyPath = everyPathResult(plan)
        return plan
    }

    /// What `matchFilters` gives every path of the origin of `plan`, when every filter that
    /// takes its host and port `takesEveryPath`; nil when a path can change it.
    private func everyPathResult(_ plan: OriginPlan) -> FilterResult? {
        guard plan.schemeSpecific.isEmpty else { return nil }
        var chosen = Choice(components: components)
        for filter in plan.hostless { chosen.consider(filter) }
        var reached = FilterMarks()
        for (filter, marks) in plan.marks {
            reached.formUnion(marks)
            guard marks.contains(.authority) else { continue }
            guard takesEveryPath[filter] else { return nil }
            chosen.consider(filter)
        }
        if let filter = chosen.filter { return .chosen(filter) }
        return .failed(reached.contains(.host) ? .port : .host)
    }

    /// What the filters make of a URL.
    enum FilterResult: Equatable {
        /// The deciding filter: the first that matched of the last component with a match.
        case chosen(Int)
        /// No filter matched; a block group of this filter decided first (A11 Q6).
        case blocked(filter: Int, group: Int)
        /// No filter matched, and how far the furthest got.
        case failed(AndroidUnmatchedReason)
    }

    func matchFilters<Unit: TextUnit>(
        _ url: URLUnits, _ units: UnsafeBufferPointer<Unit>, _ origin: OriginPlan,
        _ scratch: AndroidMatchScratch
    ) -> FilterResult {
        scratch.clearMarks()
        guard origin.scheme != nil else { return .failed(.scheme) }
        var chosen = Choice(components: components)
        for filter in origin.hostless { chosen.consider(filter) }
        if !origin.schemeSpecific.isEmpty {
            let part = Self.schemeSpecificPart(origin.authorityText, url, units)
            part.withUnsafeBufferPointer { part in
                for filter in origin.schemeSpecific
                where schemeSpecificParts[filter].contains(where: { $0.matches(part) }) {
                    chosen.consider(filter)
                }
            }
        }
        for (filter, marks) in origin.marks { scratch.mark(filter, marks) }
        let path = UnsafeBufferPointer(rebasing: units[url.path])
        for paths in origin.paths { paths.forEachMatch(path) { scratch.mark($0, .path) } }
        var blocked: (filter: Int, group: Int)?
        var reached = FilterMarks()
        for filter in scratch.touched {
            let marks = scratch.marks[filter]
            reached.formUnion(marks)
            guard marks.contains(.authority) else { continue }
            if !hasPathRules[filter] || marks.contains(.path) {
                chosen.consider(filter)
                continue
            }
            // Groups are tried only when no path rule matched, in order; the first decides.
            guard
                let group = groups[filter].firstIndex(where: {
                    $0.matches(url, units, parameters: scratch.parameters)
                })
            else { continue }
            if groups[filter][group].allow {
                chosen.consider(filter)
            } else if blocked.map({ filter < $0.filter }) ?? true {
                blocked = (filter, group)
            }
        }
        if let filter = chosen.filter { return .chosen(filter) }
        if let blocked { return .blocked(filter: blocked.filter, group: blocked.group) }
        if reached.contains(.authority) { return .failed(.path) }
        return .failed(reached.contains(.host) ? .port : .host)
    }

    /// `//`, the host and `:port` as the URL gives them (A4.7: the host in lower case, the port
    /// as a number).
    static func authorityText(_ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>) -> [UInt16] {
        var text = Array("//".utf16)
        if let host = url.host { text += units[host] }
        if let port = url.port { text += Array(":\(port)".utf16) }
        return text
    }

    /// The URL's scheme-specific part as `Uri.getSchemeSpecificPart` gives it, decoded: what
    /// follows `scheme:` up to the fragment (A4.7).
    static func schemeSpecificPart<Unit: TextUnit>(
        _ authority: [UInt16], _ url: URLUnits, _ units: UnsafeBufferPointer<Unit>
    ) -> [UInt16] {
        var text = authority
        text += units[url.path].lazy.map(\.wide)
        if let query = url.query {
            text.append(UInt16(UInt8(ascii: "?")))
            text += units[query].lazy.map(\.wide)
        }
        return text
    }

    /// The filter that takes a URL among those that match (A8 step 5): activities declared
    /// later win; within one, its first filter.
    private struct Choice {
        let components: [Int]
        private(set) var filter: Int?

        init(components: [Int]) { self.components = components }

        mutating func consider(_ candidate: Int) {
            guard let current = filter else { return filter = candidate }
            let (component, currentComponent) = (components[candidate], components[current])
            if component > currentComponent
                || (component == currentComponent && candidate < current)
            {
                filter = candidate
            }
        }
    }

    /// A8 steps 3 and 4: the host must be approved; then its dynamic rules, if any, decide.
    private func verify<Unit: TextUnit>(
        _ filter: Int, _ url: URLUnits, _ units: UnsafeBufferPointer<Unit>,
        _ origin: OriginPlan, _ scratch: AndroidMatchScratch
    ) -> AndroidDecision {
        guard origin.approved else { return .unmatched(.hostNotVerified) }
        guard let source = origin.ruleSource else { return .handled(filter: filter, rule: nil) }
        return domains.withRules(of: source) { rules in
            guard let rule = rules.firstMatch(url, units, scratch) else {
                return .unmatched(.noDynamicRule)
            }
            let reference = AndroidRuleReference(
                domain: source, statement: rules.statement, rule: rules.componentIndices[rule])
            return rules.allows[rule]
                ? .handled(filter: filter, rule: reference) : .excluded(.dynamicRule(reference))
        }
    }
}

/// A URL's scheme, host and port, read and looked up once (`AndroidLinkMatcher.plan(origin:)`),
/// to decide the paths of that origin with: a scan meets the same few hosts again and again.
/// A class: a scan hands a plan from decision to decision by one reference.
public final class AndroidOriginPlan: Sendable {
    let plan: OriginPlan

    init(plan: OriginPlan) { self.plan = plan }
}

/// What a URL's scheme, host and port decide before its path.
struct OriginPlan: Sendable {
    /// The scheme's index among the filters' schemes; nil when no filter names it.
    var scheme: Int?
    /// The scheme's filters without a host: they take every URL of it.
    var hostless: [Int] = []
    /// The marks the host and port give the filters that name the host (A8 step 2).
    var marks: [(filter: Int, marks: FilterMarks)] = []
    /// The path rules of the host's buckets with a filter that takes the port: they are
    /// matched against the path.
    var paths: [PathIndex] = []
    /// The host is verified (A6.5).
    var approved = false
    /// The verified host whose dynamic rules apply (A7.2), on devices that read them.
    var ruleSource: Int?
    /// The scheme's filters with `ssp*` rules (A4.7), and the URL's scheme-specific part up to
    /// its path, `//host:port`, when there are any.
    var schemeSpecific: [Int] = []
    var authorityText: [UInt16] = []
    /// What the filters make of every path of the origin, when no path can change it
    /// (`AndroidLinkMatcher.takesEveryPath`): the filter step is then skipped.
    var everyPath: AndroidLinkMatcher.FilterResult?

    /// Whether every target is decided as under `other`: the same filters without a host,
    /// the same filters taking the host and port alike, none reading the scheme-specific
    /// part, and the same verification and dynamic rules (a filter's path rules are its own
    /// whatever the scheme).
    func decidesLike(_ other: OriginPlan) -> Bool {
        (scheme == nil) == (other.scheme == nil) && hostless == other.hostless
            && schemeSpecific.isEmpty && other.schemeSpecific.isEmpty
            && marks.elementsEqual(other.marks) { $0.filter == $1.filter && $0.marks == $1.marks }
            && approved == other.approved && ruleSource == other.ruleSource
    }
}
