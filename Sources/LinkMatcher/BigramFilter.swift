/// Which glob groups of a union a path may match, told from the pairs of adjacent ASCII
/// characters their patterns require: what `GlobFallback` asks before it hands a group's rules
/// over, so that a URL pays for the few groups whose literals it holds instead of every group
/// of the union (900 groups of `*42*privacy*` took 40 s a million paths, all checked).
///
/// A pattern requires each pair of adjacent literal characters it holds, both ASCII and
/// neither `/` (a literal `/` may match nothing at the end of a path, S5.4): the text, read
/// as the group's automaton reads it (the view), must hold the same pair. Pairs are kept as
/// bits of a 256-bit mask (a hash of the pair): a group whose bits are not all in the text's
/// cannot match it. So the filter may pass a group that does not match, never the reverse.
/// Each group is filed under one of its bits, the one fewest groups had when it was filed
/// (those without a pair are always passed), so a text reads only the groups filed under
/// its own bits.
struct BigramFilter {
    /// Per group, its mask.
    private let masks: [SIMD4<UInt64>]
    /// Per bit, the groups filed under it.
    private let filed: [[Int32]]
    /// Groups whose pattern requires no pair.
    private let unfiled: [Int32]

    init(_ patterns: [[PatternNode]]) {
        var masks = [SIMD4<UInt64>](repeating: .zero, count: patterns.count)
        var filed = [[Int32]](repeating: [], count: 256)
        var unfiled: [Int32] = []
        for (group, pattern) in patterns.enumerated() {
            var bits: [Int] = []
            var previous: UInt32?
            Self.forEachNode(pattern) { node in
                guard case .literal(let scalar) = node, Self.counts(scalar) else {
                    previous = nil
                    return
                }
                if let previous { bits.append(Self.bit(previous, scalar)) }
                previous = scalar
            }
            for bit in bits { masks[group][bit >> 6] |= 1 << UInt64(bit & 63) }
            if let bit = bits.min(by: { filed[$0].count < filed[$1].count }) {
                filed[bit].append(Int32(group))
            } else {
                unfiled.append(Int32(group))
            }
        }
        self.masks = masks
        self.filed = filed
        self.unfiled = unfiled
    }

    /// Calls `body` with each group that may match `text` (the view its automaton reads),
    /// once, in no particular order.
    func forEachGroup(mayMatch text: UnsafeBufferPointer<UInt8>, _ body: (Int32) -> Void) {
        var held = SIMD4<UInt64>.zero
        if text.count > 1 {
            for index in 1..<text.count {
                let (first, second) = (UInt32(text[index - 1]), UInt32(text[index]))
                guard Self.counts(first), Self.counts(second) else { continue }
                let bit = Self.bit(first, second)
                held[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
        for group in unfiled { body(group) }
        masks.withUnsafeBufferPointer { masks in
            for word in 0..<4 {
                var bits = held[word]
                while bits != 0 {
                    let bit = 64 * word + bits.trailingZeroBitCount
                    bits &= bits - 1
                    for group in filed[bit] where masks[Int(group)] & ~held == .zero {
                        body(group)
                    }
                }
            }
        }
    }

    /// Whether a character takes part in pairs: ASCII, and not `/`.
    @inline(__always)
    private static func counts(_ scalar: UInt32) -> Bool {
        scalar < 0x80 && scalar != UInt32(UInt8(ascii: "/"))
    }

    /// The mask bit of a pair.
    @inline(__always)
    private static func bit(_ first: UInt32, _ second: UInt32) -> Int {
        Int(((first << 7 | second) &* 0x9E37_79B1) >> 24 & 0xFF)
    }

    /// The nodes of a pattern in order, sequences opened; a choice is handed over whole (it is
    /// no literal, so it ends a run of them).
    private static func forEachNode(_ nodes: [PatternNode], _ body: (PatternNode) -> Void) {
        for node in nodes {
            if case .sequence(let inner) = node {
                forEachNode(inner, body)
            } else {
                body(node)
            }
        }
    }
}
