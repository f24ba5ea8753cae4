import AASAModel

/// The rules of one AASA file, compiled once, deciding URLs without pointers in the caller's
/// code: the safe entry to `CompiledRuleSet`.
///
/// A value is `Sendable`: share one between tasks and threads. Each call borrows a
/// `MatchScratch` from a pool inside, so concurrent calls never share one and the automaton
/// states that one call built serve the next. The per-line fast path of a scanner stays
/// `CompiledRuleSet.decide(_:scratch:)` with a scratch per thread.
public struct AppLinkRules: Sendable {
    /// The compiled automaton, for the fast path.
    public let compiled: CompiledRuleSet
    let scratches = ScratchPool()

    /// Compiles the rules of a parsed document; throws `tooLarge` when they compile to more
    /// automaton than one rule set may take.
    public init(_ document: AASADocument) throws(AppLinkRulesError) {
        try self.init(compiled: CompiledRuleSet(document))
    }

    /// Wraps a set compiled elsewhere; throws `tooLarge` when it went over its budget.
    public init(compiled: CompiledRuleSet) throws(AppLinkRulesError) {
        if let exceeded = compiled.budgetExceeded { throw AppLinkRulesError(exceeded) }
        self.compiled = compiled
    }

    /// Every rule in evaluation order, with its defaults applied.
    public var rules: [ResolvedRule] { compiled.rules }

    /// Every app ID the file names, in order of first appearance.
    public var appIDs: [String] { compiled.apps }

    /// The overall decision for a URL: absolute (`https://example.com/p?q#f`) or a request
    /// target (`/p?q#f`). The host is not checked: which file applies to which host is the
    /// caller's business (SEMANTICS.md S9).
    public func decide(_ url: String) -> LinkDecision {
        withBytes(url) { decide(bytes: $0) }
    }

    /// `decide(_:)` for a URL given as UTF-8 bytes.
    public func decide(bytes url: some Collection<UInt8>) -> LinkDecision {
        let decision = withContiguous(url) { buffer in
            scratches.withScratch { compiled.decide(buffer, scratch: $0) }
        }
        return named(decision)
    }

    /// Every app's own decision for a URL, in order of first appearance of the app; apps no
    /// rule decides are left out.
    public func decideEachApp(_ url: String) -> [AppLinkDecision] {
        withBytes(url) { decideEachApp(bytes: $0) }
    }

    /// `decideEachApp(_:)` for a URL given as UTF-8 bytes.
    public func decideEachApp(bytes url: some Collection<UInt8>) -> [AppLinkDecision] {
        let decisions = withContiguous(url) { buffer in
            scratches.withScratch { compiled.decidePerApp(buffer, scratch: $0) }
        }
        return decisions.map { decision in
            let rule = Int(decision.rule)
            return AppLinkDecision(
                appID: compiled.apps[Int(decision.app)], kind: decision.kind,
                ruleRef: compiled.rules[rule].ref, ruleIndex: rule)
        }
    }

    /// Names the app and the rule of a decision of `compiled`.
    public func named(_ decision: Decision) -> LinkDecision {
        let rule = decision.rule >= 0 ? Int(decision.rule) : nil
        return LinkDecision(
            kind: decision.kind,
            appID: decision.app >= 0 ? compiled.apps[Int(decision.app)] : nil,
            ruleRef: rule.map { compiled.rules[$0].ref }, ruleIndex: rule)
    }

    func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    func withContiguous<Result>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }
}
