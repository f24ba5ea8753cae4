import AASAModel
import LinkMatcher

/// Rules that can never decide, proven on the rules' automata (DESIGN.md: rule B never decides
/// when every URL it matches is matched by earlier rules of its entry). Sound by construction:
/// a finding is reported only when it is proven; when a question is out of reach (views that
/// cannot be compared, a state budget spent) nothing is said.
///
/// Most rules never reach a proof: a URL made from the rule's own patterns that the compiled
/// rules say it decides for its entry shows it alive at the cost of a decision or two
/// (`Inclusion.Witnesses`). The rest are proven as follows.
///
/// The work is bounded per rule examined, so a file's analysis grows linearly with its rules:
/// each rule may spend `workPerRule` units, one per earlier rule it is compared with and one
/// per product state its automaton checks visit (plus `LanguageCheck.setupCost` per check). A rule whose questions need more is reported
/// `notProven` (AASA605): it may or may not be dead. Units are counted, not timed, and a
/// question answered from a cache counts what answering it took, so the outcome of each rule
/// is the same on every machine, whatever the other rules examined and the threads used.
/// Rules are compared with the few earlier ones whose literal beginning allows a common path
/// (`PrefixIndex`), in rule order; once more than `unionLimit` could join a covering union,
/// only those that may accept a path of the rule (`SampleIndex`) are asked further, so files
/// of thousands of rules of one shape (`/u/*/itemN/?*`, `*N?*`) finish with every rule's
/// answer.
public enum ShadowAnalysis {
    /// The work one rule's proof may take (see the type's comment): six times what the
    /// costliest rule of the real files and generated profiles takes (under 1,700 units: at
    /// most 439 comparisons, and 1,240 in checks).
    public static let workPerRule = 10_000

    /// The findings of a compiled rule set, in rule order. `checkingExclusions: false` leaves
    /// out exclusions without effect (AASA604), for callers that only mark dead rules.
    ///
    /// `examining` picks the rules to examine (all by default): the others still count as
    /// earlier rules that may cover, and each finding is the one the whole analysis makes for
    /// its rule. A caller that knows some rules decided a request (so none of them can be
    /// proven dead) leaves them out and pays only for the rest. `workPerRule` bounds each
    /// rule's proof (`notProven` past it).
    public static func findings(
        for rules: CompiledRuleSet, checkingExclusions: Bool = true,
        examining: @escaping (Int) -> Bool = { _ in true }, workPerRule: Int = workPerRule
    ) -> [ShadowFinding] {
        var found: [ShadowFinding] = []
        findings(
            for: rules, checkingExclusions: checkingExclusions, examining: examining,
            workPerRule: workPerRule, deliver: { found = $0 })
        return found
    }

    /// `findings(for:checkingExclusions:examining:)`, handed to `deliver` before the analysis
    /// frees the automata it built: a caller on another thread can go on at once (a process
    /// about to exit need not wait for thousands of objects to be freed one by one).
    public static func findings(
        for rules: CompiledRuleSet, checkingExclusions: Bool = true,
        examining: @escaping (Int) -> Bool, workPerRule: Int = workPerRule,
        deliver: ([ShadowFinding]) -> Void
    ) {
        var scan = Inclusion.EntryScan(
            rules, checkingExclusions: checkingExclusions, examining: examining,
            workPerRule: workPerRule, witnessing: true)
        let found = scan.run()
        withExtendedLifetime(scan) { deliver(found) }
    }

    /// `findings(for:checkingExclusions:examining:workPerRule:)` with every examined rule
    /// proven on automata, none refuted by a witness URL first: what the witnesses leave
    /// unchanged, tests hold against it.
    static func findingsByProofAlone(
        for rules: CompiledRuleSet, checkingExclusions: Bool = true,
        examining: @escaping (Int) -> Bool = { _ in true }, workPerRule: Int = workPerRule
    ) -> [ShadowFinding] {
        var scan = Inclusion.EntryScan(
            rules, checkingExclusions: checkingExclusions, examining: examining,
            workPerRule: workPerRule, witnessing: false)
        return scan.run()
    }

    /// The outcomes of `findings(for:checkingExclusions: false, examining:)`, rule by rule, for
    /// a caller that works them out ahead of knowing which rules it needs (a scan's dead-rule
    /// marks, proven while it reads): `wanted` is asked which rules to examine when an entry's
    /// turn comes and again just before each rule's proof (a rule turned down is passed over,
    /// not proven), and each examined rule's outcome goes to `proven` as soon as it is known:
    /// its finding, or nil when there is none. Each is the one the whole analysis makes for
    /// that rule. `proven` returns false to stop there.
    public static func proveOneByOne(
        _ rules: CompiledRuleSet, wanted: @escaping (Int) -> Bool,
        workPerRule: Int = workPerRule, proven: @escaping (Int, ShadowFinding?) -> Bool
    ) {
        var scan = Inclusion.EntryScan(
            rules, checkingExclusions: false, examining: wanted, workPerRule: workPerRule,
            witnessing: true)
        scan.oneByOne = proven
        _ = scan.run()
    }

    /// The findings of a document, in rule order: those of its compiled set, so that lint
    /// and scan say the same of each rule.
    public static func findings(
        for document: AASADocument, checkingExclusions: Bool = true,
        workPerRule: Int = workPerRule
    ) -> [ShadowFinding] {
        findings(
            for: CompiledRuleSet(document), checkingExclusions: checkingExclusions,
            workPerRule: workPerRule)
    }
}

extension Inclusion {
    /// The walk over the entries of one file, rule by rule.
    fileprivate struct EntryScan {
        let rules: [ResolvedRule]
        let languages: RuleLanguages
        let checkingExclusions: Bool
        let examining: (Int) -> Bool
        let workPerRule: Int
        /// URLs that refute a rule's shadowing before any proof; nil when the rules' automaton
        /// was refused (it then does not decide as the file says).
        let witnesses: Witnesses?
        var relations: RuleRelations
        /// With `ShadowAnalysis.proveOneByOne`: where each examined rule's outcome goes, and
        /// whether to go on. `examining` is then asked again before each proof.
        var oneByOne: ((Int, ShadowFinding?) -> Bool)?
        /// Set when `oneByOne` asked to stop.
        private var stopped = false
        /// Per entry, built when a rule first needs it (`SampleIndex`).
        private var sampleIndex: (entry: Int, index: SampleIndex)?
        /// Per app, the rules of entries naming it, in rule order, for AASA604; built when first
        /// needed.
        private var rulesOfApp: [String: [Int]]?

        init(
            _ compiled: CompiledRuleSet, checkingExclusions: Bool,
            examining: @escaping (Int) -> Bool, workPerRule: Int, witnessing: Bool
        ) {
            rules = compiled.rules
            self.workPerRule = workPerRule
            witnesses = witnessing ? Witnesses(compiled) : nil
            self.checkingExclusions = checkingExclusions
            self.examining = examining
            languages = RuleLanguages(rules, parser: compiled.patternParser)
            relations = RuleRelations(languages)
        }

        mutating func run() -> [ShadowFinding] {
            var findings: [ShadowFinding] = []
            var start = 0
            while start < rules.count {
                var end = start
                while end < rules.count && rules[end].entryIndex == rules[start].entryIndex {
                    end += 1
                }
                // The first rule of an entry has no earlier one to be shadowed by: only an
                // exclusion without effect (AASA604) may be said of it. (Most entries of a file
                // of many apps have one rule.)
                let firstExamined = checkingExclusions ? start : start + 1
                // An entry that names no app never decides; lint says so (AASA202, AASA205).
                let analysed = rules[start].appIDs.isEmpty ? end : firstExamined
                // One by one, the rules passed over here have their outcome too: none.
                for rule in start..<analysed where oneByOne != nil && examining(rule) {
                    if !handOver(rule, nil) { break }
                }
                if !stopped, analysed < end, (analysed..<end).contains(where: examining) {
                    findings += analyse(Array(start..<end), examiningFrom: firstExamined)
                }
                if stopped { break }
                start = end
            }
            return findings.sorted { $0.rule < $1.rule }
        }

        /// The findings of one entry's rules (global indices, in order), none examined before
        /// `firstExamined`.
        ///
        /// The languages of rules not examined are built only where an examined rule meets
        /// them. Rules that match no URL are left out of the index by the questions asked of
        /// it, and may stand as the first of their pattern: a rule with the same pattern
        /// matches no URL either, and is passed over.
        private mutating func analyse(_ entry: [Int], examiningFrom firstExamined: Int)
            -> [ShadowFinding]
        {
            let examining: (Int) -> Bool
            if oneByOne != nil {
                // Asked once when the entry's turn comes: the index is built with those
                // answers, whatever `examining` says later.
                let asked = Set(entry.filter { $0 >= firstExamined && self.examining($0) })
                examining = { asked.contains($0) }
            } else {
                let asked = self.examining
                examining = { $0 >= firstExamined && asked($0) }
            }
            // Languages are built only where a question needs them: most examined rules of a
            // large file are refuted by a witness URL (`Witnesses`) before any is.
            let index = PrefixIndex(
                entry.map { ($0, languages.prefix(of: $0), QueryKey.asCover(rules[$0])) })
            var findings: [ShadowFinding] = []
            var catchAll: Int?
            // Only a rule whose path text looks like an examined rule's can be its duplicate:
            // the others are not keyed (keying every rule of a 5,000-rule entry took a fifth
            // of its analysis).
            let examinedLooks = Set(entry.filter(examining).map { Self.look(of: rules[$0].path) })
            var firstWithPattern: [PatternKey: Int] = [:]
            firstWithPattern.reserveCapacity(examinedLooks.count)
            for rule in entry {
                let keyed = examinedLooks.contains(Self.look(of: rules[rule].path))
                let key = keyed ? PatternKey(rules[rule]) : nil
                let first = key.flatMap { firstWithPattern[$0] }
                // One by one, a rule is asked about again just before its proof.
                let examined = examining(rule) && (oneByOne == nil || self.examining(rule))
                let findingsBefore = findings.count
                if !examined {
                    // Not asked about, but still an earlier rule for those that are.
                } else if !(checkingExclusions && rules[rule].exclude),
                    witnesses?.refuteShadowing(rule) == true
                {
                    // A URL it decides for its entry: it matches some URL, and no earlier rule
                    // of the entry (a catch-all, the same pattern, a cover) hides it.
                } else if languages[rule].isEmpty {
                    if !handOver(rule, nil) { return findings }
                    continue
                } else if let catchAll {
                    findings.append(finding(.afterCatchAll, rule, [catchAll]))
                } else if let original = first {
                    findings.append(finding(.duplicate, rule, [original]))
                } else {
                    var work = Work(relations.work, limit: workPerRule)
                    switch covering(rule, entry, index, &work) {
                    case .proven(let covering):
                        findings.append(finding(.shadowed, rule, covering))
                    case .notProven:
                        findings.append(finding(.notProven, rule, []))
                    case .refuted:
                        guard checkingExclusions, rules[rule].exclude else { break }
                        switch exclusionIsWithoutEffect(rule, entry, index, &work) {
                        case .proven: findings.append(finding(.exclusionWithoutEffect, rule, []))
                        case .notProven: findings.append(finding(.notProven, rule, []))
                        case .refuted: break
                        }
                    }
                }
                if examined, !handOver(rule, findings.count > findingsBefore ? findings.last : nil)
                {
                    return findings
                }
                if catchAll == nil, languages.isCatchAll(rule) { catchAll = rule }
                if first == nil, let key { firstWithPattern[key] = rule }
            }
            return findings
        }

        /// Hands an examined rule's outcome to `oneByOne`, if there is one; false once it
        /// asked to stop.
        private mutating func handOver(_ rule: Int, _ finding: ShadowFinding?) -> Bool {
            guard let oneByOne else { return true }
            if !oneByOne(rule, finding) { stopped = true }
            return !stopped
        }

        /// A cheap fingerprint of a path text (its length, first and last bytes, leading `/`
        /// bytes dropped): texts equal once `PatternKey` drops their leading `/`s look alike.
        private static func look(of path: String) -> Int {
            var path = path
            return path.withUTF8 { text in
                var start = 0
                while start < text.count && text[start] == UInt8(ascii: "/") { start += 1 }
                let bytes = text[start...]
                var look = bytes.count
                for byte in bytes.prefix(8) { look = look &* 31 &+ Int(byte) }
                for byte in bytes.suffix(8) { look = look &* 31 &+ Int(byte) }
                return look
            }
        }

        private func finding(_ kind: ShadowFinding.Kind, _ rule: Int, _ covering: [Int])
            -> ShadowFinding
        {
            ShadowFinding(
                kind: kind, rule: rule, ref: rules[rule].ref, coveringRules: covering,
                covering: covering.map { rules[$0].ref })
        }

        /// The rule as its effective pattern (defaults applied, leading `/` dropped) with its
        /// `exclude` flag: two rules with the same key match the same URLs the same way. Texts
        /// are compared exactly (`ExactText`), not as canonically equivalent strings.
        private struct PatternKey: Hashable {
            enum Query: Hashable {
                case whole(ExactText)
                case items([ExactText])
            }

            var path: ExactText
            var query: Query
            var fragment: ExactText
            /// `isLegacyPath`, `exclude`, `caseSensitive` and `percentEncoded`, one bit each.
            var flags: UInt8

            init(_ rule: ResolvedRule) {
                path = ExactText(rule.path.drop { $0 == "/" })
                switch rule.query {
                case .whole(let pattern): query = .whole(ExactText(pattern))
                // Each item's name, then its pattern.
                case .items(let items):
                    query = .items(items.flatMap { [ExactText($0.name), ExactText($0.pattern)] })
                }
                fragment = ExactText(rule.fragment)
                flags =
                    (rule.isLegacyPath ? 1 : 0) | (rule.exclude ? 2 : 0)
                    | (rule.caseSensitive ? 4 : 0) | (rule.percentEncoded ? 8 : 0)
            }
        }

        // MARK: AASA601

        /// Most rules an uncovered rule is compared with as a union; beyond it, nothing is said.
        private static let unionLimit = 64

        /// What a rule's proof has spent: units of `workPerRule`, the comparisons made here
        /// and the product states the relations' checks visited since it began.
        struct Work {
            let relationsAtStart: Int
            let limit: Int
            var comparisons = 0

            init(_ relationsWork: Int, limit: Int) {
                relationsAtStart = relationsWork
                self.limit = limit
            }

            /// The units spent so far.
            func units(_ relations: RuleRelations) -> Int {
                comparisons + relations.work - relationsAtStart
            }

            func spent(_ relations: RuleRelations) -> Bool { units(relations) > limit }

            /// The product states a check may still visit: what is left, within the budget of
            /// one check (a check cut short by it leaves the rule not proven).
            func checkBudget(_ relations: RuleRelations) -> Int {
                min(LanguageCheck.defaultBudget, max(0, limit - units(relations)))
            }
        }

        /// A question's answer within the work budget: proven, refuted (or out of reach, as
        /// before there was a budget), or left open when the budget ran out.
        enum Outcome<Proof> {
            case proven(Proof)
            case refuted
            case notProven
        }

        /// The earlier rules that together decide every URL of `rule`: one if one suffices (the
        /// first such), else a small union; `refuted` when no cover is proven.
        ///
        /// Earlier rules whose literal beginning allows a common path are asked in rule order
        /// (one unit each). Once more than `unionLimit` could join a union, no union is tried, so
        /// only a single cover is sought further, and a single cover accepts the rule's sample
        /// path: the rest are taken from `SampleIndex`, which names those that may.
        private mutating func covering(
            _ rule: Int, _ entry: [Int], _ index: PrefixIndex, _ work: inout Work
        ) -> Outcome<[Int]> {
            let subject = languages[rule]
            var candidates = index.cursor(
                beginning: subject.prefix, queryKeys: QueryKey.asked(by: rules[rule]), from: 0,
                below: rule)
            var longer: [Int] {
                let found = index.rules(
                    extending: subject.prefix, limit: Self.unionLimit,
                    counts: { !languages[$0].isEmpty })
                return (found ?? []).filter { mayMeet($0, rule) }
            }
            var union: [Int] = []
            var visited = 0
            var last = -1
            while let candidate = candidates.next() {
                if work.spent(relations) { return .notProven }
                work.comparisons += 1
                last = candidate
                guard mayMeet(candidate, rule) else { continue }
                visited += 1
                guard relations.coversQueryAndFragment(candidate, rule) else { continue }
                if coversAlone(candidate, rule, work) { return .proven([candidate]) }
                // Large alternations (`$(lang)`) join a union only where they may take the
                // sample.
                if !languages[candidate].pathIsLarge || mayAcceptSample(candidate, rule) {
                    union.append(candidate)
                }
                if union.count > Self.unionLimit { break }
            }
            if union.count > Self.unionLimit {
                return singleCover(rule, entry, after: last, &candidates, &work)
            }
            if work.spent(relations) { return .notProven }
            let extending = longer
            if visited == 0 && extending.count < 2 { return .refuted }
            for other in extending {
                if work.spent(relations) { return .notProven }
                work.comparisons += 1
                if relations.coversQueryAndFragment(other, rule)
                    && (!languages[other].pathIsLarge || mayAcceptSample(other, rule))
                {
                    union.append(other)
                }
            }
            union.sort()
            guard union.count >= 2, union.count <= Self.unionLimit else { return .refuted }
            if work.spent(relations) { return .notProven }
            guard
                relations.pathsCover(union, rule, budget: work.checkBudget(relations)) == .proven
            else { return work.spent(relations) ? .notProven : .refuted }
            // The proof stands; finding its smallest form takes a bounded number of checks.
            return .proven(smallestCover(union, rule))
        }

        /// The first rule after `last` (and before `rule`) that covers `rule` alone, among
        /// those that may accept its sample path; without a sample, among the rest of
        /// `candidates`.
        private mutating func singleCover(
            _ rule: Int, _ entry: [Int], after last: Int, _ candidates: inout PrefixIndex.Cursor,
            _ work: inout Work
        ) -> Outcome<[Int]> {
            guard let sample = relations.foldedSamplePath(rule) else {
                while let candidate = candidates.next() {
                    if work.spent(relations) { return .notProven }
                    work.comparisons += 1
                    guard mayMeet(candidate, rule) else { continue }
                    if relations.coversQueryAndFragment(candidate, rule)
                        && coversAlone(candidate, rule, work)
                    {
                        return .proven([candidate])
                    }
                }
                return work.spent(relations) ? .notProven : .refuted
            }
            if sampleIndex?.entry != entry[0] {
                sampleIndex = (entry[0], SampleIndex(entry) { languages[$0].anchor })
            }
            let prefix = languages[rule].prefix
            guard
                var mayAccept = sampleIndex?.index.rules(
                    mayAccept: sample, after: last, below: rule)
            else { return .refuted }
            var previous = last
            while let candidate = mayAccept.next() {
                guard candidate > previous else { continue }
                previous = candidate
                if work.spent(relations) { return .notProven }
                work.comparisons += 1
                guard prefix.starts(with: languages.prefix(of: candidate)), mayMeet(candidate, rule)
                else { continue }
                if relations.coversQueryAndFragment(candidate, rule)
                    && coversAlone(candidate, rule, work)
                {
                    return .proven([candidate])
                }
            }
            return work.spent(relations) ? .notProven : .refuted
        }

        /// Whether `other` comes before `rule` and may share a path with it: it matches some
        /// URL, and their literal ends agree.
        private func mayMeet(_ other: Int, _ rule: Int) -> Bool {
            other < rule && !languages[other].isEmpty
                && RuleLanguage.compatible(
                    languages[rule].suffix, languages[other].suffix, fromEnd: true)
        }

        /// A cover must accept the subject's sample path; its literal ends tell most that
        /// cannot before their automata are built.
        private mutating func mayAcceptSample(_ other: Int, _ rule: Int) -> Bool {
            relations.foldedSamplePath(rule).map { languages[other].pathMayAccept(folded: $0) }
                ?? true
        }

        /// Whether `candidate`'s path alone covers `rule`'s, within what is left of `work`.
        private mutating func coversAlone(_ candidate: Int, _ rule: Int, _ work: Work) -> Bool {
            samePath(candidate, rule) || prefixStarCovers(candidate, rule)
                || mayAcceptSample(candidate, rule)
                    && relations.pathsCover(
                        [candidate], rule, budget: work.checkBudget(relations)) == .proven
        }

        /// Whether `cover` has the path pattern of `subject` (the same text, leading `/`s
        /// aside, the same decoding and reading), read in the same case or in either case: it
        /// then matches every path the subject matches, with no automaton to build. Folding
        /// maps character to character, so a path the pattern matches as written still
        /// matches it once both are folded. (A rule repeated with another query, `exclude` or
        /// case is common.)
        private func samePath(_ cover: Int, _ subject: Int) -> Bool {
            // Texts of one length first (a cheap test that only ever says no too often).
            readsLike(cover, subject)
                && rules[cover].path.utf8.count == rules[subject].path.utf8.count
                && ExactText(rules[cover].path.drop { $0 == "/" })
                    == ExactText(rules[subject].path.drop { $0 == "/" })
        }

        /// Whether `cover` reads a path as `subject` does (the same decoding and legacy reading)
        /// in the same case or in either case: then a text both patterns hold means at least
        /// as much to the cover.
        private func readsLike(_ cover: Int, _ subject: Int) -> Bool {
            (rules[subject].caseSensitive || !rules[cover].caseSensitive)
                && rules[cover].percentEncoded == rules[subject].percentEncoded
                && rules[cover].isLegacyPath == rules[subject].isLegacyPath
        }

        /// Whether `cover` is a literal and one final `*` (`/blog/2021/*`) that every path of
        /// `subject` begins with, both read alike (or the cover in either case): then it covers
        /// the subject's paths, with no automaton to build. The subject's literal beginning is
        /// taken without its trailing `/`s, which may vanish (S5.4).
        private func prefixStarCovers(_ cover: Int, _ subject: Int) -> Bool {
            let (a, b) = (rules[cover], rules[subject])
            guard readsLike(cover, subject), a.path.utf8.last == UInt8(ascii: "*") else {
                return false
            }
            let literal = Self.literalBeginning(a)
            // The cover's text must be that literal and its star alone.
            guard a.path.unicodeScalars.drop(while: { $0 == "/" }).count == literal.count + 1
            else { return false }
            var beginning = Self.literalBeginning(b)
            while beginning.last == 0x2F { beginning.removeLast() }
            guard beginning.count >= literal.count else { return false }
            let fold = !a.caseSensitive
            return zip(beginning, literal).allSatisfy { byte, expected in
                fold ? CaseFolding.fold(byte) == CaseFolding.fold(expected) : byte == expected
            }
        }

        /// The characters a rule's path text begins with before its first wildcard, variable
        /// or `%` (which a decoding view reads otherwise), leading `/`s dropped.
        private static func literalBeginning(_ rule: ResolvedRule) -> [UInt32] {
            var run: [UInt32] = []
            for scalar in rule.path.unicodeScalars.drop(while: { $0 == "/" }) {
                if scalar == "*" || scalar == "?" || scalar == "%" { break }
                if scalar == "$" && !rule.isLegacyPath { break }
                run.append(scalar.value)
            }
            return run
        }

        /// A short list out of a covering union: the shortest run of it, in rule order, that
        /// still covers, then without the members it can do without.
        private mutating func smallestCover(_ union: [Int], _ rule: Int) -> [Int] {
            var low = 1
            var high = union.count
            while low < high {
                let middle = (low + high) / 2
                if relations.pathsCover(Array(union.prefix(middle)), rule) == .proven {
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            var needed = Array(union.prefix(high))
            guard needed.count <= 12 else { return needed }
            for member in needed.dropLast() {
                let without = needed.filter { $0 != member }
                if relations.pathsCover(without, rule) == .proven { needed = without }
            }
            return needed
        }

        // MARK: AASA604

        /// Whether no rule that could decide after the exclusion `rule` shares a URL with it:
        /// the later rules of its entry, and the rules of later entries naming one of its apps
        /// (its exclusion also keeps those from deciding, SEMANTICS.md S4.5). Each rule asked
        /// costs a unit of the rule's work, and its disjointness checks their states.
        private mutating func exclusionIsWithoutEffect(
            _ rule: Int, _ entry: [Int], _ index: PrefixIndex, _ work: inout Work
        ) -> Outcome<Void> {
            let subject = languages[rule]
            var asked = Set<Int>()
            var outcome = Outcome<Void>.proven(())
            /// Asks whether `other` is disjoint from `rule`; false once the answer is known.
            func ask(_ other: Int) -> Bool {
                guard other > rule, asked.insert(other).inserted, !languages[other].isEmpty
                else { return true }
                if work.spent(relations) {
                    outcome = .notProven
                    return false
                }
                work.comparisons += 1
                if relations.provablyDisjoint(
                    rule, other, budget: work.checkBudget(relations))
                {
                    return true
                }
                if work.spent(relations) {
                    outcome = .notProven
                    return false
                }
                outcome = .refuted
                return false
            }
            var later = index.cursor(
                beginning: subject.prefix, queryKeys: nil, from: rule + 1, below: Int.max)
            while let other = later.next() {
                guard ask(other) else { return outcome }
            }
            var going = true
            index.forEach(extending: subject.prefix) { other in
                going = ask(other)
                return going
            }
            guard going else { return outcome }
            // Prefixes say nothing between views whose decoding differs.
            for other in entry
            where other > rule && rules[other].percentEncoded == subject.decoded
                && (subject.decoded ? languages[other] : subject).pathMayReadPercent
            {
                guard ask(other) else { return outcome }
            }
            if rulesOfApp == nil {
                var byApp: [String: [Int]] = [:]
                for (index, other) in rules.enumerated() {
                    for app in Set(other.appIDs) { byApp[app, default: []].append(index) }
                }
                rulesOfApp = byApp
            }
            // The rules of later entries naming one of its apps, app by app.
            let last = entry.last ?? rule
            for app in Set(rules[rule].appIDs).sorted() {
                let list = rulesOfApp?[app] ?? []
                var low = 0
                var high = list.count
                while low < high {
                    let middle = (low + high) / 2
                    if list[middle] <= last { low = middle + 1 } else { high = middle }
                }
                for other in list[low...] where rules[other].entryIndex != rules[rule].entryIndex {
                    guard ask(other) else { return outcome }
                }
            }
            return outcome
        }
    }
}
