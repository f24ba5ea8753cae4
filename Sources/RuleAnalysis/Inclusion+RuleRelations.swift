import LinkMatcher

extension Inclusion {
    /// Part-by-part questions between two rules of one file, each answered only when it can be
    /// proven: "does rule A match every URL rule B matches?" and "can A and B match a common
    /// URL?". Views that differ in decoding are compared only where decoding changes nothing
    /// (the undecoded rule's text holds no `%`) or where the other rule accepts everything.
    struct RuleRelations {
        private let rules: RuleLanguages
        /// The work of the questions answered so far, in product states visited (the checks of
        /// `LanguageCheck`): a question answered from a cache counts what answering it took,
        /// so that the work of one rule's questions does not depend on what was asked before.
        private(set) var work = 0
        private var narrowedPaths: [NarrowedKey: PartAutomaton] = [:]
        /// A short path of each rule asked about: most covers that fail, fail on it, without a
        /// product to explore.
        private var samplePaths: [Int: [UInt32]?] = [:]
        private var foldedSamples: [Int: [UInt32]?] = [:]

        private var coveredParts: [PartPair: (covered: Bool, work: Int)] = [:]

        private struct PartPair: Hashable {
            var subject: ObjectIdentifier
            var cover: ObjectIdentifier
            var relation: CaseRelation
        }

        private struct NarrowedKey: Hashable {
            var rule: Int
            var relation: CaseRelation
            var asciiText: Bool
        }

        init(_ rules: RuleLanguages) { self.rules = rules }

        /// How `other` reads the text `subject` reads in one part, or nil when the two views
        /// cannot be related. `…MayReadPercent` say whether a matching text of that part may hold
        /// a `%`; `eitherSide` allows the subject to be the decoded one (for disjointness).
        static func relation(
            subject: RuleLanguage, subjectMayReadPercent: @autoclosure () -> Bool,
            other: RuleLanguage, otherMayReadPercent: @autoclosure () -> Bool, eitherSide: Bool
        ) -> CaseRelation? {
            if subject.decoded != other.decoded {
                // Decoding leaves a text without `%` as it is, so an undecoded view without `%`
                // reads what a decoded view of the same URL reads.
                let undecodedMayReadPercent =
                    subject.decoded ? otherMayReadPercent() : subjectMayReadPercent()
                guard eitherSide || !subject.decoded, !undecodedMayReadPercent else { return nil }
            }
            return CaseRelation(subjectFolds: subject.folded, otherFolds: other.folded)
        }

        // MARK: Inclusion

        /// `samplePath`, case-folded.
        mutating func foldedSamplePath(_ rule: Int) -> [UInt32]? {
            if let known = foldedSamples[rule] { return known }
            let folded = samplePath(rule).map { $0.map(CaseFolding.fold) }
            foldedSamples[rule] = folded
            return folded
        }

        /// A short path the rule matches (its one path when literal), or nil when it matches none.
        mutating func samplePath(_ rule: Int) -> [UInt32]? {
            if let word = rules[rule].literalPath { return word }
            if let known = samplePaths[rule] { return known }
            let sample =
                rules[rule].pathSampleFromNodes
                ?? rules[rule].path.automaton.sampleText(rules[rule].pathDomain)
            samplePaths[rule] = sample
            return sample
        }

        /// Whether rule `cover` matches every query and fragment that rule `subject` matches.
        mutating func coversQueryAndFragment(_ cover: Int, _ subject: Int) -> Bool {
            let (a, b) = (rules[cover], rules[subject])
            return partCovers(b, b.fragment, a, a.fragment) && queryCovers(a, b)
        }

        /// Whether the paths of `covers` together match every path `subject` matches, within
        /// `budget` product states.
        mutating func pathsCover(
            _ covers: [Int], _ subject: Int, budget: Int = LanguageCheck.defaultBudget
        ) -> Proof {
            let b = rules[subject]
            if covers.contains(where: { rules[$0].pathIsUniversal }) { return .proven }
            var automata: [PartAutomaton] = []
            for cover in covers {
                let a = rules[cover]
                guard
                    let relation = Self.relation(
                        subject: b, subjectMayReadPercent: b.pathMayReadPercent, other: a,
                        otherMayReadPercent: a.pathMayReadPercent, eitherSide: false)
                else { continue }
                let key = NarrowedKey(
                    rule: cover, relation: relation, asciiText: b.pathDomain.asciiOnly)
                if let known = narrowedPaths[key] {
                    automata.append(known)
                } else {
                    let narrowed = relation.rewrite(
                        a.path.automaton, asciiText: key.asciiText, widen: false)
                    narrowedPaths[key] = narrowed
                    automata.append(narrowed)
                }
            }
            guard !automata.isEmpty else { return .unknown }
            // A literal path matches one text: the covers accept it or not.
            if let word = b.literalPath {
                return automata.contains { $0.accepts(word) } ? .proven : .refuted
            }
            if let sample = samplePath(subject), !automata.contains(where: { $0.accepts(sample) }) {
                return .refuted
            }
            return LanguageCheck.isIncluded(
                b.path.automaton, in: automata, domain: b.pathDomain, budget: budget,
                visited: &work)
        }

        private mutating func partCovers(
            _ subject: RuleLanguage, _ subjectPart: PartLanguage, _ cover: RuleLanguage,
            _ coverPart: PartLanguage
        ) -> Bool {
            if coverPart.isUniversal { return true }
            // Saying "not proven" is always safe; a universal subject is rarely covered.
            if subjectPart.isUniversal { return false }
            guard
                let relation = Self.relation(
                    subject: subject, subjectMayReadPercent: subjectPart.mayReadPercent,
                    other: cover, otherMayReadPercent: coverPart.mayReadPercent, eitherSide: false)
            else { return false }
            // A plain text is covered when the cover accepts it, within the domain; cheap enough
            // to ask again, so that thousands of `{"k": "vN"}` do not fill the table in pairs.
            if let text = subjectPart.literalText, !subjectPart.domain.isPath,
                text.allSatisfy(subjectPart.domain.admits)
            {
                let ascii = subjectPart.domain.asciiOnly
                return relation.rewrite(coverPart.automaton, asciiText: ascii, widen: false)
                    .accepts(text)
            }
            // Rules share their query and fragment parts: each pair is decided once.
            let key = PartPair(
                subject: ObjectIdentifier(subjectPart), cover: ObjectIdentifier(coverPart),
                relation: relation)
            if let known = coveredParts[key] {
                work += known.work
                return known.covered
            }
            let ascii = subjectPart.domain.asciiOnly
            let narrowed = relation.rewrite(coverPart.automaton, asciiText: ascii, widen: false)
            var visited = 0
            let covered =
                LanguageCheck.isIncluded(
                    subjectPart.automaton, in: [narrowed], domain: subjectPart.domain,
                    visited: &visited) == .proven
            coveredParts[key] = (covered, visited)
            work += visited
            return covered
        }

        /// Query coverage (S4.3): any query when the cover has no constraint; a whole-query
        /// pattern by language inclusion; a dictionary item by item, each of the cover's items
        /// implied by one of the subject's items of the same name (same decoding, so the names
        /// pick the same items of a URL; an item the subject leaves free must be free in the
        /// cover too).
        private mutating func queryCovers(_ cover: RuleLanguage, _ subject: RuleLanguage) -> Bool {
            if cover.queryIsUniversal { return true }
            switch (subject.query, cover.query) {
            case (.whole(let part), .whole(let coverPart)):
                return partCovers(subject, part, cover, coverPart)
            case (.items(let items), .items(let coverItems)):
                guard subject.decoded == cover.decoded else { return false }
                for constraint in coverItems where !constraint.value.isUniversal {
                    let implied = items.contains { item in
                        item.name == constraint.name
                            && partCovers(subject, item.value, cover, constraint.value)
                    }
                    if !implied { return false }
                }
                return true
            default:
                return false
            }
        }

        // MARK: Disjointness

        /// True when no URL can match both rules: some part of theirs shares no text. Each check
        /// may visit `budget` product states.
        mutating func provablyDisjoint(
            _ first: Int, _ second: Int, budget: Int = LanguageCheck.defaultBudget
        ) -> Bool {
            let (e, r) = (rules[first], rules[second])
            var check = Check(budget: budget, work: work)
            defer { work = check.work }
            if Self.pathsDisjoint(e, r, &check) { return true }
            if Self.partsDisjoint(e, e.fragment, r, r.fragment, &check) { return true }
            switch (e.query, r.query) {
            case (.whole(let one), .whole(let other)):
                return Self.partsDisjoint(e, one, r, other, &check)
            case (.items(let items), .items(let others)):
                guard e.decoded == r.decoded else { return false }
                for item in items {
                    for other in others
                    where item.name == other.name
                        && Self.partsDisjoint(e, item.value, r, other.value, &check)
                    {
                        return true
                    }
                }
                return false
            default:
                return false
            }
        }

        /// The product states each disjointness check may visit, and the work counted so far.
        private struct Check {
            let budget: Int
            var work: Int
        }

        private static func pathsDisjoint(
            _ subject: RuleLanguage, _ other: RuleLanguage, _ check: inout Check
        ) -> Bool {
            if subject.pathIsEmpty || other.pathIsEmpty { return true }
            guard
                let relation = relation(
                    subject: subject, subjectMayReadPercent: subject.pathMayReadPercent,
                    other: other, otherMayReadPercent: other.pathMayReadPercent, eitherSide: true)
            else { return false }
            if !subject.pathMayMeet(other) { return true }
            if other.pathIsUniversal { return false }
            let domain = commonDomain(subject.pathDomain, subject, other)
            let widened = relation.rewrite(
                other.path.automaton, asciiText: domain.asciiOnly, widen: true)
            // A literal path matches one text: the other rule accepts it or not.
            if let word = subject.literalPath { return !widened.accepts(word) }
            return disjoint(subject.path.automaton, widened, domain, &check)
        }

        private static func partsDisjoint(
            _ subject: RuleLanguage, _ subjectPart: PartLanguage, _ other: RuleLanguage,
            _ otherPart: PartLanguage, _ check: inout Check
        ) -> Bool {
            if subjectPart.isEmpty || otherPart.isEmpty { return true }
            if subjectPart.isUniversal || otherPart.isUniversal { return false }
            guard
                let relation = relation(
                    subject: subject, subjectMayReadPercent: subjectPart.mayReadPercent,
                    other: other, otherMayReadPercent: otherPart.mayReadPercent, eitherSide: true)
            else { return false }
            let domain = commonDomain(subjectPart.domain, subject, other)
            let widened = relation.rewrite(
                otherPart.automaton, asciiText: domain.asciiOnly, widen: true)
            return disjoint(subjectPart.automaton, widened, domain, &check)
        }

        /// The subject's domain, ASCII only where either view is undecoded: the texts the two
        /// rules could share are then those of an undecoded view.
        private static func commonDomain(
            _ domain: TextDomain, _ subject: RuleLanguage, _ other: RuleLanguage
        ) -> TextDomain {
            var common = domain
            common.asciiOnly = !subject.decoded || !other.decoded
            return common
        }

        private static func disjoint(
            _ automaton: PartAutomaton, _ widened: PartAutomaton, _ domain: TextDomain,
            _ check: inout Check
        ) -> Bool {
            if let sample = automaton.sampleText(domain), widened.accepts(sample) { return false }
            return LanguageCheck.intersects(
                automaton, widened, domain: domain, budget: check.budget, visited: &check.work)
                == .refuted
        }
    }
}
