import AASAModel
import LinkMatcher

/// The rules of an old and a new file set against each other by identity (`RuleIdentity`:
/// apps and effective pattern), not by index:
/// - a rule of both files whose order relative to the other common rules is kept is
///   `unchanged`; the common rules that have to move for the rest to keep their order (the
///   fewest: everything outside a longest increasing run of new positions) are `moved`;
/// - of the rules left over, an old and a new one that sit between the same unchanged
///   neighbours and keep their path pattern, or their apps and first path segment, or are
///   the only ones there, are one rule `changed`;
/// - the rest are `removed` (old only) and `added` (new only).
public struct RuleAlignment: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case unchanged, moved, changed, added, removed
    }

    /// One rule of either file, or one of each; indices into the rule lists compared.
    public struct Pair: Sendable, Equatable {
        public var kind: Kind
        public var old: Int?
        public var new: Int?
    }

    /// Every rule of both files exactly once, in the new file's order, with the old file's
    /// removed rules where they stood.
    public let pairs: [Pair]

    /// Aligns two rule lists; `oldVariables` and `newVariables` are the files' custom
    /// substitution variables (`variables(of:)`), part of what a rule means.
    public init(
        old: [ResolvedRule], new: [ResolvedRule], oldVariables: [String: [String]] = [:],
        newVariables: [String: [String]] = [:]
    ) {
        let oldIDs = old.map { RuleIdentity($0, variables: oldVariables) }
        let newIDs = new.map { RuleIdentity($0, variables: newVariables) }
        // Equal identities pair up in order: the first copy with the first copy.
        var waiting: [RuleIdentity: [Int]] = [:]
        for (index, identity) in newIDs.enumerated() {
            waiting[identity, default: []].append(index)
        }
        var taken: [RuleIdentity: Int] = [:]
        var matched: [(old: Int, new: Int)] = []
        for (index, identity) in oldIDs.enumerated() {
            let next = taken[identity, default: 0]
            guard let candidates = waiting[identity], next < candidates.count else { continue }
            taken[identity] = next + 1
            matched.append((index, candidates[next]))
        }
        let anchored = Self.longestIncreasingRun(matched.map(\.new))
        var pairs: [Pair] = []
        var oldAnchors: [Int] = []
        var newAnchors: [Int] = []
        var oldUsed = Array(repeating: false, count: old.count)
        var newUsed = Array(repeating: false, count: new.count)
        for (position, match) in matched.enumerated() {
            oldUsed[match.old] = true
            newUsed[match.new] = true
            let kind: Kind = anchored.contains(position) ? .unchanged : .moved
            pairs.append(Pair(kind: kind, old: match.old, new: match.new))
            if kind == .unchanged {
                oldAnchors.append(match.old)
                newAnchors.append(match.new)
            }
        }
        // A left-over rule's gap: how many unchanged rules come before it in its own file.
        func gap(_ index: Int, _ anchors: [Int]) -> Int {
            var low = 0
            var high = anchors.count
            while low < high {
                let middle = (low + high) / 2
                if anchors[middle] < index { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var oldByGap: [Int: [Int]] = [:]
        var newByGap: [Int: [Int]] = [:]
        for index in old.indices where !oldUsed[index] {
            oldByGap[gap(index, oldAnchors), default: []].append(index)
        }
        for index in new.indices where !newUsed[index] {
            newByGap[gap(index, newAnchors), default: []].append(index)
        }
        for (slot, oldRules) in oldByGap {
            var newRules = newByGap[slot] ?? []
            func pair(_ same: (RuleIdentity, RuleIdentity) -> Bool) {
                for oldIndex in oldRules where !oldUsed[oldIndex] {
                    guard
                        let at = newRules.firstIndex(where: { same(oldIDs[oldIndex], newIDs[$0]) })
                    else { continue }
                    pairs.append(Pair(kind: .changed, old: oldIndex, new: newRules[at]))
                    oldUsed[oldIndex] = true
                    newUsed[newRules[at]] = true
                    newRules.remove(at: at)
                }
            }
            // The same path; else the same apps and first path segment (`/buy/*` edited to
            // `/buy/?*`); else, when one rule took the place of one other, those two.
            pair { $0.path == $1.path }
            pair { $0.apps == $1.apps && $0.segment != nil && $0.segment == $1.segment }
            let oldLeft = oldRules.filter { !oldUsed[$0] }
            if oldLeft.count == 1, newRules.count == 1 {
                pair { $0.apps == $1.apps }
            }
        }
        for index in old.indices where !oldUsed[index] {
            pairs.append(Pair(kind: .removed, old: index, new: nil))
        }
        for index in new.indices where !newUsed[index] {
            pairs.append(Pair(kind: .added, old: nil, new: index))
        }
        // New order; a removed rule goes where its old unchanged predecessor went.
        func place(_ pair: Pair) -> (Int, Int) {
            if let new = pair.new { return (new, 0) }
            let before = gap(pair.old ?? 0, oldAnchors)
            return (before == 0 ? -1 : newAnchors[before - 1], 1 + (pair.old ?? 0))
        }
        self.pairs = pairs.sorted { place($0) < place($1) }
    }

    /// The custom substitution variables of a file (first definition of a name wins).
    public static func variables(of document: AASADocument?) -> [String: [String]] {
        RuleIdentity.variables(of: document)
    }

    /// Positions (into `values`) of one longest strictly increasing subsequence, found with
    /// patience sorting in O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // position of the smallest tail of a run of each length
        var previous = Array(repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            run.insert(position)
            position = previous[position]
        }
        return run
    }
}
