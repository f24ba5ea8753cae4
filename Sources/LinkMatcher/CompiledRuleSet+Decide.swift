extension CompiledRuleSet {
    /// Decides one URL (absolute, or a request target such as `/p?q#f`). The host is not
    /// checked here: which file applies to which host is the caller's business (S9).
    @inlinable
    public func decide(_ url: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch) -> Decision {
        decide(URLParts.split(url), in: url, scratch: &scratch)
    }

    /// Decides a URL already split by `URLParts.split`.
    public func decide(
        _ parts: URLParts, in bytes: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch
    ) -> Decision {
        guard parts.hasWebScheme(in: bytes) else { return .unmatched }
        collectCandidates(parts, bytes, &scratch)
        if scratch.candidates.isEmpty { return .unmatched }
        if scratch.candidates.count > 1 { scratch.candidates.sort() }
        if appsOverlap { clearDecidedApps(&scratch) }
        var lastEntry: Int32 = -1
        var firstExclude: Int32 = -1
        for candidateIndex in scratch.candidates.indices {
            let candidate = scratch.candidates[candidateIndex]
            let ruleIndex = Int(candidate >> 32)
            let rule = compiled[ruleIndex]
            // Within an entry only the first matching rule counts (S4.2).
            guard rule.entry != lastEntry,
                fullyMatches(
                    rule, remainderAt: UInt32(truncatingIfNeeded: candidate), bytes, &scratch)
            else { continue }
            lastEntry = rule.entry
            let apps = entryApps[Int(rule.entry)]
            guard appsOverlap else {
                if !rule.exclude {
                    return Decision(kind: .handled, rule: Int32(ruleIndex), app: apps[0])
                }
                if firstExclude < 0 { firstExclude = Int32(ruleIndex) }
                continue
            }
            // S4.5: the first entry that matches for an app not yet decided opens the URL;
            // an exclude decides its apps and is the answer only if no later entry opens it.
            var freshApp: Int32 = -1
            for app in apps where !scratch.decidedApps[Int(app)] {
                if freshApp < 0 { freshApp = app }
                scratch.decidedApps[Int(app)] = true
                scratch.touchedApps.append(app)
            }
            guard freshApp >= 0 else { continue }
            if !rule.exclude {
                return Decision(kind: .handled, rule: Int32(ruleIndex), app: freshApp)
            }
            if firstExclude < 0 { firstExclude = Int32(ruleIndex) }
        }
        return firstExclude >= 0 ? Decision(kind: .excluded, rule: firstExclude) : .unmatched
    }

    /// Every app's own first decisive rule (what `swcutil verify` prints per app), in app order;
    /// apps with no decisive rule are left out.
    public func decidePerApp(
        _ url: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch
    ) -> [AppDecision] {
        let parts = URLParts.split(url)
        guard parts.hasWebScheme(in: url) else { return [] }
        collectCandidates(parts, url, &scratch)
        scratch.candidates.sort()
        var decided: [Int32: AppDecision] = [:]
        var lastEntry: Int32 = -1
        for candidate in scratch.candidates {
            let ruleIndex = Int(candidate >> 32)
            let rule = compiled[ruleIndex]
            guard rule.entry != lastEntry,
                fullyMatches(
                    rule, remainderAt: UInt32(truncatingIfNeeded: candidate), url, &scratch)
            else { continue }
            lastEntry = rule.entry
            for app in entryApps[Int(rule.entry)] where decided[app] == nil {
                decided[app] = AppDecision(
                    app: app, kind: rule.exclude ? .excluded : .handled, rule: Int32(ruleIndex))
            }
        }
        return decided.values.sorted { $0.app < $1.app }
    }

    private func clearDecidedApps(_ scratch: inout MatchScratch) {
        if scratch.decidedApps.count < apps.count {
            scratch.decidedApps = Array(repeating: false, count: apps.count)
        }
        for app in scratch.touchedApps { scratch.decidedApps[Int(app)] = false }
        scratch.touchedApps.removeAll(keepingCapacity: true)
    }

    /// Walks each view's trie along the path of that view.
    private func collectCandidates(
        _ parts: URLParts, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: inout MatchScratch
    ) {
        scratch.reset(parts)
        for mode in usedModes {
            let slot = scratch.prepareView(.path, mode, bytes)
            scratch.views[slot].withUnsafeBufferPointer { key in
                tries[mode.index].collect(key: key, into: &scratch.candidates)
            }
        }
    }

    /// The rest of the path (when the trie left it undecided), then query and fragment.
    func fullyMatches(
        _ rule: CompiledRule, remainderAt depth: UInt32, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: inout MatchScratch
    ) -> Bool {
        if depth != UInt32.max {
            let slot = scratch.prepareView(.path, rule.mode, bytes)
            let matched = scratch.views[slot].withUnsafeBufferPointer { key in
                rule.pathRemainder.matches(
                    UnsafeBufferPointer(rebasing: key[Int(depth)...]), scratch: &scratch.glob)
            }
            guard matched else { return false }
        }
        return queryMatches(rule, bytes, &scratch) && fragmentMatches(rule, bytes, &scratch)
    }

    func pathMatches(
        _ rule: CompiledRule, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: inout MatchScratch
    ) -> Bool {
        let slot = scratch.prepareView(.path, rule.mode, bytes)
        return scratch.views[slot].withUnsafeBufferPointer {
            rule.path.matches($0, scratch: &scratch.glob)
        }
    }

    func fragmentMatches(
        _ rule: CompiledRule, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: inout MatchScratch
    ) -> Bool {
        if case .anything = rule.fragment { return true }
        let slot = scratch.prepareView(.fragment, rule.mode, bytes)
        return scratch.views[slot].withUnsafeBufferPointer {
            rule.fragment.matches($0, scratch: &scratch.glob)
        }
    }

    func queryMatches(
        _ rule: CompiledRule, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: inout MatchScratch
    ) -> Bool {
        switch rule.query {
        case .whole(.anything):
            return true
        case .whole(let matcher):
            let slot = scratch.prepareView(.query, rule.mode, bytes)
            return scratch.views[slot].withUnsafeBufferPointer {
                matcher.matches($0, scratch: &scratch.glob)
            }
        case .items(let constraints):
            scratch.prepareItems(rule.mode, bytes)
            let slot = rule.mode.index
            return scratch.itemBytes[slot].withUnsafeBufferPointer { text in
                constraints.allSatisfy { constraint in
                    itemMatches(constraint, items: scratch.items[slot], text, &scratch.glob)
                }
            }
        }
    }

    /// Every item of that name must match; an absent item counts as `""` (S4.3.2).
    private func itemMatches(
        _ constraint: (name: [UInt8], value: PartMatcher),
        items: [(name: Range<Int>, value: Range<Int>)], _ text: UnsafeBufferPointer<UInt8>,
        _ glob: inout GlobScratch
    ) -> Bool {
        var found = false
        for item in items
        where constraint.name.withUnsafeBufferPointer({ $0.elementsEqual(text[item.name]) }) {
            found = true
            guard
                constraint.value.matches(
                    UnsafeBufferPointer(rebasing: text[item.value]), scratch: &glob)
            else { return false }
        }
        return found
            || constraint.value.matches(UnsafeBufferPointer(start: nil, count: 0), scratch: &glob)
    }
}
