extension CompiledRuleSet {
    /// The first rule of details entry `entry` that matches `url` in every part, in rule
    /// order; nil when none does. Within an entry only that rule counts (S4.2), whatever the
    /// other entries do: when it is rule R, R decides the URL for its entry, so no earlier
    /// rule of the entry hides every URL of R (the dead-rule proofs refute with it).
    ///
    /// The candidates are the ones `decide` gathers, so the answer is the automaton's own.
    /// The rules it leaves out as never reached are each behind an earlier rule of their
    /// entry that matches wherever they do, so the first match of an entry is never one of
    /// them.
    public func firstMatchingRule(
        ofEntry entry: Int, in url: UnsafeBufferPointer<UInt8>, scratch: MatchScratch
    ) -> Int? {
        let parts = URLParts.split(url)
        let state = scratch.state
        guard gatherCandidates(parts, url, state, catchAllsAsRun: false) else { return nil }
        let candidates = state.pointee.candidates
        let runs = state.pointee.candidateRuns
        let absent = Self.absentParts(parts)
        var slot = 0
        while let index = Self.nextCandidate(candidates, &slot, runs) {
            let head = heads[index]
            guard head.entry == Int32(truncatingIfNeeded: entry), head.failsWithout & absent == 0,
                pathHolds(index, url, state),
                head.pathDecides || otherPartsMatch(compiled.pointer(at: index), url, state)
            else { continue }
            return index
        }
        return nil
    }
}
