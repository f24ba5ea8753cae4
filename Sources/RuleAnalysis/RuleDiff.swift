import AASAModel
import LinkMatcher

/// The static diff of two AASA files (either may be missing: no file decides nothing): the
/// rules added, removed, moved and changed (`RuleAlignment`), each with concrete URLs that
/// the two files decide differently, found by deciding candidate URLs with both compiled rule
/// sets. A change none of whose candidates is decided differently gets no witness: it may
/// change nothing (a move past rules it never meets), or only URLs the candidates miss.
public struct RuleDiff: Sendable {
    /// One side's answer for a witness URL.
    public struct Verdict: Sendable, Equatable {
        public var kind: Decision.Kind
        /// The app that opens the URL (handled only).
        public var app: String?
        /// Reference of the deciding rule (handled and excluded).
        public var rule: String?
    }

    /// A URL the two files decide differently: another kind of decision, or another app.
    public struct Witness: Sendable, Equatable {
        /// A request target, `/path?query#fragment`, percent-encoded where a URL must be.
        public var url: String
        public var old: Verdict
        public var new: Verdict
    }

    public struct Change: Sendable {
        /// Never `unchanged`.
        public var kind: RuleAlignment.Kind
        /// Index into `oldRules` / `newRules`.
        public var old: Int?
        public var new: Int?
        public var witnesses: [Witness]
        /// Custom variables the rule names whose values differ between the files (what
        /// changed when the pattern text did not).
        public var changedVariables: [String] = []
    }

    public let oldRules: [ResolvedRule]
    public let newRules: [ResolvedRule]
    public let alignment: RuleAlignment
    /// Every rule that is not unchanged, in the new file's order.
    public let changes: [Change]

    /// Compares the files; `witnessLimit` bounds the URLs kept per change.
    public init(old: AASADocument?, new: AASADocument?, witnessLimit: Int = 3) {
        let oldSet = old.map { CompiledRuleSet($0) } ?? CompiledRuleSet(rules: [])
        let newSet = new.map { CompiledRuleSet($0) } ?? CompiledRuleSet(rules: [])
        oldRules = oldSet.rules
        newRules = newSet.rules
        let alignment = RuleAlignment(
            old: oldRules, new: newRules, oldVariables: RuleIdentity.variables(of: old),
            newVariables: RuleIdentity.variables(of: new))
        self.alignment = alignment
        let judge = WitnessJudge(old: oldSet, new: newSet)
        let oldCandidates = WitnessCandidates(old)
        let newCandidates = WitnessCandidates(new)
        let common = alignment.pairs.filter { $0.old != nil && $0.new != nil }
        changes = alignment.pairs.filter { $0.kind != .unchanged }.map { pair in
            // The new rule's URLs and the old rule's in turn, so that a changed rule shows
            // what it starts and what it stops deciding.
            let fromNew = pair.new.map { newCandidates.targets(for: newSet.rules[$0]) } ?? []
            let fromOld = pair.old.map { oldCandidates.targets(for: oldSet.rules[$0]) } ?? []
            var targets: [String] = []
            for index in 0..<max(fromNew.count, fromOld.count) {
                if index < fromNew.count { targets.append(fromNew[index]) }
                if index < fromOld.count { targets.append(fromOld[index]) }
            }
            if pair.kind == .moved, let oldIndex = pair.old, let newIndex = pair.new {
                // A move changes URLs that the rules it passed also match: try theirs.
                let passed = common.filter { other in
                    guard let otherOld = other.old, let otherNew = other.new else { return false }
                    return (otherOld < oldIndex) != (otherNew < newIndex)
                }
                for other in passed.sorted(by: {
                    abs(($0.old ?? 0) - oldIndex) < abs(($1.old ?? 0) - oldIndex)
                }).prefix(64) {
                    if let index = other.new {
                        targets += newCandidates.targets(for: newSet.rules[index])
                    }
                }
            }
            var changedVariables: [String] = []
            if let oldIndex = pair.old, let newIndex = pair.new {
                let names = Set(
                    RuleIdentity.variableNames(in: oldSet.rules[oldIndex])
                        + RuleIdentity.variableNames(in: newSet.rules[newIndex]))
                changedVariables = names.sorted().filter {
                    oldCandidates.variables[$0] != newCandidates.variables[$0]
                }
            }
            return Change(
                kind: pair.kind, old: pair.old, new: pair.new,
                witnesses: judge.witnesses(among: targets, limit: witnessLimit),
                changedVariables: changedVariables)
        }
    }

    /// How many changes of each kind.
    public func count(_ kind: RuleAlignment.Kind) -> Int {
        changes.filter { $0.kind == kind }.count
    }
}

/// Decides candidate URLs with both compiled rule sets and keeps the ones they disagree on.
struct WitnessJudge {
    let old: CompiledRuleSet
    let new: CompiledRuleSet
    let oldScratch: MatchScratch
    let newScratch: MatchScratch

    init(old: CompiledRuleSet, new: CompiledRuleSet) {
        self.old = old
        self.new = new
        oldScratch = old.makeScratch()
        newScratch = new.makeScratch()
    }

    func witnesses(among targets: [String], limit: Int) -> [RuleDiff.Witness] {
        var seen = Set<String>()
        var found: [RuleDiff.Witness] = []
        for target in targets where found.count < limit && seen.insert(target).inserted {
            let before = Self.verdict(old, oldScratch, target)
            let after = Self.verdict(new, newScratch, target)
            if before.kind != after.kind || before.app != after.app {
                found.append(RuleDiff.Witness(url: target, old: before, new: after))
            }
        }
        return found
    }

    static func verdict(_ rules: CompiledRuleSet, _ scratch: MatchScratch, _ target: String)
        -> RuleDiff.Verdict
    {
        let decision = Array(target.utf8).withUnsafeBufferPointer {
            rules.decide($0, scratch: scratch)
        }
        return RuleDiff.Verdict(
            kind: decision.kind,
            app: decision.kind == .handled ? rules.apps[Int(decision.app)] : nil,
            rule: decision.rule >= 0 ? rules.rules[Int(decision.rule)].ref : nil)
    }
}
