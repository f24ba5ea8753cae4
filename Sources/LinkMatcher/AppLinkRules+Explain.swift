extension AppLinkRules {
    /// What one rule did while deciding a URL, named as the file names it.
    public struct Step: Sendable, Equatable {
        /// Where the rule sits in the file, such as `details[0].components[3]`.
        public var ruleRef: String
        /// The rule's index in `rules`.
        public var ruleIndex: Int
        /// Decided, shadowed by an earlier rule of its entry, failed on a part, or inert.
        public var outcome: ExplainStep.Outcome
        /// The texts it compared with its patterns; nil for a rule that cannot decide.
        public var compared: ComparedTexts? = nil
    }

    /// Every rule consulted for a URL, in order, with what it did, and the decision: the
    /// decision is `decide(_:)`'s own, so the trace cannot disagree with it silently.
    public func explain(_ url: String) -> (steps: [Step], decision: LinkDecision) {
        let (steps, decision) = withBytes(url) { buffer in
            scratches.withScratch { compiled.explain(buffer, scratch: $0) }
        }
        return (
            steps.map { step in
                let rule = Int(step.rule)
                return Step(
                    ruleRef: compiled.rules[rule].ref, ruleIndex: rule, outcome: step.outcome,
                    compared: step.compared)
            }, named(decision)
        )
    }
}
