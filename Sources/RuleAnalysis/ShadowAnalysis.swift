import AASAModel
import LinkMatcher

/// Rules that can never decide, proven on the rules' automata (DESIGN.md: rule B never decides
/// when every URL it matches is matched by earlier rules of its entry). Sound by construction:
/// a finding is reported only when it is proven; when a question is out of reach (views that
/// cannot be compared, a state budget spent) nothing is said.
public enum ShadowAnalysis {
    /// The findings of a compiled rule set, in rule order. `checkingExclusions: false` leaves
    /// out exclusions without effect (AASA604), for callers that only mark dead rules.
    ///
    /// `examining` picks the rules to examine (all by default): the others still count as
    /// earlier rules that may cover, and each finding is the one the whole analysis makes for
    /// its rule. A caller that knows some rules decided a request (so none of them can be
    /// proven dead) leaves them out and pays only for the rest.
    public static func findings(
        for rules: CompiledRuleSet, checkingExclusions: Bool = true,
        examining: @escaping (Int) -> Bool = { _ in true }
    ) -> [ShadowFinding] {
        var found: [ShadowFinding] = []
        findings(
            for: rules, checkingExclusions: checkingExclusions, examining: examining,
            deliver: { found = $0 })
        return found
    }

    /// `findings(for:checkingExclusions:examining:)`, handed to `deliver` before the analysis
    /// frees the automata it built: a caller on another thread can go on at once (a process
    /// about to exit need not wait for thousands of objects to be freed one by one).
    public static func findings(
        for rules: CompiledRuleSet, checkingExclusions: Bool = true,
        examining: @escaping (Int) -> Bool, deliver: ([ShadowFinding]) -> Void
    ) {
        var scan = Inclusion.EntryScan(
            rules: rules.rules, parser: rules.patternParser, checkingExclusions: checkingExclusions,
            examining: examining)
        let found = scan.run()
        withExtendedLifetime(scan) { deliver(found) }
    }

    /// The findings of a document, in rule order.
    public static func findings(for document: AASADocument, checkingExclusions: Bool = true)
        -> [ShadowFinding]
    {
        var variables: [String: [String]] = [:]
        for variable in document.applinks?.substitutionVariables ?? []
        where variables[variable.name] == nil {
            variables[variable.name] = variable.values
        }
        var scan = Inclusion.EntryScan(
            rules: ResolvedRule.resolve(document),
            parser: PatternParser(customVariables: variables),
            checkingExclusions: checkingExclusions, examining: { _ in true })
        return scan.run()
    }
}

extension Inclusion {
    /// The walk over the entries of one file, rule by rule.
    fileprivate struct EntryScan {
        let rules: [ResolvedRule]
        let languages: RuleLanguages
        let checkingExclusions: Bool
        let examining: (Int) -> Bool
        var relations: RuleRelations

        init(
            rules: [ResolvedRule], parser: PatternParser, checkingExclusions: Bool,
            examining: @escaping (Int) -> Bool
        ) {
            self.rules = rules
            self.checkingExclusions = checkingExclusions
            self.examining = examining
            languages = RuleLanguages(rules, parser: parser)
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
                // An entry that names no app never decides; lint says so (AASA202, AASA205).
                if !rules[start].appIDs.isEmpty, (start..<end).contains(where: examining) {
                    findings += analyse(Array(start..<end))
                }
                start = end
            }
            return findings.sorted { $0.rule < $1.rule }
        }

        /// The findings of one entry's rules (global indices, in order).
        ///
        /// The languages of rules not examined are built only where an examined rule meets
        /// them. Rules that match no URL are left out of the index by the questions asked of
        /// it, and may stand as the first of their pattern: a rule with the same pattern
        /// matches no URL either, and is passed over.
        private mutating func analyse(_ entry: [Int]) -> [ShadowFinding] {
            // An examined rule's language is built below anyway.
            let index = PrefixIndex(
                entry.map { ($0, examining($0) ? languages[$0].prefix : languages.prefix(of: $0)) })
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
                if !examining(rule) {
                    // Not asked about, but still an earlier rule for those that are.
                } else if languages[rule].isEmpty {
                    continue
                } else if let catchAll {
                    findings.append(finding(.afterCatchAll, rule, [catchAll]))
                } else if let original = first {
                    findings.append(finding(.duplicate, rule, [original]))
                } else if let covering = covering(rule, index: index) {
                    findings.append(finding(.shadowed, rule, covering))
                } else if checkingExclusions, rules[rule].exclude,
                    exclusionIsWithoutEffect(rule, entry, index)
                {
                    findings.append(finding(.exclusionWithoutEffect, rule, []))
                }
                if catchAll == nil, languages.isCatchAll(rule) { catchAll = rule }
                if first == nil, let key { firstWithPattern[key] = rule }
            }
            return findings
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

        /// The earlier rules that together decide every URL of `rule`: one if one suffices (the
        /// first such), else a small union; nil when no cover is proven.
        private mutating func covering(_ rule: Int, index: PrefixIndex) -> [Int]? {
            let subject = languages[rule]
            func mayMeet(_ other: Int) -> Bool {
                other < rule && !languages[other].isEmpty
                    && RuleLanguage.compatible(
                        subject.suffix, languages[other].suffix, fromEnd: true)
            }
            let candidates = index.rules(beginning: subject.prefix).filter(mayMeet)
            var longer: [Int] {
                let found = index.rules(
                    extending: subject.prefix, limit: Self.unionLimit,
                    counts: { !languages[$0].isEmpty })
                return (found ?? []).filter(mayMeet)
            }
            if candidates.isEmpty && longer.count < 2 { return nil }
            // A cover must accept the subject's sample path; its literal ends tell most that
            // cannot before their automata are built.
            func mayAcceptSample(_ other: Int) -> Bool {
                relations.foldedSamplePath(rule).map { languages[other].pathMayAccept(folded: $0) }
                    ?? true
            }
            var union: [Int] = []
            for candidate in candidates where relations.coversQueryAndFragment(candidate, rule) {
                if samePath(candidate, rule) || prefixStarCovers(candidate, rule)
                    || mayAcceptSample(candidate)
                        && relations.pathsCover([candidate], rule) == .proven
                {
                    return [candidate]
                }
                union.append(candidate)
            }
            union += longer.filter { relations.coversQueryAndFragment($0, rule) }
            // Large alternations (`$(lang)`) join a union only where they may take the sample.
            union = union.filter { !languages[$0].pathIsLarge || mayAcceptSample($0) }.sorted()
            guard union.count >= 2, union.count <= Self.unionLimit,
                relations.pathsCover(union, rule) == .proven
            else { return nil }
            return smallestCover(union, rule)
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
        /// (its exclusion also keeps those from deciding, SEMANTICS.md S4.5).
        private mutating func exclusionIsWithoutEffect(
            _ rule: Int, _ entry: [Int], _ index: PrefixIndex
        ) -> Bool {
            let subject = languages[rule]
            var later = index.rules(beginning: subject.prefix)
            later += index.rules(extending: subject.prefix, limit: Int.max) ?? []
            // Prefixes say nothing between views whose decoding differs.
            later += entry.filter { other in
                rules[other].percentEncoded == subject.decoded
                    && (subject.decoded ? languages[other] : subject).pathMayReadPercent
            }
            let apps = Set(rules[rule].appIDs)
            if let last = entry.last {
                later += (last + 1..<rules.count).filter {
                    rules[$0].entryIndex != rules[rule].entryIndex
                        && !apps.isDisjoint(with: rules[$0].appIDs)
                }
            }
            for other in Set(later).sorted() where other > rule && !languages[other].isEmpty {
                if !relations.provablyDisjoint(rule, other) { return false }
            }
            return true
        }
    }
}
