extension AndroidLinkMatcher {
    /// What Android does with the URL (its bytes, as a log or a list writes it) for the app
    /// (A8).
    public func decide(_ url: UnsafeBufferPointer<UInt8>, scratch: AndroidMatchScratch)
        -> AndroidDecision
    {
        guard let parts = URLUnits(url, scratch: scratch) else { return .unmatched(.notAURL) }
        return scratch.units.withUnsafeBufferPointer { decide(parts, $0, scratch) }
    }

    /// `decide` of a URL held in a `String`.
    public func decide(_ url: String, scratch: AndroidMatchScratch) -> AndroidDecision {
        var url = url
        return url.withUTF8 { decide($0, scratch: scratch) }
    }

    /// The filter steps (A8 steps 1, 2, 5), leaving each filter's marks in the scratch, then
    /// verification and dynamic rules.
    func decide(
        _ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>, _ scratch: AndroidMatchScratch
    )
        -> AndroidDecision
    {
        switch matchFilters(url, units, scratch) {
        case .chosen(let filter):
            return verify(filter, url, units, scratch)
        case .blocked(let filter, let group):
            return .excluded(.group(filter: filter, group: group))
        case .failed(let reason):
            return .unmatched(reason)
        }
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

    func matchFilters(
        _ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>, _ scratch: AndroidMatchScratch
    ) -> FilterResult {
        scratch.clearMarks()
        guard let scheme = schemes.index(of: UnsafeBufferPointer(rebasing: units[url.scheme]))
        else {
            return .failed(.scheme)
        }
        let index = hostIndexes[scheme]
        var chosen: Int?
        // Activities declared later win (A8 step 5); within one, its first filter.
        func consider(_ filter: Int) {
            guard let current = chosen else { return chosen = filter }
            let (component, currentComponent) = (
                filters[filter].componentIndex, filters[current].componentIndex
            )
            if component > currentComponent || (component == currentComponent && filter < current) {
                chosen = filter
            }
        }
        index.hostless.forEach(consider)
        if let host = url.host {
            let path = UnsafeBufferPointer(rebasing: units[url.path])
            index.forEachBucket(of: UnsafeBufferPointer(rebasing: units[host])) { bucket in
                var authority = false
                for (filter, port) in bucket.filters {
                    scratch.mark(filter, .host)
                    if port == nil || port == url.port {
                        scratch.mark(filter, .authority)
                        authority = true
                    }
                }
                if authority { bucket.paths.forEachMatch(path) { scratch.mark($0, .path) } }
            }
        }
        var blocked: (filter: Int, group: Int)?
        var reached = FilterMarks()
        for filter in scratch.touched {
            let marks = scratch.marks[filter]
            reached.formUnion(marks)
            guard marks.contains(.authority) else { continue }
            if !hasPathRules[filter] || marks.contains(.path) {
                consider(filter)
                continue
            }
            // Groups are tried only when no path rule matched, in order; the first decides.
            guard
                let group = groups[filter].firstIndex(where: {
                    $0.matches(url, units, parameters: scratch.parameters)
                })
            else { continue }
            if groups[filter][group].allow {
                consider(filter)
            } else if blocked.map({ filter < $0.filter }) ?? true {
                blocked = (filter, group)
            }
        }
        if let chosen { return .chosen(chosen) }
        if let blocked { return .blocked(filter: blocked.filter, group: blocked.group) }
        if reached.contains(.authority) { return .failed(.path) }
        return .failed(reached.contains(.host) ? .port : .host)
    }

    /// A8 steps 3 and 4: the host must be approved; then its dynamic rules, if any, decide.
    private func verify(
        _ filter: Int, _ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>,
        _ scratch: AndroidMatchScratch
    ) -> AndroidDecision {
        guard let host = url.host.map({ UnsafeBufferPointer(rebasing: units[$0]) }),
            domains.approves(host)
        else { return .unmatched(.hostNotVerified) }
        guard setup.apiLevel >= 35, let source = domains.ruleSource(for: host) else {
            return .handled(filter: filter, rule: nil)
        }
        guard let rule = domains.rules[source].firstMatch(url, units, scratch) else {
            return .unmatched(.noDynamicRule)
        }
        let statement = verifiedDomains[source].statement
        let reference = AndroidRuleReference(
            domain: source, statement: statement.index,
            rule: statement.dynamicComponents?[rule].index ?? rule)
        return domains.rules[source].rules[rule].allow
            ? .handled(filter: filter, rule: reference) : .excluded(.dynamicRule(reference))
    }
}
