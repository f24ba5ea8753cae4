extension CompiledRuleSet {
    /// Every app's own first decisive rule (what `swcutil verify` prints per app), in app order;
    /// apps with no decisive rule are left out.
    public func decidePerApp(
        _ url: UnsafeBufferPointer<UInt8>, scratch: MatchScratch
    ) -> [AppDecision] {
        let decision = decideWithApps(URLParts.split(url), in: url, scratch: scratch)
        return appDecisions(of: decision, scratch: scratch)
    }

    /// Every app's own decision for the URL that `scratch` last decided with `decideWithApps`
    /// (`decision` is what it returned), in app order: its override, else its default unless
    /// the URL is unmatched (no rule decided it, so no app has an answer).
    public func appDecisions(of decision: Decision, scratch: MatchScratch) -> [AppDecision] {
        var byApp = [AppDecision?](repeating: nil, count: apps.count)
        if decision.kind != .unmatched {
            for answer in defaultAppDecisions { byApp[Int(answer.app)] = answer }
        }
        for answer in scratch.appOverrides { byApp[Int(answer.app)] = answer }
        return byApp.compactMap { $0 }
    }

    /// Decides a URL already split by `URLParts.split` as `decide` does and, in the same walk
    /// of the candidates, every app's own first decisive rule (`decidePerApp`): those that
    /// are not the app's default (`defaultAppDecisions`) are left in `scratch.appOverrides`,
    /// in the order the walk met them, until the next decision.
    ///
    /// The catch-alls are walked only until the URL's decision is made: an app they would
    /// decide later answers as its default. Past it, the walk reads only the other candidates,
    /// and only while one of them may still decide some app before its default does (S4.5).
    public func decideWithApps(
        _ parts: URLParts, in bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch
    ) -> Decision {
        let scratch = scratch.state
        scratch.pointee.appOverrides.removeAll()
        guard gatherCandidates(parts, bytes, scratch, catchAllsAsRun: true) else {
            return .unmatched
        }
        let candidates = scratch.pointee.candidates
        let runs = scratch.pointee.candidateRuns
        // Nothing to clear after a URL no app decided, the usual case: no call then.
        if scratch.pointee.touchedApps.count > 0 || scratch.pointee.decidedApps.count < apps.count {
            clearDecidedApps(scratch)
        }
        let absent = Self.absentParts(parts)
        var lastEntry: Int32 = -1
        var decision = Decision.unmatched
        var appsWithoutAnswer = appsWithoutDefault
        var slot = 0
        while scratch.pointee.touchedApps.count < apps.count,
            let ruleIndex = Self.nextCandidate(candidates, &slot, runs)
        {
            if decision.kind == .handled, appsWithoutAnswer == 0, ruleIndex > lastDefaultRule {
                break
            }
            let head = heads[ruleIndex]
            // The first two tests of `decides` first, here: most candidates fail them, and
            // `decides` is not inlined into this walk.
            guard head.entry != lastEntry, head.failsWithout & absent == 0,
                decides(ruleIndex, head, after: lastEntry, absent, bytes, scratch)
            else { continue }
            lastEntry = head.entry
            // The entry decides each of its apps not decided yet (S4.5), by an earlier rule
            // or by the app's default (a rule at or past it); the URL's decision is the first
            // that opens an app, else the first exclude, as `decide` makes it.
            let kind: Decision.Kind = head.exclude ? .excluded : .handled
            var freshApp: Int32 = -1
            for app in apps(ofEntry: lastEntry) where !scratch.pointee.decidedApps[Int(app)] {
                let defaultRule = defaultRuleOfApp[Int(app)]
                guard ruleIndex <= defaultRule else { continue }
                if freshApp < 0 { freshApp = app }
                scratch.pointee.decidedApps[Int(app)] = true
                scratch.pointee.touchedApps.append(app)
                if ruleIndex == defaultRule { continue }
                if defaultRule == AppDefaults.none { appsWithoutAnswer -= 1 }
                scratch.pointee.appOverrides.append(
                    AppDecision(app: app, kind: kind, rule: Int32(ruleIndex)))
            }
            guard freshApp >= 0, decision.kind != .handled else { continue }
            if kind == .handled {
                decision = Decision(kind: .handled, rule: Int32(ruleIndex), app: freshApp)
                // The catch-alls left give each app of theirs not decided yet its default.
                if !catchAlls.isEmpty { runs.pointee.count -= 1 }
            } else if decision.kind == .unmatched {
                decision = Decision(kind: .excluded, rule: Int32(ruleIndex))
            }
        }
        return decision
    }
}
