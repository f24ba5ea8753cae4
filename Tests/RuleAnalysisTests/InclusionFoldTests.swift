import LinkMatcher
import Testing

@testable import RuleAnalysis

/// The case-folding facts the view changes rest on, and the sets they produce.
struct InclusionFoldTests {
    /// Every scalar beyond ASCII folds beyond ASCII, except the one listed: the narrowed and
    /// widened sets of `Inclusion.FoldSets` are exact on ASCII only because of it.
    @Test func onlyTheListedScalarsFoldIntoASCII() {
        var found: [UInt32: UInt32] = [:]
        for value in UInt32(0x80)...0x10_FFFF where Unicode.Scalar(value) != nil {
            let folded = CaseFolding.fold(value)
            if folded < 0x80 { found[value] = folded }
        }
        #expect(found == Inclusion.FoldSets.nonASCIIFoldingToASCII)
        // ASCII never folds beyond ASCII.
        #expect((UInt32(0)..<0x80).allSatisfy { CaseFolding.fold($0) < 0x80 })
    }

    /// Each transform against its definition, on every ASCII character and a few others.
    @Test func transformsKeepTheirSide() {
        let samples: [UInt32] = Array(0..<0x80) + [0xE9, 0xC9, 0x212A, 0x3A9, 0x2126, 0x1F600]
        let sets: [Inclusion.ScalarSet] = [
            Inclusion.ScalarSet(scalar: 0x6B), Inclusion.ScalarSet(scalar: 0xE9),
            Inclusion.ScalarSet(scalar: 0x2F), .all,
            Inclusion.ScalarSet(normalizing: [0x61...0x7A]),
            Inclusion.ScalarSet(normalizing: [0x41...0x5A]),
            Inclusion.ScalarSet(normalizing: [0x30...0x39, 0x61...0x66]),
        ]
        for set in sets {
            let narrowPreimage = Inclusion.FoldSets.preimage(set, asciiText: false, wide: false)
            let widePreimage = Inclusion.FoldSets.preimage(set, asciiText: false, wide: true)
            let image = Inclusion.FoldSets.image(set, asciiText: false)
            let inside = Inclusion.FoldSets.allPreimagesInside(set, asciiText: false)
            for scalar in samples {
                let folds = set.contains(CaseFolding.fold(scalar))
                // Narrowed: only scalars whose fold is in the set; widened: all of them.
                if narrowPreimage.contains(scalar) { #expect(folds, "\(set) \(scalar)") }
                if folds { #expect(widePreimage.contains(scalar), "\(set) \(scalar)") }
                // The image holds the fold of every member.
                if set.contains(scalar) {
                    #expect(image.contains(CaseFolding.fold(scalar)), "\(set) \(scalar)")
                }
                // "All preimages inside": every sample folding to it is in the set.
                if inside.contains(scalar) {
                    for other in samples where CaseFolding.fold(other) == scalar {
                        #expect(set.contains(other), "\(set) \(scalar) \(other)")
                    }
                }
            }
        }
    }

    /// Samples read off pattern nodes are texts the pattern's automaton accepts.
    @Test(arguments: [
        "buy/*", "*/x", "a/?/", "?", "*", "a*b?c", "$(digit)/x", "x/*/", "", "é/*",
    ])
    func samplesFromNodesAreAccepted(_ pattern: String) {
        for (folded, decoded) in [(false, false), (true, false), (false, true)] {
            let domain = Inclusion.TextDomain(isPath: true, folded: folded, decoded: decoded)
            let nodes = PatternParser().parse(pattern, foldCase: folded)
            guard let sample = Inclusion.PatternFacts.sampleText(nodes, domain: domain) else {
                continue
            }
            #expect(
                Inclusion.PartAutomaton(nodes, isPath: true).accepts(sample), "\(pattern) \(sample)"
            )
            #expect(sample.first != 0x2F && sample.last != 0x2F)
        }
    }
}
