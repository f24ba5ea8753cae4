/// What happened to one rule while deciding a URL, for `aasa-scan explain`.
public struct ExplainStep: Sendable, Equatable {
    /// What a rule did.
    public enum Outcome: Sendable, Equatable {
        /// Every part matched and the rule decided the URL for its entry.
        case decided
        /// Every part matched, but an earlier rule of the same entry had already decided.
        case shadowed
        /// This part did not match: `path`, `query` or `fragment`.
        case failed(part: String)
        /// The rule cannot decide: its entry names no app, or its pattern can match nothing.
        case inert(reason: String)
    }

    /// The rule's index in `CompiledRuleSet.rules`.
    public var rule: Int32
    /// What it did.
    public var outcome: Outcome
    /// The texts it compared with its patterns; nil for a rule that cannot decide.
    public var compared: ComparedTexts? = nil
}

extension CompiledRuleSet {
    /// Consults every rule in order, the slow way, and says what each one did; the decision
    /// itself comes from `decide`, so the trace and the answer cannot disagree silently.
    public func explain(
        _ url: UnsafeBufferPointer<UInt8>, scratch: MatchScratch
    ) -> (steps: [ExplainStep], decision: Decision) {
        let parts = URLParts.split(url)
        let decision = decide(parts, in: url, scratch: scratch)
        guard parts.hasWebScheme(in: url) else { return ([], decision) }
        let scratch = scratch.state
        scratch.pointee.reset(parts)
        var steps: [ExplainStep] = []
        var decidedEntries = Set<Int32>()
        let arena = Arena()
        for index in compiled.indices {
            let rule = compiled[index]
            guard rule.canDecide else {
                let reason =
                    !apps(ofEntry: rule.entry).isEmpty
                    ? "its pattern can match nothing (undefined or empty variable)"
                    : "its entry names no app"
                steps.append(ExplainStep(rule: Int32(index), outcome: .inert(reason: reason)))
                continue
            }
            let outcome: ExplainStep.Outcome
            let path = CompiledRule.pathMatcher(rules[index], parser: parser, arena: arena)
            if !path.matches(
                scratch.pointee.view(.path, rule.mode, url), scratch: &scratch.pointee.glob)
            {
                outcome = .failed(part: "path")
            } else if !queryMatches(compiled.pointer(at: index), url, scratch) {
                outcome = .failed(part: "query")
            } else if !fragmentMatches(compiled.pointer(at: index), url, scratch) {
                outcome = .failed(part: "fragment")
            } else {
                outcome = decidedEntries.insert(rule.entry).inserted ? .decided : .shadowed
            }
            steps.append(
                ExplainStep(
                    rule: Int32(index), outcome: outcome,
                    compared: comparedTexts(index, url, scratch)))
        }
        return (steps, decision)
    }
}
