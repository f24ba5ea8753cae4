import AASAModel
import LinkMatcher

/// The matcher's answers for one document, checked against the plain `ReferenceMatcher`: the
/// overall decision, every app's own decision, and the decision `explain` reports. Any
/// disagreement stops the fuzzer with both answers (a finding).
public struct Agreement {
    let document: AASADocument
    let rules: CompiledRuleSet
    let reference: ReferenceMatcher
    let scratch: MatchScratch
    /// `explain` compiles every rule again for each URL: affordable on small documents only.
    let checksExplain: Bool

    public init(_ document: AASADocument, checksExplain: Bool = true) {
        self.checksExplain = checksExplain
        self.document = document
        rules = CompiledRuleSet(document)
        reference = ReferenceMatcher(document)
        scratch = rules.makeScratch()
    }

    public static func ruleCount(of document: AASADocument) -> Int {
        (document.applinks?.details ?? []).reduce(0) {
            $0 + ($1.paths?.count ?? 0) + ($1.components?.count ?? 0)
        }
    }

    public func check(_ url: String) {
        let bytes = Array(url.utf8)
        let decision = bytes.withUnsafeBufferPointer { rules.decide($0, scratch: scratch) }
        let answer = reference.decide(url)
        let expected = "\(answer.kind) \(answer.appID ?? "-") \(answer.ruleRef ?? "-")"
        let actual =
            "\(decision.kind) \(decision.app >= 0 ? rules.apps[Int(decision.app)] : "-") "
            + (decision.rule >= 0 ? rules.rules[Int(decision.rule)].ref : "-")
        if actual != expected {
            fail("decide", url, automaton: "\(actual)", reference: "\(expected)")
        }
        if checksExplain {
            let explained = bytes.withUnsafeBufferPointer { rules.explain($0, scratch: scratch) }
            if explained.decision != decision {
                fail("explain", url, automaton: "\(explained.decision)", reference: "\(decision)")
            }
        }
        let perApp = bytes.withUnsafeBufferPointer { rules.decidePerApp($0, scratch: scratch) }
            .map { "\(rules.apps[Int($0.app)]) \($0.kind) \(rules.rules[Int($0.rule)].ref)" }
        let expectedPerApp = reference.decidePerApp(url).map {
            "\($0.appID) \($0.kind) \($0.ruleRef)"
        }
        if perApp.sorted() != expectedPerApp.sorted() {
            fail("decidePerApp", url, automaton: "\(perApp)", reference: "\(expectedPerApp)")
        }
    }

    private func fail(_ what: String, _ url: String, automaton: String, reference: String) -> Never
    {
        let rules = rules.rules.map { "  \($0.ref) \($0.appIDs) \($0.patternDescription)" }
        preconditionFailure(
            """
            \(what) disagrees with the reference for \(url.debugDescription)
            automaton: \(automaton)
            reference: \(reference)
            rules:
            \(rules.joined(separator: "\n"))
            """)
    }
}
