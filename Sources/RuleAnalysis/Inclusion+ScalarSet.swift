import ASCIIBytes
import LinkMatcher

extension Inclusion {
    /// A set of Unicode scalar values as sorted, disjoint, non-adjacent closed ranges: what one
    /// position of a pattern accepts (a character, `?`, a class of `$(digit)`), in a form that can
    /// be cut into the few character classes a product of automata has to tell apart.
    struct ScalarSet: Sendable, Hashable {
        private(set) var ranges: [ClosedRange<UInt32>]

        static let maxScalar: UInt32 = 0x10_FFFF
        static let all = ScalarSet(normalizing: [0...maxScalar])
        static let empty = ScalarSet(normalizing: [])
        static let ascii = ScalarSet(normalizing: [0...0x7F])
        static let nonASCII = ScalarSet(normalizing: [0x80...maxScalar])

        /// The set of these ranges, in any order, overlapping or not.
        init(normalizing input: [ClosedRange<UInt32>]) {
            var merged: [ClosedRange<UInt32>] = []
            for range in input.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                    merged[merged.count - 1] =
                        last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            ranges = merged
        }

        init(scalar: UInt32) { ranges = [scalar...scalar] }

        /// The ASCII members of a predefined class.
        init(_ set: ASCIISet) {
            self.init(normalizing: (UInt32(0)..<128).filter { set.contains($0) }.map { $0...$0 })
        }

        /// What a position of a glob accepts.
        init(_ predicate: GlobProgram.Predicate) {
            switch predicate {
            case .scalar(let scalar): self.init(scalar: scalar)
            case .any: self = .all
            case .oneOf(let set): self.init(set)
            }
        }

        var isEmpty: Bool { ranges.isEmpty }
        var isAll: Bool { self == .all }

        func contains(_ scalar: UInt32) -> Bool {
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound < scalar {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low < ranges.count && ranges[low].contains(scalar)
        }

        /// True when every member of `other` is a member of this set.
        func isSuperset(of other: ScalarSet) -> Bool {
            other.ranges.allSatisfy { range in
                ranges.contains {
                    $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound
                }
            }
        }

        /// True when the two sets share a member.
        func intersects(_ other: ScalarSet) -> Bool {
            var left = 0
            var right = 0
            while left < ranges.count && right < other.ranges.count {
                if ranges[left].overlaps(other.ranges[right]) { return true }
                if ranges[left].upperBound < other.ranges[right].upperBound {
                    left += 1
                } else {
                    right += 1
                }
            }
            return false
        }

        func union(_ other: ScalarSet) -> ScalarSet {
            ScalarSet(normalizing: ranges + other.ranges)
        }

        /// The members below 128.
        var asciiMembers: [UInt32] {
            ranges.flatMap { range -> [UInt32] in
                guard range.lowerBound < 0x80 else { return [] }
                return Array(range.lowerBound...min(range.upperBound, 0x7F))
            }
        }

        /// The members of 128 and above, as ranges.
        var nonASCIIRanges: [ClosedRange<UInt32>] {
            ranges.compactMap { range in
                range.upperBound < 0x80 ? nil : max(range.lowerBound, 0x80)...range.upperBound
            }
        }

        /// The one member, when the set has exactly one.
        var single: UInt32? {
            ranges.count == 1 && ranges[0].lowerBound == ranges[0].upperBound
                ? ranges[0].lowerBound : nil
        }
    }
}
