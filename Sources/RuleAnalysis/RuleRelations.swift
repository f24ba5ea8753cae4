/// Part-by-part questions between two rules of one file, each answered only when it can be
/// proven: "does rule A match every URL rule B matches?" and "can A and B match a common
/// URL?". Views that differ in decoding are compared only where decoding changes nothing
/// (the undecoded rule's text holds no `%`) or where the other rule accepts everything.
struct RuleRelations {
    private let rules: [RuleLanguage]
    private var narrowedPaths: [NarrowedKey: PartAutomaton] = [:]
    /// A short path of each rule asked about: most covers that fail, fail on it, without a
    /// product to explore.
    private var samplePaths: [Int: [UInt32]?] = [:]

    private struct NarrowedKey: Hashable {
        var rule: Int
        var relation: CaseRelation
        var asciiText: Bool
    }

    init(_ rules: [RuleLanguage]) { self.rules = rules }

    /// How `other` reads the text `subject` reads in one part, or nil when the two views
    /// cannot be related.
    static func relation(
        subject: RuleLanguage, subjectPart: PartLanguage, other: RuleLanguage,
        otherPart: PartLanguage, eitherSide: Bool
    ) -> CaseRelation? {
        if subject.decoded != other.decoded {
            // Decoding leaves a text without `%` as it is, so an undecoded view without `%`
            // reads what a decoded view of the same URL reads.
            let undecoded = subject.decoded ? otherPart : subjectPart
            guard eitherSide || !subject.decoded, !undecoded.mayReadPercent else { return nil }
        }
        return CaseRelation(subjectFolds: subject.folded, otherFolds: other.folded)
    }

    // MARK: Inclusion

    /// Whether rule `cover` matches every query and fragment that rule `subject` matches.
    func coversQueryAndFragment(_ cover: Int, _ subject: Int) -> Bool {
        let (a, b) = (rules[cover], rules[subject])
        return Self.partCovers(b, b.fragment, a, a.fragment) && Self.queryCovers(a, b)
    }

    /// Whether the paths of `covers` together match every path `subject` matches.
    mutating func pathsCover(_ covers: [Int], _ subject: Int) -> Proof {
        let b = rules[subject]
        if covers.contains(where: { rules[$0].path.isUniversal }) { return .proven }
        var automata: [PartAutomaton] = []
        for cover in covers {
            let a = rules[cover]
            guard
                let relation = Self.relation(
                    subject: b, subjectPart: b.path, other: a, otherPart: a.path,
                    eitherSide: false)
            else { continue }
            let key = NarrowedKey(
                rule: cover, relation: relation, asciiText: b.path.domain.asciiOnly)
            if let known = narrowedPaths[key] {
                automata.append(known)
            } else {
                let narrowed = a.path.automaton.mapped {
                    relation.narrowed($0, asciiText: key.asciiText)
                }
                narrowedPaths[key] = narrowed
                automata.append(narrowed)
            }
        }
        guard !automata.isEmpty else { return .unknown }
        if samplePaths[subject] == nil {
            samplePaths[subject] = b.path.automaton.sampleText(b.path.domain)
        }
        if let sample = samplePaths[subject] ?? nil,
            !automata.contains(where: { $0.accepts(sample) })
        {
            return .refuted
        }
        return LanguageCheck.isIncluded(b.path.automaton, in: automata, domain: b.path.domain)
    }

    private static func partCovers(
        _ subject: RuleLanguage, _ subjectPart: PartLanguage, _ cover: RuleLanguage,
        _ coverPart: PartLanguage
    ) -> Bool {
        if coverPart.isUniversal { return true }
        guard
            let relation = relation(
                subject: subject, subjectPart: subjectPart, other: cover, otherPart: coverPart,
                eitherSide: false)
        else { return false }
        let ascii = subjectPart.domain.asciiOnly
        let narrowed = coverPart.automaton.mapped { relation.narrowed($0, asciiText: ascii) }
        return LanguageCheck.isIncluded(
            subjectPart.automaton, in: [narrowed], domain: subjectPart.domain) == .proven
    }

    /// Query coverage (S4.3): any query when the cover has no constraint; a whole-query
    /// pattern by language inclusion; a dictionary item by item, each of the cover's items
    /// implied by one of the subject's items of the same name (same decoding, so the names
    /// pick the same items of a URL; an item the subject leaves free must be free in the
    /// cover too).
    private static func queryCovers(_ cover: RuleLanguage, _ subject: RuleLanguage) -> Bool {
        if cover.queryIsUniversal { return true }
        switch (subject.query, cover.query) {
        case (.whole(let part), .whole(let coverPart)):
            return partCovers(subject, part, cover, coverPart)
        case (.items(let items), .items(let coverItems)):
            guard subject.decoded == cover.decoded else { return false }
            return coverItems.allSatisfy { constraint in
                constraint.value.isUniversal
                    || items.contains { item in
                        item.name == constraint.name
                            && partCovers(subject, item.value, cover, constraint.value)
                    }
            }
        default:
            return false
        }
    }

    // MARK: Disjointness

    /// True when no URL can match both rules: some part of theirs shares no text.
    func provablyDisjoint(_ first: Int, _ second: Int) -> Bool {
        let (e, r) = (rules[first], rules[second])
        if Self.partsDisjoint(e, e.path, r, r.path, pruneByEnds: true) { return true }
        if Self.partsDisjoint(e, e.fragment, r, r.fragment, pruneByEnds: false) { return true }
        switch (e.query, r.query) {
        case (.whole(let one), .whole(let other)):
            return Self.partsDisjoint(e, one, r, other, pruneByEnds: false)
        case (.items(let items), .items(let others)):
            guard e.decoded == r.decoded else { return false }
            return items.contains { item in
                others.contains { other in
                    item.name == other.name
                        && Self.partsDisjoint(e, item.value, r, other.value, pruneByEnds: false)
                }
            }
        default:
            return false
        }
    }

    private static func partsDisjoint(
        _ subject: RuleLanguage, _ subjectPart: PartLanguage, _ other: RuleLanguage,
        _ otherPart: PartLanguage, pruneByEnds: Bool
    ) -> Bool {
        if subjectPart.isEmpty || otherPart.isEmpty { return true }
        if subjectPart.isUniversal || otherPart.isUniversal { return false }
        guard
            let relation = relation(
                subject: subject, subjectPart: subjectPart, other: other, otherPart: otherPart,
                eitherSide: true)
        else { return false }
        if pruneByEnds, !subject.pathMayMeet(other) { return true }
        // Where either view is undecoded, the common texts are ASCII.
        var domain = subjectPart.domain
        domain.asciiOnly = !subject.decoded || !other.decoded
        let widened = otherPart.automaton.mapped {
            relation.widened($0, asciiText: domain.asciiOnly)
        }
        if let sample = subjectPart.automaton.sampleText(domain), widened.accepts(sample) {
            return false
        }
        return LanguageCheck.intersects(subjectPart.automaton, widened, domain: domain)
            == .refuted
    }
}
