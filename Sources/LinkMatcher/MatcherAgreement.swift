/// Whether the automaton and the reference matcher decided the same URLs alike: kind, app
/// and rule. A disagreement is a bug in one of them.
public struct MatcherAgreement: Sendable, Equatable {
    /// One URL the two matchers decided differently.
    public struct Disagreement: Sendable, Equatable {
        /// The URL's position in the list compared.
        public var index: Int
        /// The automaton's answer.
        public var automaton: LinkDecision
        /// The reference matcher's answer.
        public var reference: ReferenceMatcher.Answer
    }

    /// How many URLs were compared.
    public private(set) var compared = 0
    /// How many of them were decided differently.
    public private(set) var disagreementCount = 0
    /// The first disagreements, at most `keep` of them.
    public private(set) var disagreements: [Disagreement] = []
    /// How many disagreements are kept.
    public let keep: Int

    /// An empty comparison that keeps the first `keep` disagreements.
    public init(keep: Int = 10) {
        self.keep = keep
    }

    /// True when every URL compared was decided alike.
    public var agree: Bool { disagreementCount == 0 }

    /// Compares the two answers for the URL at `index`.
    public mutating func compare(
        index: Int, automaton: LinkDecision, reference: ReferenceMatcher.Answer
    ) {
        compared += 1
        guard
            automaton.kind != reference.kind || automaton.appID != reference.appID
                || automaton.ruleRef != reference.ruleRef
        else { return }
        disagreementCount += 1
        if disagreements.count < keep {
            disagreements.append(
                Disagreement(index: index, automaton: automaton, reference: reference))
        }
    }
}
