extension Inclusion {
    /// Which texts a view of a URL part can hold at all, so that an analysis looks only at those:
    /// a path after its slashes are stripped never starts or ends with `/` (SEMANTICS.md S5.4), an
    /// undecoded view is ASCII (raw characters are percent-encoded, S3.2), a folded view has no
    /// upper-case ASCII letter (S8).
    struct TextDomain: Sendable, Hashable {
        var isPath: Bool
        var asciiOnly: Bool
        var noUpperASCII: Bool

        /// The view of a rule: `decoded` and `folded` are its percent and case modes.
        init(isPath: Bool, folded: Bool, decoded: Bool) {
            self.isPath = isPath
            self.asciiOnly = !decoded
            self.noUpperASCII = folded
        }

        /// The state before any character; paths also remember whether the last one was `/`.
        static let start: UInt8 = 0
        private static let afterOther: UInt8 = 1
        private static let afterSlash: UInt8 = 2

        /// The state after one more character, or nil when no text of the domain goes on so.
        func step(_ state: UInt8, readingSlash: Bool) -> UInt8? {
            guard isPath else { return Self.afterOther }
            if readingSlash { return state == Self.start ? nil : Self.afterSlash }
            return Self.afterOther
        }

        /// Whether a text may end in this state.
        func accepts(_ state: UInt8) -> Bool { state != Self.afterSlash }

        /// Whether a character of an alphabet class (given by its first scalar) can occur.
        func admits(_ scalar: UInt32) -> Bool {
            if asciiOnly && scalar >= 0x80 { return false }
            if noUpperASCII && scalar >= 0x41 && scalar <= 0x5A { return false }
            return !(0xD800...0xDFFF).contains(scalar)
        }

        /// The scalars at which the domain's own classes start, so that every class of an
        /// alphabet lies wholly inside or outside each of them.
        static let cuts: [UInt32] = [0x2F, 0x30, 0x41, 0x5B, 0x80, 0xD800, 0xE000]
    }

    /// The character classes a set of automata has to tell apart: the scalar ranges between
    /// consecutive boundaries of their sets, so each class lies wholly inside or outside every
    /// set. Each position's set becomes a bit mask over the classes.
    struct Alphabet {
        /// The first scalar of each class the domain admits.
        let representatives: [UInt32]
        let slashClass: Int?

        init(_ sets: some Sequence<ScalarSet>, domain: TextDomain) {
            var bounds = Set(TextDomain.cuts)
            bounds.insert(0)
            for set in sets {
                for range in set.ranges {
                    bounds.insert(range.lowerBound)
                    if range.upperBound < ScalarSet.maxScalar {
                        bounds.insert(range.upperBound + 1)
                    }
                }
            }
            representatives = bounds.sorted().filter { domain.admits($0) }
            slashClass = representatives.firstIndex(of: 0x2F)
        }

        var count: Int { representatives.count }

        /// The classes of `set`, as a bit mask of `words` 64-bit words.
        func mask(_ set: ScalarSet) -> [UInt64] {
            var mask = [UInt64](repeating: 0, count: (count + 63) / 64)
            guard !set.isEmpty else { return mask }
            for (index, scalar) in representatives.enumerated() where set.contains(scalar) {
                mask[index >> 6] |= 1 << UInt64(index & 63)
            }
            return mask
        }
    }
}
