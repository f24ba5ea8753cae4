import LinkMatcher
import Testing

/// The agreement check of `bench` on two hand-made lists of answers: it must see a
/// difference in kind, app or rule, and keep only the first disagreements.
struct MatcherAgreementTests {
    static let handled = LinkDecision(
        kind: .handled, appID: "T.a", ruleRef: "details[0].components[1]", ruleIndex: 1)
    static let handledAnswer = ReferenceMatcher.Answer(
        kind: .handled, ruleRef: "details[0].components[1]", appID: "T.a")

    @Test func sameAnswersAgree() {
        var agreement = MatcherAgreement()
        agreement.compare(index: 0, automaton: Self.handled, reference: Self.handledAnswer)
        agreement.compare(
            index: 1,
            automaton: LinkDecision(kind: .unmatched, appID: nil, ruleRef: nil, ruleIndex: nil),
            reference: ReferenceMatcher.Answer(kind: .unmatched, ruleRef: nil, appID: nil))
        #expect(agreement.agree)
        #expect(agreement.compared == 2)
        #expect(agreement.disagreements.isEmpty)
    }

    @Test(arguments: [
        ReferenceMatcher.Answer(kind: .excluded, ruleRef: "details[0].components[1]", appID: nil),
        ReferenceMatcher.Answer(kind: .handled, ruleRef: "details[0].components[1]", appID: "T.b"),
        ReferenceMatcher.Answer(kind: .handled, ruleRef: "details[0].components[2]", appID: "T.a"),
        ReferenceMatcher.Answer(kind: .unmatched, ruleRef: nil, appID: nil),
    ])
    func anyDifferenceIsADisagreement(reference: ReferenceMatcher.Answer) {
        var agreement = MatcherAgreement()
        agreement.compare(index: 0, automaton: Self.handled, reference: Self.handledAnswer)
        agreement.compare(index: 1, automaton: Self.handled, reference: reference)
        #expect(!agreement.agree)
        #expect(agreement.disagreementCount == 1)
        #expect(agreement.disagreements.map(\.index) == [1])
        #expect(agreement.disagreements.first?.reference == reference)
    }

    @Test func keepsOnlyTheFirst() {
        var agreement = MatcherAgreement(keep: 2)
        let other = ReferenceMatcher.Answer(kind: .unmatched, ruleRef: nil, appID: nil)
        for index in 0..<5 {
            agreement.compare(index: index, automaton: Self.handled, reference: other)
        }
        #expect(agreement.disagreementCount == 5)
        #expect(agreement.disagreements.map(\.index) == [0, 1])
    }
}
