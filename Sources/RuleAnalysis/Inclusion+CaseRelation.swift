import LinkMatcher

extension Inclusion {
    /// How the text another rule reads relates to the text an analysed rule reads, when both are
    /// the same part of the same URL seen with the same decoding: the same text, or one of them
    /// case-folded (SEMANTICS.md S8). The other rule's sets are rewritten to read the analysed
    /// rule's text, erring on the side the question allows: smaller when proving that the other
    /// rule matches (inclusion), larger when proving that it cannot (disjointness).
    enum CaseRelation: Sendable, Hashable {
        case same
        /// The other rule reads `fold(t)` where the analysed rule reads `t`.
        case otherFolds
        /// The analysed rule reads `fold(s)` where the other rule reads `s`.
        case subjectFolds

        init(subjectFolds: Bool, otherFolds: Bool) {
            switch (subjectFolds, otherFolds) {
            case (false, true): self = .otherFolds
            case (true, false): self = .subjectFolds
            default: self = .same
            }
        }

        /// The other rule's automaton reading the analysed rule's text, narrowed (`widen ==
        /// false`) or widened; the automaton itself when both read the same text.
        func rewrite(_ automaton: PartAutomaton, asciiText: Bool, widen: Bool) -> PartAutomaton {
            if self == .same { return automaton }
            return automaton.mapped {
                widen ? widened($0, asciiText: asciiText) : narrowed($0, asciiText: asciiText)
            }
        }

        /// A set no larger than the characters `c` of the analysed text for which the other rule's
        /// set accepts every character the URL may hold there.
        func narrowed(_ set: ScalarSet, asciiText: Bool) -> ScalarSet {
            switch self {
            case .same: set
            case .otherFolds: FoldSets.preimage(set, asciiText: asciiText, wide: false)
            case .subjectFolds: FoldSets.allPreimagesInside(set, asciiText: asciiText)
            }
        }

        /// A set no smaller than the characters `c` of the analysed text for which the other
        /// rule's set accepts some character the URL may hold there.
        func widened(_ set: ScalarSet, asciiText: Bool) -> ScalarSet {
            switch self {
            case .same: set
            case .otherFolds: FoldSets.preimage(set, asciiText: asciiText, wide: true)
            case .subjectFolds: FoldSets.image(set, asciiText: asciiText)
            }
        }
    }

    /// Sets through the simple one-to-one lower-casing of `CaseFolding.fold`. ASCII is handled
    /// exactly; beyond it the sets are bounded from the side the caller asks for.
    enum FoldSets {
        /// The one non-ASCII scalar whose folded form is ASCII: KELVIN SIGN folds to `k`.
        /// (A test walks every scalar to hold this fact.)
        static let nonASCIIFoldingToASCII: [UInt32: UInt32] = [0x212A: 0x6B]

        /// For each ASCII scalar, the ASCII scalars that fold to it.
        private static let asciiPreimages: [[UInt32]] = (UInt32(0)..<0x80).map { scalar in
            (UInt32(0)..<0x80).filter { CaseFolding.fold($0) == scalar }
        }

        /// `{x : fold(x) ∈ set}`, exact on ASCII; beyond ASCII at most it (`wide == false`) or at
        /// least it (`wide == true`).
        static func preimage(_ set: ScalarSet, asciiText: Bool, wide: Bool) -> ScalarSet {
            var ranges = (UInt32(0)..<0x80).filter { set.contains(CaseFolding.fold($0)) }.map {
                $0...$0
            }
            if !asciiText {
                for (scalar, folded) in nonASCIIFoldingToASCII where set.contains(folded) {
                    ranges.append(scalar...scalar)
                }
                let beyond = set.nonASCIIRanges
                if wide {
                    if !beyond.isEmpty { ranges.append(0x80...ScalarSet.maxScalar) }
                } else if set.isSuperset(of: .nonASCII) {
                    // Every non-ASCII scalar folds to a non-ASCII one, or to ASCII as listed.
                    ranges += ScalarSet.nonASCII.ranges.flatMap { range in
                        splitting(
                            range,
                            at: nonASCIIFoldingToASCII.keys.filter {
                                !set.contains(nonASCIIFoldingToASCII[$0] ?? 0)
                            })
                    }
                } else {
                    for range in beyond where range.lowerBound == range.upperBound {
                        ranges += caseVariants(of: range.lowerBound).map { $0...$0 }
                    }
                }
            }
            return ScalarSet(normalizing: ranges)
        }

        /// `{x : every s with fold(s) = x is in set}`, or a subset of it beyond ASCII.
        static func allPreimagesInside(_ set: ScalarSet, asciiText: Bool) -> ScalarSet {
            var ranges: [ClosedRange<UInt32>] = []
            for scalar in UInt32(0)..<0x80 {
                var preimages = asciiPreimages[Int(scalar)]
                if !asciiText {
                    preimages += nonASCIIFoldingToASCII.filter { $0.value == scalar }.map(\.key)
                }
                if preimages.allSatisfy({ set.contains($0) }) { ranges.append(scalar...scalar) }
            }
            // ASCII never folds beyond ASCII, so a non-ASCII character comes from non-ASCII ones.
            if !asciiText, set.isSuperset(of: .nonASCII) {
                ranges.append(0x80...ScalarSet.maxScalar)
            }
            return ScalarSet(normalizing: ranges)
        }

        /// `{fold(s) : s ∈ set}`, or a superset of it beyond ASCII.
        static func image(_ set: ScalarSet, asciiText: Bool) -> ScalarSet {
            var ranges = set.asciiMembers.map { CaseFolding.fold($0) }.map { $0...$0 }
            if !asciiText {
                for (scalar, folded) in nonASCIIFoldingToASCII where set.contains(scalar) {
                    ranges.append(folded...folded)
                }
                if !set.nonASCIIRanges.isEmpty { ranges.append(0x80...ScalarSet.maxScalar) }
            }
            return ScalarSet(normalizing: ranges)
        }

        /// The scalar and those of its case forms that fold to it: `É` for `é`.
        private static func caseVariants(of scalar: UInt32) -> [UInt32] {
            guard CaseFolding.fold(scalar) == scalar, let character = Unicode.Scalar(scalar) else {
                return []
            }
            let properties = character.properties
            let forms = [properties.uppercaseMapping, properties.titlecaseMapping].compactMap {
                mapping -> UInt32? in
                let scalars = Array(mapping.unicodeScalars)
                return scalars.count == 1 ? scalars[0].value : nil
            }
            return [scalar] + forms.filter { CaseFolding.fold($0) == scalar }
        }

        private static func splitting(_ range: ClosedRange<UInt32>, at holes: [UInt32])
            -> [ClosedRange<UInt32>]
        {
            var pieces = [range]
            for hole in holes {
                pieces = pieces.flatMap { piece -> [ClosedRange<UInt32>] in
                    guard piece.contains(hole) else { return [piece] }
                    var parts: [ClosedRange<UInt32>] = []
                    if hole > piece.lowerBound { parts.append(piece.lowerBound...(hole - 1)) }
                    if hole < piece.upperBound { parts.append((hole + 1)...piece.upperBound) }
                    return parts
                }
            }
            return pieces
        }
    }
}
