import ASCIIBytes

/// One verified host's dynamic rules (A7.4: in order, the first that matches decides), laid out
/// so that a URL is tried only against the rules its path can meet: the literal start of each
/// rule's path pattern (up to its first `*` or `?`) in a trie, walked along the URL's decoded
/// path. Rules every path meets (no path pattern, or one that starts with a wildcard) are kept
/// apart, in order, once for each way a URL may lack a query or a fragment: a rule that reads a
/// part the URL lacks never matches, so it is not tried. The candidates of both are then tried
/// in rule order, so the answer is the loop's.
///
/// A pattern whose literal start is followed by `*` and a literal unit (`/users/*/settings/x`,
/// `*.json`) narrows further: its `*` ends at the first occurrence of that unit after the start
/// (A7.3), so the units after it must begin with the pattern's next literal units. Such rules
/// hang, by their start and that unit (a skip group), from a second trie walked from there, and
/// so on along the pattern while `*` and a literal unit follow (up to `maximumDepth` groups): a
/// path meets one `/users/*/settings/...` rule of twenty, or one `/orgs/*/repos/*/issues` of
/// twelve, not all of them.
///
/// A class: a decision holds it by one reference, not by each of its tables.
final class DynamicRuleIndex: Sendable {
    let rules: [CompiledGroup]
    /// Per rule, whether it opens the app (else it excludes), and its place among the
    /// `dynamic_app_link_components` of statement `statement`: read once a rule decides,
    /// without copying the rule.
    let allows: [Bool]
    let statement: Int
    let componentIndices: [Int]
    /// Rules by the literal units of their path pattern from where a walk starts: from root 0
    /// at the path's start, from each skip group's root past its stop unit. A value names a
    /// rule, by its index or, when its pattern ends with the key, by its index plus the number
    /// of rules (`pathMatchesWhenMet`); a negative value `-1 - g` names skip group `g`.
    private let tries: UnitTrie
    private let groups: [SkipGroup]
    /// Rules every path meets, in order, for each value of a URL's `presentParts` (those that
    /// read only parts it has): `everywhere[everywhereStarts[p]..<everywhereStarts[p + 1]]`,
    /// one array, so that a decision reads it without retaining a list.
    private let everywhere: [Int]
    private let everywhereStarts: [Int]
    /// Per rule, the parts besides the path it reads, as `presentParts` bits, and
    /// `pathMatchesWhenMet`.
    private let reads: [UInt8]
    /// A walk meets a rule at the end of its path pattern's last indexed literal units. When
    /// nothing follows them, or only a final `*`, the walk has done all the pattern's work:
    /// the path matches, and the pattern's program is not run. When nothing follows, only a
    /// path that ends there matches: the walk passes the rule over elsewhere.
    private static let pathMatchesWhenMet: UInt8 = 4
    /// Per rule, the length of the literal start it is indexed by: a path that reached it
    /// starts with those units, so they are not compared again.
    private let knownPath: [Int]
    /// Per rule, the number in `parameterLiterals` of a parameter it needs word for word, or
    /// -1: a URL without that parameter cannot match it, so it is not tried.
    private let requiredParameter: [Int32]
    private let parameterLiterals: ParameterLiterals

    /// The rules whose pattern, past the units a walk matched (`keyCount` of them), goes on
    /// with `*` and then `stop`: by their units after `stop`, under root `next` of `tries`.
    private struct SkipGroup: Sendable {
        let keyCount: Int
        let stop: UInt16
        let next: Int
        /// The units the keys under `next` start with, or nil when one of them is empty or
        /// starts outside ASCII: a path whose unit after the stop is none of them meets no
        /// rule there, so that trie is not walked (most paths that find a group's stop end
        /// there).
        var firstUnits: ASCIISet?
        /// When every key under `next` ends its rule's pattern (`*.json`, `*.pdf`), the units
        /// they end with: only a path that ends with one of them can match, so the stop is
        /// not searched for in the others (most paths have no `.`, and the search reads them
        /// whole). Nil otherwise.
        var lastUnits: ASCIISet?

        /// Whether a walk from `start`, past the stop, can meet a rule under `next`.
        @inline(__always)
        func mayMeetRules<Unit: TextUnit>(_ path: UnsafeBufferPointer<Unit>, from start: Int)
            -> Bool
        {
            guard let firstUnits else { return true }
            return start < path.count && firstUnits.contains(UInt32(path[start].wide))
        }

        /// Whether `path` can end as a key under `next` ends.
        @inline(__always)
        func mayEnd<Unit: TextUnit>(_ path: UnsafeBufferPointer<Unit>) -> Bool {
            guard let lastUnits else { return true }
            return !path.isEmpty && lastUnits.contains(UInt32(path[path.count &- 1].wide))
        }
    }

    private struct GroupKey: Hashable {
        let trie: Int
        let units: [UInt16]
        let stop: UInt16
    }

    /// How many skip groups a path follows at most, one after another: a pattern with more
    /// `*`s is indexed by its first ones (its program checks the rest), and the walk's
    /// recursion stays shallow whatever the file says.
    static let maximumDepth = 8

    init(_ rules: [CompiledGroup], patterns: [String?], statement: Int, componentIndices: [Int]) {
        self.rules = rules
        allows = rules.map(\.allow)
        self.statement = statement
        self.componentIndices = componentIndices
        var everywhere: [Int] = []
        var knownPath: [Int] = []
        var pathMatches = [UInt8](repeating: 0, count: rules.count)
        var trieKeys: [[(key: [UInt16], value: Int)]] = [[]]
        var groups: [SkipGroup] = []
        // A skip group by its trie, key and stop unit; made as rules first need it, so the
        // same rules always build the same index.
        var groupIndex: [GroupKey: Int] = [:]
        for (index, pattern) in patterns.enumerated() {
            guard let pattern else {
                everywhere.append(index)
                knownPath.append(0)
                continue
            }
            let units = Array(pattern.utf16)
            knownPath.append(Self.literalRun(units, from: 0).count)
            var (trie, position, depth) = (0, 0, 0)
            while true {
                let run = Self.literalRun(units, from: position)
                let end = position + run.count
                guard depth < Self.maximumDepth, end + 1 < units.count, units[end] == Self.star,
                    !Self.isWildcard(units[end + 1])
                else {
                    if trie == 0 && run.isEmpty {
                        everywhere.append(index)
                    } else {
                        let rest = units[end...]
                        if rest.isEmpty || rest.elementsEqual([Self.star]) {
                            pathMatches[index] = Self.pathMatchesWhenMet
                        }
                        trieKeys[trie].append((run, rest.isEmpty ? rules.count + index : index))
                    }
                    break
                }
                let key = GroupKey(trie: trie, units: run, stop: units[end + 1])
                let group: Int
                if let known = groupIndex[key] {
                    group = known
                } else {
                    group = groups.count
                    groupIndex[key] = group
                    groups.append(
                        SkipGroup(
                            keyCount: run.count, stop: key.stop, next: trieKeys.count,
                            firstUnits: nil, lastUnits: nil))
                    trieKeys.append([])
                    trieKeys[trie].append((run, -1 - group))
                }
                (trie, position, depth) = (groups[group].next, end + 2, depth + 1)
            }
        }
        self.knownPath = knownPath
        tries = UnitTrie(rootedKeys: trieKeys)
        for index in groups.indices {
            let keys = trieKeys[groups[index].next]
            groups[index].firstUnits = ASCIISet(units: keys.map { $0.key.first })
            // A value of `rules.count` or more: a pattern that ends with its key.
            if keys.allSatisfy({ $0.value >= rules.count }) {
                groups[index].lastUnits = ASCIISet(units: keys.map { $0.key.last })
            }
        }
        self.groups = groups
        let reads = rules.map(Self.partsRead)
        self.reads = zip(reads, pathMatches).map { $0 | $1 }
        let (literals, numbers) = ParameterLiterals.make(rules.map(Self.requiredLiteral))
        requiredParameter = numbers.map { Int32($0) }
        parameterLiterals = literals
        var lists: [Int] = []
        var starts = [0]
        for present in 0..<4 {
            lists += everywhere.filter { reads[$0] & ~UInt8(present) == 0 }
            starts.append(lists.count)
        }
        self.everywhere = lists
        everywhereStarts = starts
    }

    /// A URL's parts besides its path, as bits: 1 its query, 2 its fragment.
    private static func presentParts(_ url: URLUnits) -> UInt8 {
        (url.query == nil ? 0 : 1) | (url.fragment == nil ? 0 : 2)
    }

    /// The parts besides the path that `rule` reads, as `presentParts` bits.
    private static func partsRead(_ rule: CompiledGroup) -> UInt8 {
        rule.matchers.reduce(0) { parts, matcher in
            switch matcher.part {
            case .path: parts
            case .query: parts | 1
            case .fragment: parts | 2
            }
        }
    }

    /// The units of a parameter `rule` needs word for word: its first query matcher without
    /// wildcards (all of a rule's matchers must match).
    private static func requiredLiteral(_ rule: CompiledGroup) -> [UInt16]? {
        for matcher in rule.matchers where matcher.part == .query {
            if case .literal(let units) = matcher.program.form { return units }
        }
        return nil
    }

    var isEmpty: Bool { rules.isEmpty }

    /// The index of the first rule that matches, or nil.
    func firstMatch<Unit: TextUnit>(
        _ url: URLUnits, _ units: UnsafeBufferPointer<Unit>, _ scratch: AndroidMatchScratch
    ) -> Int? {
        let parameters = scratch.parameters
        let path = UnsafeBufferPointer(rebasing: units[url.path])
        let present = Self.presentParts(url)
        // The bit of `pathMatchesWhenMet` keeps no rule out.
        let admitted = present | Self.pathMatchesWhenMet
        // Each rule is met at most once (its key ends at one node): there is room for all.
        let candidates = scratch.candidates
        var count = 0
        withUnsafeMutablePointer(to: &count) { count in
            reads.withUnsafeBufferPointer { reads in
                groups.withUnsafeBufferPointer { groups in
                    let walk = Walk(reads, groups, admitted)
                    collect(from: 0, root: 0, path, walk, candidates, count)
                }
            }
        }
        // Few candidates are sorted; many are taken smallest first from a heap, only as far
        // as the first match (sorting them all took over a third of Android's cost on the
        // real mix, whose paths meet dozens of rules). They are tried merged, in rule order,
        // with the rules every path meets.
        var met = UnsafeMutableBufferPointer(rebasing: candidates[0..<count])
        // Rules met at one node come in order: many candidates often need no heap at all.
        let isHeap = count > 16 && !Self.isAscending(met)
        if isHeap { Self.makeHeap(&met) } else if count > 1 { Self.sortSmall(&met) }
        let everywhereStart = everywhereStarts[Int(present)]
        let everywhereEnd = everywhereStarts[Int(present) + 1]
        // Most paths of a small file meet no rule: no need to set up the search.
        guard count > 0 || everywhereStart < everywhereEnd else { return nil }
        return rules.withUnsafeBufferPointer { rules in
            knownPath.withUnsafeBufferPointer { knownPath in
                everywhere.withUnsafeBufferPointer { everywhere in
                    var nextEverywhere = everywhereStart
                    var taken = 0
                    // The stamp of the URL's literal parameters, once a rule needs one.
                    var stamp: UInt32 = 0
                    while true {
                        // The smaller of the next candidate met and the next everywhere rule.
                        let metRule =
                            taken == count ? .max : isHeap ? met[0] : met[taken]
                        let rule: Int
                        if nextEverywhere < everywhereEnd, everywhere[nextEverywhere] < metRule {
                            rule = everywhere[nextEverywhere]
                            nextEverywhere += 1
                        } else if metRule != .max {
                            rule = metRule
                            if isHeap { _ = Self.popSmallest(&met, count: count - taken) }
                            taken += 1
                        } else {
                            return nil
                        }
                        // A rule of the path alone that the walk found matching decides
                        // without a look at it (its tables are far apart in memory).
                        if reads[rule] == Self.pathMatchesWhenMet { return rule }
                        let required = Int(requiredParameter[rule])
                        if required >= 0 {
                            if stamp == 0 { stamp = markLiterals(url, units, scratch) }
                            guard scratch.parameterStamps[required] == stamp else { continue }
                        }
                        if rules[rule].matches(
                            url, units, parameters: parameters, knownPath: knownPath[rule],
                            pathMatches: reads[rule] & Self.pathMatchesWhenMet != 0)
                        {
                            return rule
                        }
                    }
                }
            }
        }
    }

    /// Stamps, with a new stamp, the literals of `parameterLiterals` that are among the URL's
    /// parameters; returns the stamp.
    private func markLiterals<Unit: TextUnit>(
        _ url: URLUnits, _ units: UnsafeBufferPointer<Unit>, _ scratch: AndroidMatchScratch
    ) -> UInt32 {
        let stamp = scratch.newParameterStamp()
        // The parameters are those of the last URL with a query.
        guard url.query != nil else { return stamp }
        for parameter in scratch.parameters {
            let text = UnsafeBufferPointer(rebasing: units[parameter])
            let number = parameterLiterals.number(of: text)
            if number >= 0 { scratch.parameterStamps[number] = stamp }
        }
        return stamp
    }

    /// What a path's walk through the tries reads.
    private struct Walk {
        let reads: UnsafeBufferPointer<UInt8>
        let groups: UnsafeBufferPointer<SkipGroup>
        let present: UInt8

        init(
            _ reads: UnsafeBufferPointer<UInt8>, _ groups: UnsafeBufferPointer<SkipGroup>,
            _ present: UInt8
        ) {
            (self.reads, self.groups, self.present) = (reads, groups, present)
        }
    }

    /// Adds to `candidates` the rules under `root` (and the skip groups it leads to) that the
    /// path from `start` meets, but those that read a part the URL lacks and those whose
    /// path pattern is known not to match.
    private func collect<Unit: TextUnit>(
        from start: Int, root: Int, _ path: UnsafeBufferPointer<Unit>, _ walk: Walk,
        _ candidates: UnsafeMutableBufferPointer<Int>, _ count: UnsafeMutablePointer<Int>
    ) {
        let text = UnsafeBufferPointer(rebasing: path[start...])
        tries.walkWithLengths(text, from: root) { value, keyLength in
            guard value < 0 else {
                var rule = value
                if rule >= walk.reads.count {
                    guard keyLength == text.count else { return }
                    rule &-= walk.reads.count
                }
                candidates[count.pointee] = rule
                count.pointee &+= walk.reads[rule] & ~walk.present == 0 ? 1 : 0
                return
            }
            let group = walk.groups[-1 - value]
            guard group.mayEnd(path) else { return }
            // Often the stop comes right after the key (`*/amp` on any path): no search.
            let from = start &+ group.keyCount
            guard
                let stop = from < path.count && path[from].wide == group.stop
                    ? from : path.firstIndex(of: group.stop, from: from),
                group.mayMeetRules(path, from: stop &+ 1)
            else { return }
            collect(from: stop &+ 1, root: group.next, path, walk, candidates, count)
        }
    }

    /// Sorts a URL's few candidates, most already in order (an insertion sort: cheaper than the
    /// general sort for a handful).
    private static func sortSmall(_ values: inout UnsafeMutableBufferPointer<Int>) {
        for index in 1..<values.count {
            let value = values[index]
            var slot = index
            while slot > 0, values[slot - 1] > value {
                values[slot] = values[slot - 1]
                slot -= 1
            }
            values[slot] = value
        }
    }

    /// Whether `values` are in ascending order.
    private static func isAscending(_ values: UnsafeMutableBufferPointer<Int>) -> Bool {
        var index = 1
        while index < values.count {
            guard values[index - 1] <= values[index] else { return false }
            index &+= 1
        }
        return true
    }

    /// Orders many candidates as a heap whose first value is the smallest, in place: a
    /// decision allocates nothing.
    private static func makeHeap(_ values: inout UnsafeMutableBufferPointer<Int>) {
        for root in stride(from: values.count / 2 - 1, through: 0, by: -1) {
            siftDown(&values, root, values.count)
        }
    }

    /// The smallest value of the heap of the first `count` values, which then leaves it.
    @inline(__always)
    private static func popSmallest(_ values: inout UnsafeMutableBufferPointer<Int>, count: Int)
        -> Int
    {
        let smallest = values[0]
        values[0] = values[count - 1]
        siftDown(&values, 0, count - 1)
        return smallest
    }

    /// Sifts the value at `root` down the heap of the first `end` values.
    private static func siftDown(
        _ values: inout UnsafeMutableBufferPointer<Int>, _ root: Int, _ end: Int
    ) {
        var parent = root
        while true {
            var smallest = parent
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            if left < end, values[left] < values[smallest] { smallest = left }
            if right < end, values[right] < values[smallest] { smallest = right }
            if smallest == parent { return }
            values.swapAt(parent, smallest)
            parent = smallest
        }
    }

    private static let star = UInt16(UInt8(ascii: "*"))

    private static func isWildcard(_ unit: UInt16) -> Bool {
        unit == star || unit == UInt16(UInt8(ascii: "?"))
    }

    /// The units of `pattern` from `start` before its next wildcard (`*`, `?`): they are
    /// compared one for one (every path the pattern matches has them there).
    private static func literalRun(_ pattern: [UInt16], from start: Int) -> [UInt16] {
        Array(pattern[start...].prefix { !isWildcard($0) })
    }
}
