import AASAModel
import LinkMatcher

/// Every way two files decide a URL differently, found on their compiled patterns rather than
/// on a sample of traffic: the URL space is cut into cells that both files decide alike within
/// (`URLCells`: the path, query and fragment texts the rules of either file tell apart), one URL
/// of each cell is decided by both compiled rule sets, and the changes are grouped by class:
/// unmatched → handled, handled → excluded, handled by one app → handled by another, and so on.
/// Each class comes with witness URLs and the rules that decide them on each side.
///
/// Exact when `complete`: then every URL whose decision changes falls in a class listed. Where
/// the cells are not exact (`notes`: a rule that decodes percent escapes, queries read both
/// whole and item by item, a budget reached), the classes found are still real (each has its
/// witnesses) but others may exist.
public struct DecisionDiff: Sendable {
    /// One class of change, with its witnesses.
    public struct Transition: Sendable {
        public var from: Decision.Kind
        public var to: Decision.Kind
        /// For handled → handled: the app that opened the URLs and the app that opens them now.
        public var fromApp: String?
        public var toApp: String?
        /// Request targets of the class, decided as `old` and `new` say (at most the limit
        /// given, the shortest first, one per pair of deciding rules before any repeat).
        public var witnesses: [RuleDiff.Witness]
        /// References of the rules that decide the class's URLs, on each side, in order of
        /// first appearance (none for unmatched).
        public var oldRules: [String]
        public var newRules: [String]
        /// How many cells of the URL space fall in the class.
        public var cells: Int
        /// True when every URL of the class carries a fragment: a server log, which never
        /// holds one, cannot show the change.
        public var needsFragment: Bool
        /// The part of the class that its URLs' fragments make: the same URLs without it
        /// change otherwise (or not at all), so a server log, which holds no fragment, cannot
        /// show it. Nil when there is none.
        public var fragmentOnly: FragmentPart?
    }

    /// The URLs of a class whose change their fragment makes.
    public struct FragmentPart: Sendable {
        public var witnesses: [RuleDiff.Witness]
        public var oldRules: [String]
        public var newRules: [String]
        public var cells: Int
    }

    /// The classes, in a fixed order: gains (unmatched → handled, excluded → handled), losses
    /// (handled → unmatched, handled → excluded), the exclusion changes, then app changes.
    public let transitions: [Transition]
    /// True when the cells cover every URL exactly: no other class exists.
    public let complete: Bool
    /// Why the search is not exact, one sentence each; empty when `complete`.
    public let notes: [String]
    /// URLs decided (cells, plus samples where the cells are not exact).
    public let urlsDecided: Int

    /// Compares two compiled rule sets; `witnesses` bounds the URLs kept per class.
    /// `samples` are more request targets to decide where the cells are not exact.
    public init(
        old: CompiledRuleSet, new: CompiledRuleSet, witnesses limit: Int = 3,
        samples: () -> [String] = { [] }
    ) {
        let cells = URLCells([
            (old.rules, old.patternParser), (new.rules, new.patternParser),
        ])
        let (combinations, allCombined) = cells.combinations()
        var notes = cells.notes
        if !allCombined {
            notes.append(
                "the cells of path, query and fragment combine into more URLs than the limit "
                    + "(\(URLCells.combinationLimit)); the plainest combinations were decided")
        }
        let oldScratch = old.makeScratch()
        let newScratch = new.makeScratch()
        var classes: [Key: Found] = [:]
        var fragmentClasses: [Key: Found] = [:]
        var decided = 0
        /// The class of a change, or nil for none.
        func decide(_ target: String) -> (Key, RuleDiff.Witness)? {
            decided += 1
            let before = WitnessJudge.verdict(old, oldScratch, target)
            let after = WitnessJudge.verdict(new, newScratch, target)
            guard before.kind != after.kind || before.app != after.app else { return nil }
            let key = Key(
                from: before.kind, to: after.kind,
                fromApp: before.kind == after.kind ? before.app : nil,
                toApp: before.kind == after.kind ? after.app : nil)
            return (key, RuleDiff.Witness(url: target, old: before, new: after))
        }
        // The same path and query without a fragment (the empty fragment's cell), as a log
        // has it: a change it lacks is one only the fragment makes.
        var withoutFragment: [Int: Key?] = [:]
        let queryCount = cells.queries.count
        for cell in combinations {
            let fragmentless = cells.fragments.cells[cell.fragment].text.isEmpty
            let found = decide(
                cells.target(path: cell.path, query: cell.query, fragment: cell.fragment))
            let plain = cell.path * queryCount + cell.query
            if fragmentless { withoutFragment[plain] = .some(found?.0) }
            guard let (key, witness) = found else { continue }
            classes[key, default: Found()].add(witness, fragmentless: fragmentless)
            if !fragmentless, let baseline = withoutFragment[plain], baseline != key {
                fragmentClasses[key, default: Found()].add(witness, fragmentless: false)
            }
        }
        let complete = cells.complete && allCombined
        if !complete {
            for sample in Set(samples()).sorted() {
                if let (key, witness) = decide(sample) {
                    classes[key, default: Found()].add(
                        witness, fragmentless: !sample.contains("#"))
                }
            }
        }
        self.complete = complete
        self.notes = notes
        urlsDecided = decided
        transitions = classes.sorted { $0.key < $1.key }.map { key, found in
            Transition(
                from: key.from, to: key.to, fromApp: key.fromApp, toApp: key.toApp,
                witnesses: found.witnesses(limit), oldRules: found.oldRules,
                newRules: found.newRules, cells: found.count,
                needsFragment: !found.fragmentless,
                fragmentOnly: fragmentClasses[key].map { part in
                    FragmentPart(
                        witnesses: part.witnesses(limit), oldRules: part.oldRules,
                        newRules: part.newRules, cells: part.count)
                })
        }
    }

    /// Compares two files (either may be missing: no file decides nothing).
    public init(old: AASADocument?, new: AASADocument?, witnesses limit: Int = 3) {
        let oldSet = old.map { CompiledRuleSet($0) } ?? CompiledRuleSet(rules: [])
        let newSet = new.map { CompiledRuleSet($0) } ?? CompiledRuleSet(rules: [])
        // Where the cells are not exact, each rule's own URLs are decided too, with their
        // escapes in either hex case.
        self.init(old: oldSet, new: newSet, witnesses: limit) {
            var samples: [String] = []
            for (document, set) in [(old, oldSet), (new, newSet)] {
                let candidates = WitnessCandidates(document)
                for rule in set.rules {
                    for target in candidates.targets(for: rule) {
                        samples.append(target)
                        let lowered = Self.lowerCasingEscapes(target)
                        if lowered != target { samples.append(lowered) }
                    }
                }
            }
            return samples
        }
    }

    /// The text with the hex digits of its `%XX` escapes in lower case.
    static func lowerCasingEscapes(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                for offset in 1...2 where (0x41...0x46).contains(bytes[index + offset]) {
                    bytes[index + offset] += 0x20
                }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A class: the kinds of decision before and after, and the apps of an app change.
    private struct Key: Hashable, Comparable {
        var from: Decision.Kind
        var to: Decision.Kind
        var fromApp: String?
        var toApp: String?

        /// Gains, losses, exclusion changes, app changes.
        private var rank: Int {
            switch (from, to) {
            case (.unmatched, .handled): 0
            case (.excluded, .handled): 1
            case (.handled, .unmatched): 2
            case (.handled, .excluded): 3
            case (.unmatched, .excluded): 4
            case (.excluded, .unmatched): 5
            default: 6
            }
        }

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.rank, lhs.fromApp ?? "", lhs.toApp ?? "")
                < (rhs.rank, rhs.fromApp ?? "", rhs.toApp ?? "")
        }
    }

    /// What was found of one class so far.
    private struct Found {
        var count = 0
        var fragmentless = false
        /// The shortest witness of each pair of deciding rules, in order of first appearance.
        var byRules: [String: Int] = [:]
        var shortest: [RuleDiff.Witness] = []
        var oldRules: [String] = []
        var newRules: [String] = []

        mutating func add(_ witness: RuleDiff.Witness, fragmentless: Bool) {
            count += 1
            self.fragmentless = self.fragmentless || fragmentless
            if let rule = witness.old.rule, !oldRules.contains(rule) { oldRules.append(rule) }
            if let rule = witness.new.rule, !newRules.contains(rule) { newRules.append(rule) }
            let pair = (witness.old.rule ?? "-") + "\n" + (witness.new.rule ?? "-")
            if let at = byRules[pair] {
                if witness.url.utf8.count < shortest[at].url.utf8.count { shortest[at] = witness }
            } else {
                byRules[pair] = shortest.count
                shortest.append(witness)
            }
        }

        /// Up to `limit` witnesses: one per pair of deciding rules, shortest URLs first.
        func witnesses(_ limit: Int) -> [RuleDiff.Witness] {
            Array(
                shortest.enumerated().sorted {
                    ($0.element.url.utf8.count, $0.offset) < ($1.element.url.utf8.count, $1.offset)
                }.prefix(limit).map(\.element))
        }
    }
}
