import ASCIIBytes

extension CompiledRuleSet {
    /// Decides one URL (absolute, or a request target such as `/p?q#f`). The host is not
    /// checked here: which file applies to which host is the caller's business (S9).
    @inlinable
    public func decide(_ url: UnsafeBufferPointer<UInt8>, scratch: MatchScratch) -> Decision {
        decide(URLParts.split(url), in: url, scratch: scratch)
    }

    /// Decides a URL already split by `URLParts.split`.
    public func decide(
        _ parts: URLParts, in bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch
    ) -> Decision {
        let scratch = scratch.state
        guard gatherCandidates(parts, bytes, scratch, catchAllsAsRun: false) else {
            return .unmatched
        }
        let candidates = scratch.pointee.candidates
        let runs = scratch.pointee.candidateRuns
        if appsOverlap { clearDecidedApps(scratch) }
        let absent = Self.absentParts(parts)
        var lastEntry: Int32 = -1
        var firstExclude: Int32 = -1
        var slot = 0
        while let ruleIndex = Self.nextCandidate(candidates, &slot, runs) {
            let head = heads[ruleIndex]
            guard decides(ruleIndex, head, after: lastEntry, absent, bytes, scratch) else {
                continue
            }
            lastEntry = head.entry
            let exclude = head.exclude
            let apps = apps(ofEntry: lastEntry)
            guard appsOverlap else {
                if !exclude {
                    return Decision(kind: .handled, rule: Int32(ruleIndex), app: apps[0])
                }
                if firstExclude < 0 { firstExclude = Int32(ruleIndex) }
                continue
            }
            // S4.5: the first entry that matches for an app not yet decided opens the URL;
            // an exclude decides its apps and is the answer only if no later entry opens it.
            var freshApp: Int32 = -1
            for app in apps where !scratch.pointee.decidedApps[Int(app)] {
                if freshApp < 0 { freshApp = app }
                scratch.pointee.decidedApps[Int(app)] = true
                scratch.pointee.touchedApps.append(app)
            }
            guard freshApp >= 0 else { continue }
            if !exclude {
                return Decision(kind: .handled, rule: Int32(ruleIndex), app: freshApp)
            }
            if firstExclude < 0 { firstExclude = Int32(ruleIndex) }
        }
        return firstExclude >= 0 ? Decision(kind: .excluded, rule: firstExclude) : .unmatched
    }

    /// Collects the rules whose path may match, in rule order; false when there are none.
    /// The catch-alls join them, as the last run when `catchAllsAsRun` or when they are many
    /// (`PrefixTrie.crowdedPrefixes`), else as candidates.
    @inline(__always)
    func gatherCandidates(
        _ parts: URLParts, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>, catchAllsAsRun: Bool
    ) -> Bool {
        guard parts.hasWebScheme(in: bytes) else { return false }
        collectCandidates(parts, bytes, scratch)
        let absent = Self.absentParts(parts)
        if scratch.pointee.candidates.buffer.contains(where: { $0 < 0 }) {
            // Keyed groups (negative entries): their rules replace them.
            replaceKeyedGroups(bytes, absent: absent, scratch)
        }
        if !everywhere.isEmpty {
            let list = everywhere.entries(absent: absent)
            Self.add(list, asRun: list.count >= everywhere.runFrom, scratch)
        }
        // Last: `decideWithApps` drops the catch-alls' run once the URL is decided.
        if !catchAlls.isEmpty {
            Self.add(
                catchAlls.buffer,
                asRun: catchAllsAsRun || catchAlls.count >= PrefixTrie.crowdedPrefixes, scratch)
        }
        if scratch.pointee.candidates.count > 1 { Self.sortAscending(scratch) }
        return scratch.pointee.candidates.count > 0
            || scratch.pointee.candidateRuns.pointee.count > 0
    }

    /// Adds rules every path reaches (the catch-alls, `EverywhereRules`) to the candidates:
    /// as one run, or one by one.
    @inline(__always)
    private static func add(
        _ list: UnsafeBufferPointer<PrefixTrie.Entry>, asRun: Bool,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        guard let first = list.baseAddress else { return }
        if asRun {
            scratch.pointee.candidateRuns.pointee.append(
                PrefixTrie.Run(next: first, end: first + list.count))
            return
        }
        for entry in list { scratch.pointee.candidates.append(entry.rule) }
    }

    /// The parts the URL lacks, as the mask `RuleHead.failsWithout` is tested against.
    @inline(__always)
    static func absentParts(_ parts: URLParts) -> UInt8 {
        (parts.query == nil ? RuleHead.queryAbsent : 0)
            | (parts.fragment == nil ? RuleHead.fragmentAbsent : 0)
    }

    /// The next candidate rule in rule order. Crowded trie nodes' prefix entries are read in
    /// step with `candidates` (`nextMerged`): a walk ends at the first rule that decides, so
    /// most of a run is never read.
    @inline(__always)
    static func nextCandidate(
        _ candidates: ScratchBuffer<Int32>, _ slot: inout Int,
        _ runs: UnsafeMutablePointer<ScratchBuffer<PrefixTrie.Run>>
    ) -> Int? {
        guard runs.pointee.count > 0 else {
            guard slot < candidates.count else { return nil }
            slot += 1
            return Int(candidates[slot - 1])
        }
        return nextMerged(candidates, &slot, runs)
    }

    /// Whether rule `index` (its head `head`) matches the URL and is the first of its entry
    /// to do so: within an entry only the first matching rule counts (S4.2).
    @inline(__always)
    func decides(
        _ index: Int, _ head: RuleHead, after lastEntry: Int32, _ absent: UInt8,
        _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeMutablePointer<MatchState>
    ) -> Bool {
        head.entry != lastEntry && head.failsWithout & absent == 0
            && pathHolds(index, bytes, scratch)
            && (head.pathDecides || otherPartsMatch(compiled.pointer(at: index), bytes, scratch))
    }

    /// The lowest rule among the next of `candidates` (from `slot`) and the next of each run,
    /// taken from where it was; nil when all are read.
    @inline(never)
    private static func nextMerged(
        _ candidates: ScratchBuffer<Int32>, _ slot: inout Int,
        _ runs: UnsafeMutablePointer<ScratchBuffer<PrefixTrie.Run>>
    ) -> Int? {
        var lowest = slot < candidates.count ? Int(candidates[slot]) : Int.max
        var lowestRun = -1
        for index in 0..<runs.pointee.count {
            let run = runs.pointee[index]
            if run.next < run.end, Int(run.next.pointee.rule) < lowest {
                lowest = Int(run.next.pointee.rule)
                lowestRun = index
            }
        }
        if lowest == Int.max { return nil }
        if lowestRun < 0 {
            slot += 1
        } else {
            runs.pointee[lowestRun].next += 1
        }
        return lowest
    }

    /// Sorts the candidates (rule indices, none negative): insertion sort for the few of a
    /// typical URL, which the general sort pays a call and setup for.
    @inline(__always)
    private static func sortAscending(_ scratch: UnsafeMutablePointer<MatchState>) {
        let rules = scratch.pointee.candidates.base
        let count = scratch.pointee.candidates.count
        guard count <= 16 else { return sortMany(scratch) }
        for index in 1..<count {
            let rule = rules[index]
            var slot = index
            while slot > 0 && rules[slot - 1] > rule {
                rules[slot] = rules[slot - 1]
                slot -= 1
            }
            rules[slot] = rule
        }
    }

    /// Many candidates (catch-all rules of many entries, `*` in each): sorted through a bitmap
    /// of the rule indices, without the standard sort's merge buffer, allocated at every call.
    /// Kept out of `decide`, whose body would otherwise grow past what the optimizer inlines
    /// into one function (the trie walks would then be calls).
    @inline(never)
    private static func sortMany(_ scratch: UnsafeMutablePointer<MatchState>) {
        scratch.pointee.sortAndDeduplicateCandidates()
    }

    @inline(never)
    func clearDecidedApps(_ scratch: UnsafeMutablePointer<MatchState>) {
        while scratch.pointee.decidedApps.count < apps.count {
            scratch.pointee.decidedApps.append(false)
        }
        for slot in 0..<scratch.pointee.touchedApps.count {
            scratch.pointee.decidedApps[Int(scratch.pointee.touchedApps[slot])] = false
        }
        scratch.pointee.touchedApps.removeAll()
    }

    /// Collects every rule whose path pattern matches: per view, the trie walks and the glob
    /// union's DFA walk over that view of the path. A path that every view reads alike is
    /// walked once through the tries that hold every view's rules.
    @inline(__always)
    private func collectCandidates(
        _ parts: URLParts, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        scratch.pointee.reset(parts)
        if scratch.pointee.globCacheOwner != identity { bindGlobCaches(scratch) }
        if let key = scratch.pointee.plainPath(bytes) {
            plainTrie.collect(
                key: key, foldASCII: false, checks: prefixChecks.base,
                into: &scratch.pointee.candidates, runs: scratch.pointee.candidateRuns)
            if !plainSuffixRules.isEmpty {
                plainSuffixRules.collect(
                    key: key, foldASCII: false, into: &scratch.pointee.candidates)
            }
            for index in 0..<globUnionModes.count {
                collectGlobs(globUnionModes[index], key, bytes, scratch)
            }
            return
        }
        collectCandidatesPerView(bytes, scratch)
    }

    /// `collectCandidates` for a path that views read apart (a capital, a `%`, a character
    /// to encode): one walk per view. Out of line, so that `decide`, where the walks of the
    /// common path are inlined, stays within what the optimizer inlines into one function.
    @inline(never)
    private func collectCandidatesPerView(
        _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        for index in 0..<usedModes.count {
            let mode = usedModes[index]
            let (key, foldASCII) = scratch.pointee.pathKey(mode, bytes)
            tries[mode.index].collect(
                key: key, foldASCII: foldASCII, checks: prefixChecks.base,
                into: &scratch.pointee.candidates, runs: scratch.pointee.candidateRuns)
            let suffixes = suffixRules.pointer(at: mode.index)
            if !suffixes.pointee.isEmpty {
                suffixes.pointee.collect(
                    key: key, foldASCII: foldASCII, into: &scratch.pointee.candidates)
            }
            if !unions[mode.index].isEmpty { collectGlobs(mode, key, bytes, scratch) }
        }
    }

    /// The rules of the glob union of `mode` whose paths match `key`, that view of the path.
    @inline(__always)
    private func collectGlobs(
        _ mode: ViewMode, _ key: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        let union = unions.pointer(at: mode.index)
        if let groups = scratch.pointee.globCaches.base[mode.index].matchingGroups(union, key) {
            for group in groups { appendRules(ofGroup: group, union, scratch) }
        } else {
            appendFallbackMatches(mode, union, bytes, scratch)
        }
    }

    /// Replaces each keyed group the path reached (a negative candidate) by its rules that
    /// require the URL's text for the group's key, in no particular order; by none when the
    /// URL lacks a part (`absent`) that all of them need.
    @inline(never)
    private func replaceKeyedGroups(
        _ bytes: UnsafeBufferPointer<UInt8>, absent: UInt8,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        var slot = 0
        while slot < scratch.pointee.candidates.count {
            let candidate = scratch.pointee.candidates[slot]
            guard candidate < 0 else {
                slot += 1
                continue
            }
            let last = scratch.pointee.candidates.count - 1
            scratch.pointee.candidates[slot] = scratch.pointee.candidates[last]
            scratch.pointee.candidates.count = last
            let group = KeyedGroups.group(ofEntryRule: candidate)
            guard keyedGroups.group(group).failsWithout & absent == 0 else { continue }
            appendKeyedRules(group, bytes, scratch)
        }
    }

    /// The rules of group `index` that require the URL's text for its key: the whole query or
    /// the fragment as the group's view reads it, or the value every item of its name has
    /// (`""` when none is present; no rule when two such items differ, as every rule of the
    /// group then fails, S4.3.2).
    private func appendKeyedRules(
        _ index: Int, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        let group = keyedGroups.group(index)
        switch group.part {
        case .item: break
        case .query, .fragment:
            let part: MatchState.Component = group.part == .query ? .query : .fragment
            keyedGroups.appendRules(
                of: group, requiring: scratch.pointee.view(part, group.mode, bytes),
                into: &scratch.pointee.candidates)
            return
        case .queryPattern, .fragmentPattern:
            let part: MatchState.Component = group.part == .queryPattern ? .query : .fragment
            return appendPatternRules(group, scratch.pointee.view(part, group.mode, bytes), scratch)
        case .itemPattern:
            // Its first occurrence: a pattern that takes every occurrence takes that one.
            guard let value = itemValue(group, bytes, scratch, untilAnotherValue: false)
            else { return }
            return appendPatternRules(group, value, scratch)
        }
        // No rule when two items of the name differ: every rule of the group fails then.
        guard let value = itemValue(group, bytes, scratch, untilAnotherValue: true) else { return }
        keyedGroups.appendRules(of: group, requiring: value, into: &scratch.pointee.candidates)
    }

    /// The value of the query item that `group` is keyed by, as its view reads it: `""` when
    /// the URL has none, else the value of its first occurrence, or with `untilAnotherValue`
    /// nil when a later occurrence has another value.
    @inline(__always)
    private func itemValue(
        _ group: KeyedGroups.Group, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>, untilAnotherValue: Bool
    ) -> UnsafeBufferPointer<UInt8>? {
        let name = keyedGroups.name(of: group)
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        // A plain name absent from the raw query is absent from its undecoded items: no need
        // to split them (as in `matchesWithEveryNameAbsent`).
        if !group.mode.decoded, group.nameIsPlain, !scratch.pointee.itemsAreSplit(group.mode),
            !(scratch.pointee.parts.query.map {
                Self.contains(UnsafeBufferPointer(rebasing: bytes[$0]), name)
            } ?? false)
        {
            return empty
        }
        let (items, text) = scratch.pointee.queryItems(group.mode, bytes)
        var value: UnsafeBufferPointer<UInt8>?
        for item in items
        where PartMatcher.equal(name, UnsafeBufferPointer(rebasing: text[item.name])) {
            let itemValue = UnsafeBufferPointer(rebasing: text[item.value])
            guard let first = value else {
                if !untilAnotherValue { return itemValue }
                value = itemValue
                continue
            }
            if !PartMatcher.equal(first, itemValue) { return nil }
        }
        return value ?? empty
    }

    /// The rules of a group of glob patterns whose pattern may take `text` (the URL's query,
    /// fragment or item value as the group's view reads it): those the patterns' DFA finds,
    /// or all of them when it has given up (each is checked in full afterwards either way).
    private func appendPatternRules(
        _ group: KeyedGroups.Group, _ text: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        let union = patternUnions.pointer(at: Int(group.union))
        if !union.pointee.isEmpty,
            let matched = scratch.pointee.patternCaches.base[Int(group.union)].matchingGroups(
                union, text)
        {
            for pattern in matched {
                keyedGroups.appendRules(
                    ofValue: Int(group.values.start) + Int(pattern),
                    into: &scratch.pointee.candidates)
            }
            return
        }
        for value in group.values.indices {
            keyedGroups.appendRules(ofValue: value, into: &scratch.pointee.candidates)
        }
    }

    @inline(__always)
    private func appendRules(
        ofGroup group: Int32, _ union: UnsafePointer<GlobUnion>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        let first = Int(union.pointee.groupRuleStart[Int(group)])
        let end = Int(union.pointee.groupRuleStart[Int(group) + 1])
        for slot in first..<end {
            scratch.pointee.candidates.append(union.pointee.groupRules[slot])
        }
    }

    /// The rules of every group of a view whose DFA cache gave up that may match the path
    /// (`BigramFilter`), unchecked: `pathHolds` checks a group's path when `decide` reaches one
    /// of its rules.
    @inline(never)
    private func appendFallbackMatches(
        _ mode: ViewMode, _ union: UnsafePointer<GlobUnion>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) {
        if scratch.pointee.globFallback?.owner != identity {
            scratch.pointee.globFallback = GlobFallback(
                owner: identity, limit: scratch.pointee.fallbackLimit)
        }
        if scratch.pointee.uncheckedUnions == 0 { scratch.pointee.globFallback?.nextURL() }
        scratch.pointee.uncheckedUnions |= 1 << UInt8(mode.index)
        let text = scratch.pointee.view(.path, mode, bytes)
        scratch.pointee.globFallback?.forEachGroup(
            mode.index, globPatterns[mode.index], mayMatch: text
        ) { group in appendRules(ofGroup: group, union, scratch) }
    }

    /// False for a candidate that joined unchecked (its view's DFA cache gave up) and whose
    /// glob does not match the path; true for every other candidate.
    @inline(__always)
    func pathHolds(
        _ rule: Int, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) -> Bool {
        scratch.pointee.uncheckedUnions == 0 || uncheckedPathHolds(rule, bytes, scratch)
    }

    /// `pathHolds` once some view's DFA cache gave up: out of line, as it is rare.
    @inline(never)
    private func uncheckedPathHolds(
        _ rule: Int, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) -> Bool {
        let group = globGroup[rule]
        let mode = compiled.pointer(at: rule).pointee.mode
        let union = Self.unionIndex(mode)
        guard group >= 0, scratch.pointee.uncheckedUnions & (1 << UInt8(union)) != 0,
            let fallback = scratch.pointee.globFallback
        else { return true }
        let text = scratch.pointee.view(.path, ViewMode.all[union], bytes)
        return fallback.groupMatches(
            union, Int(group), globPatterns[union], text, &scratch.pointee.glob)
    }

    /// Points the scratch's DFA caches at this set's unions, forgetting the states of another.
    @inline(never)
    private func bindGlobCaches(_ scratch: UnsafeMutablePointer<MatchState>) {
        for mode in 0..<ViewMode.count where !unions[mode].isEmpty {
            scratch.pointee.globCaches.base[mode].prepare(for: unions.pointer(at: mode))
        }
        // A scratch used before with another rule set may hold caches of another budget.
        let budget = MatchScratch.patternCacheBudget(groups: patternUnions.count)
        for index in 0..<scratch.pointee.patternCaches.count {
            scratch.pointee.patternCaches[index].free()
        }
        scratch.pointee.patternCaches.removeAll()
        for index in 0..<patternUnions.count {
            scratch.pointee.patternCaches.append(LazyDFA(budget: budget))
            if !patternUnions[index].isEmpty {
                scratch.pointee.patternCaches.base[index].prepare(
                    for: patternUnions.pointer(at: index))
            }
        }
        scratch.pointee.globCacheOwner = identity
    }

    /// The rule's query and fragment both match.
    @inline(__always)
    func otherPartsMatch(
        _ rule: UnsafePointer<CompiledRule>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) -> Bool {
        queryMatches(rule, bytes, scratch) && fragmentMatches(rule, bytes, scratch)
    }

    @inline(__always)
    func fragmentMatches(
        _ rule: UnsafePointer<CompiledRule>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) -> Bool {
        if case .anything = rule.pointee.fragment { return true }
        return fragmentPartMatches(rule, bytes, scratch)
    }

    /// A fragment other than `*`: out of line, as few rules have one.
    @inline(never)
    private func fragmentPartMatches(
        _ rule: UnsafePointer<CompiledRule>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) -> Bool {
        rule.pointee.fragment.matches(
            scratch.pointee.view(.fragment, rule.pointee.mode, bytes),
            scratch: &scratch.pointee.glob)
    }

    @inline(__always)
    func queryMatches(
        _ rule: UnsafePointer<CompiledRule>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ scratch: UnsafeMutablePointer<MatchState>
    ) -> Bool {
        switch rule.pointee.query {
        case .whole(.anything):
            return true
        case .whole(let matcher):
            return matcher.matches(
                scratch.pointee.view(.query, rule.pointee.mode, bytes),
                scratch: &scratch.pointee.glob)
        case .items(let constraints):
            // Once the items are split (an earlier candidate needed them), reading them is
            // cheaper than searching the raw query for each name again.
            if !rule.pointee.mode.decoded,
                !scratch.pointee.itemsAreSplit(rule.pointee.mode),
                let absent = Self.matchesWithEveryNameAbsent(
                    constraints, scratch.pointee.parts.query.map { bytes[$0] },
                    &scratch.pointee.glob)
            {
                return absent
            }
            let (items, text) = scratch.pointee.queryItems(rule.pointee.mode, bytes)
            for index in constraints.indices
            where !itemMatches(constraints[index], items: items, text, &scratch.pointee.glob) {
                return false
            }
            return true
        }
    }

    /// When no constraint's name appears in the raw query, the answer without splitting the
    /// query into items: every value must then match `""` (S4.3.2). Most URLs meet a rule such
    /// as `{"?": {"no_universal_links": "?*"}}` this way. Nil when some name may be present.
    @inline(__always)
    private static func matchesWithEveryNameAbsent(
        _ constraints: FrozenArray<CompiledRule.ItemConstraint>,
        _ query: Slice<UnsafeBufferPointer<UInt8>>?,
        _ glob: inout GlobScratch
    ) -> Bool? {
        for index in constraints.indices {
            let constraint = constraints.pointer(at: index)
            guard constraint.pointee.nameIsPlain else { return nil }
            if let query,
                contains(UnsafeBufferPointer(rebasing: query), constraint.pointee.name.buffer)
            {
                return nil
            }
        }
        for index in constraints.indices
        where !constraints[index].value.matches(
            UnsafeBufferPointer(start: nil, count: 0), scratch: &glob)
        {
            return false
        }
        return true
    }

    /// Whether `needle` occurs in `text`: the places of its first byte found by `memchr` (a
    /// query of tracking parameters is searched for the opt-out item at nearly every URL).
    @inline(__always)
    private static func contains(
        _ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>
    )
        -> Bool
    {
        guard let first = needle.first, needle.count <= text.count else { return needle.isEmpty }
        let lastStart = text.count - needle.count
        var start = 0
        while let place = text.find(first, from: start, to: lastStart + 1) {
            var offset = 1
            while offset < needle.count && text[place + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
            start = place + 1
        }
        return false
    }

    /// Every item of that name must match; an absent item counts as `""` (S4.3.2).
    private func itemMatches(
        _ constraint: CompiledRule.ItemConstraint,
        items: UnsafeBufferPointer<MatchState.QueryItem>, _ text: UnsafeBufferPointer<UInt8>,
        _ glob: inout GlobScratch
    ) -> Bool {
        var found = false
        for item in items
        where PartMatcher.equal(
            constraint.name.buffer, UnsafeBufferPointer(rebasing: text[item.name]))
        {
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
