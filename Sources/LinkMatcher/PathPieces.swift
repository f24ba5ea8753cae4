import ASCIIBytes

/// A path pattern made of literal pieces and runs of wildcards that a few comparisons decide,
/// without an automaton: a literal prefix, literal middles each between runs of `*`, then
/// either a literal suffix that ends the path or a final run of `?`s (and maybe `*`).
///
/// | pattern | prefix | middles | end |
/// | --- | --- | --- | --- |
/// | `*.pdf` | | | suffix `.pdf` |
/// | `/orgs/*/repos/*/issues/open` | `orgs/` | `/repos/` | suffix `/issues/open` |
/// | `/u/*/posts/?*` | `u/` | `/posts/` | at least one more character |
/// | `/t/event-???` | `t/event-` | | exactly three more characters |
///
/// Each `*` takes what lies between its neighbours, which must not overlap, so the first
/// place each middle occurs after the one before is the place to take: a later one never
/// leaves more room. A `/` of a pattern vanishes only once the whole path is consumed and
/// nothing but `/` and `*` is left (S5.4): the suffix loses its trailing `/`s (a path key never
/// ends with one), and the closing `/`s of a last middle before a bare `*` may vanish
/// (`/a/*/b/*` takes `/a/x/b`): the path then ends with the rest of that middle
/// (`keptOfLastMiddle`). A pattern that could vanish further back (`/a/*/*`, whose middle is
/// all `/`) is not taken here.
struct PathPieces: Equatable {
    var prefix: [UInt8]
    var middles: [[UInt8]]
    /// Ends the path; empty when the pattern ends with a run of wildcards (its tail).
    var suffix: [UInt8]
    /// Characters (Unicode scalars, S5.2) the path holds after its last piece: exactly this
    /// many, or at least this many when `tailIsOpen`. Zero, closed, for a pattern with a suffix.
    var tailCount: Int
    var tailIsOpen: Bool

    init(
        prefix: [UInt8], middles: [[UInt8]], suffix: [UInt8], tailCount: Int = 0,
        tailIsOpen: Bool = false
    ) {
        (self.prefix, self.middles, self.suffix) = (prefix, middles, suffix)
        (self.tailCount, self.tailIsOpen) = (tailCount, tailIsOpen)
    }

    /// When the last middle ends with `/` and a bare `*` follows it, the length of what stays
    /// of it where the path ends instead: all but its closing `/`s (0 for a middle of `/`s
    /// alone, which `init?(_:)` does not take); else nil.
    var keptOfLastMiddle: Int? {
        guard tailIsOpen, tailCount == 0, let last = middles.last,
            last.last == UInt8(ascii: "/")
        else { return nil }
        return last.lastIndex { $0 != UInt8(ascii: "/") }.map { $0 + 1 } ?? 0
    }

    /// Most bytes of middles a pattern may have: each is searched for in the path, so their
    /// length bounds what a check costs per byte of path.
    static let longestMiddles = 64

    /// The pieces of a path pattern (leading `/` dropped); nil for a pattern of another form:
    /// no wildcard, a variable or a `?` before the last run, a tail after middles that is not
    /// open, or middles longer than `longestMiddles` in all.
    init?(_ nodes: [PatternNode]) {
        var pieces: [[UInt8]] = [[]]
        // Per run of wildcards: its `?`s and whether it holds a `*`.
        var runs: [(ones: Int, star: Bool)] = []
        var inRun = false
        for node in nodes {
            switch node {
            case .anyRun, .anyOne:
                if !inRun {
                    runs.append((0, false))
                    pieces.append([])
                    inRun = true
                }
                if node == .anyOne {
                    runs[runs.count - 1].ones += 1
                } else {
                    runs[runs.count - 1].star = true
                }
            case .literal(let scalar):
                TextTransform.appendUTF8(scalar, to: &pieces[pieces.count - 1])
                inRun = false
            default:
                return nil
            }
        }
        guard let tail = runs.last,
            runs.dropLast().allSatisfy({ $0.ones == 0 && $0.star })
        else { return nil }
        prefix = pieces[0]
        middles = Array(pieces.dropFirst().dropLast())
        guard middles.reduce(0, { $0 + $1.count }) <= Self.longestMiddles else { return nil }
        suffix = pieces[pieces.count - 1]
        (tailCount, tailIsOpen) = (tail.ones, tail.star)
        if !suffix.isEmpty {
            while suffix.last == UInt8(ascii: "/") { suffix.removeLast() }
            guard tail.ones == 0, !suffix.isEmpty else { return nil }
            (tailCount, tailIsOpen) = (0, false)
        } else if tailIsOpen {
            // `pre*` is a prefix rule; a last middle of `/`s alone may vanish whole.
            guard tailCount > 0 || !middles.isEmpty else { return nil }
        } else {
            guard middles.isEmpty else { return nil }
        }
        guard keptOfLastMiddle != 0 else { return nil }
    }

    /// Whether a group finds rules with these pieces by their middle, when others of their
    /// prefix have one too: a rule with one middle that cannot vanish (`PiecePlacement`).
    var isFoundByMiddle: Bool { middles.count == 1 && keptOfLastMiddle == nil }

    /// Whether nothing but the end of the path is checked (`*.pdf`): the suffix trie alone
    /// decides such a pattern.
    var isBareSuffix: Bool { prefix.isEmpty && middles.isEmpty && !suffix.isEmpty }
}

/// Path patterns as `PathPieces`, one after another in flat arrays, checked against a key
/// A rule (or keyed group entry) whose path is checked by its pieces.
struct RulePieces {
    let pieces: PathPieces
    let rule: Int32
}

/// The checks of `PathPieces` that a path index hands over: each member compares its pieces
/// one at a time. An index finds the few to check: `SuffixRules` by their suffix, the prefix
/// trie by their prefix (`PrefixTrie.Entry.Kind.checked`). Where many share a prefix
/// (`/u/*/posts/?*`, `/u/*/likes/?*`, ...), the prefix trie holds them as one group, and a
/// trie over their first middles, walked from each place of the rest of the path, finds the
/// ones to check (`PrefixTrie.Entry.Kind.group`).
struct PieceChecks: Sendable, BitwiseCopyable {
    struct Member: Sendable, BitwiseCopyable {
        var rule: Int32
        /// The prefix is `texts[textStart ..< textStart + prefixCount]`; the middles follow
        /// it, each ending at its `middleEnds` entry; then the suffix, `suffixCount` bytes.
        var textStart: Int32
        var prefixCount: Int32
        var middleStart: Int32
        var middleCount: Int32
        var suffixCount: Int32
        var tailCount: Int32
        var tailIsOpen: Bool
        /// `PathPieces.keptOfLastMiddle`, or -1.
        var keptOfLastMiddle: Int32
    }

    private let members: FrozenArray<Member>
    private let texts: FrozenArray<UInt8>
    private let middleEnds: FrozenArray<Int32>
    /// Per group, a trie over its members' first middles; an entry's `rule` is its member.
    private let groups: FrozenArray<PrefixTrie>
    /// Per group, the byte every first middle starts with, when they share one that is no
    /// ASCII letter (`/` in `/posts/`, `/likes/`: so case folding never changes it); else -1.
    private let soleFirstBytes: FrozenArray<Int16>
    /// Per group, its first middles by their text when each is one whole segment (`/posts/`);
    /// else empty, and its trie serves.
    private let segmentTables: FrozenArray<SegmentTable>

    var isEmpty: Bool { members.isEmpty }

    /// The rule (or keyed group entry) of member `index`.
    @inline(__always)
    func rule(_ index: Int32) -> Int32 { members[Int(index)].rule }

    /// Whether `key` matches member `index`, reading ASCII letters of the key as lower case
    /// when `foldASCII` is set. `suffixHolds`: the caller found the suffix at the key's end.
    @inline(__always)
    func matches(
        _ index: Int32, _ key: UnsafeBufferPointer<UInt8>, foldASCII: Bool, suffixHolds: Bool
    ) -> Bool {
        let member = members.pointer(at: Int(index))
        let prefixStart = Int(member.pointee.textStart)
        let prefixCount = Int(member.pointee.prefixCount)
        let suffixCount = Int(member.pointee.suffixCount)
        let end = key.count - suffixCount
        guard end >= prefixCount,
            holds(prefixStart..<prefixStart + prefixCount, key, at: 0, foldASCII)
        else { return false }
        // Prefix and suffix only (`/docs/manuals/*.pdf`), the commonest form, stops there.
        return (suffixHolds || holdsSuffix(member, key, foldASCII))
            && (member.pointee.middleCount == 0 && member.pointee.tailCount == 0
                || holdsMiddlesAndTail(member, key, end: end, foldASCII: foldASCII))
    }

    /// Appends to `candidates` the rules of a `checked` or `group` trie entry that the key
    /// matches, the key's first `start` bytes being their prefix. Out of line: the trie walk
    /// that meets such entries stays small.
    @inline(never)
    func collect(
        _ entry: PrefixTrie.Entry, _ key: UnsafeBufferPointer<UInt8>, from start: Int,
        foldASCII: Bool, into candidates: inout ScratchBuffer<Int32>
    ) {
        guard entry.kind == .group else {
            if matches(entry.rule, key, foldASCII: foldASCII, suffixHolds: false) {
                candidates.append(rule(entry.rule))
            }
            return
        }
        // Each place from `start` on where one of the group's first middles occurs names the
        // members to check.
        let segments = segmentTables.pointer(at: Int(entry.rule))
        if !segments.pointee.isEmpty {
            return collectBySegment(segments, key, from: start, foldASCII, into: &candidates)
        }
        let middles = groups.pointer(at: Int(entry.rule))
        func checkMiddles(at place: Int) {
            middles.pointee.walkForward(key: key, from: place, foldASCII: foldASCII) { entry in
                // A duplicate candidate (a member met again at a later place) is passed over
                // by `decide`.
                if holdsAfterFirstMiddle(entry.rule, key, at: place, foldASCII: foldASCII) {
                    candidates.append(rule(entry.rule))
                }
            }
        }
        let sole = soleFirstBytes[Int(entry.rule)]
        if sole >= 0 {
            // Only the places of that byte can start a middle: found by `memchr`.
            var place = start
            while let at = key.find(UInt8(sole), from: place, to: key.count) {
                checkMiddles(at: at)
                place = at + 1
            }
            return
        }
        for place in start..<key.count {
            let byte = foldASCII ? CaseFolding.foldASCII(key[place]) : key[place]
            // Most places start no middle.
            guard middles.pointee.rootChildren[Int(byte)] != PrefixTrie.noChild else { continue }
            checkMiddles(at: place)
        }
    }

    /// `collect` for a group whose first middles are whole segments: the one segment that
    /// starts at each `/` from `start` on is looked up.
    @inline(__always)
    private func collectBySegment(
        _ segments: UnsafePointer<SegmentTable>, _ key: UnsafeBufferPointer<UInt8>,
        from start: Int, _ foldASCII: Bool, into candidates: inout ScratchBuffer<Int32>
    ) {
        let slash = UInt8(ascii: "/")
        var place = start
        while let open = key.find(slash, from: place, to: key.count),
            let close = key.find(slash, from: open + 1, to: key.count)
        {
            let segment = UnsafeBufferPointer(rebasing: key[open...close])
            for member in segments.pointee.members(of: segment, foldASCII: foldASCII)
            where holdsAfterFirstMiddle(member, key, at: open, foldASCII: foldASCII) {
                candidates.append(rule(member))
            }
            // The closing `/` opens the next segment.
            place = close
        }
    }

    /// Whether the key matches member `index`, whose first middle occurs at `place`, after
    /// its prefix. With one middle, any place of it that leaves room for the tail or suffix
    /// proves a match (a `*` takes whatever lies before it), and a later place never leaves
    /// more room: the rest of the member is checked from there, without searching for the
    /// middle again. With more, the member is checked whole.
    @inline(__always)
    private func holdsAfterFirstMiddle(
        _ index: Int32, _ key: UnsafeBufferPointer<UInt8>, at place: Int, foldASCII: Bool
    ) -> Bool {
        let member = members.pointer(at: Int(index))
        guard member.pointee.middleCount == 1 else {
            return matches(index, key, foldASCII: foldASCII, suffixHolds: false)
        }
        let middleStart = Int(member.pointee.textStart + member.pointee.prefixCount)
        let position = place + Int(middleEnds[Int(member.pointee.middleStart)]) - middleStart
        let end = key.count - Int(member.pointee.suffixCount)
        guard position <= end, holdsSuffix(member, key, foldASCII) else { return false }
        return holdsTail(member, UnsafeBufferPointer(rebasing: key[position..<end]))
    }

    /// Whether `rest`, what follows the member's last middle, holds its tail's characters.
    @inline(__always)
    private func holdsTail(_ member: UnsafePointer<Member>, _ rest: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        let count = Int(member.pointee.tailCount)
        guard count > 0 else { return true }
        return member.pointee.tailIsOpen
            ? PartMatcher.hasCharacters(rest, atLeast: count)
            : PartMatcher.hasCharacters(rest, exactly: count)
    }

    /// Whether `key` holds `texts[text]` at `position` (which leaves room for it).
    @inline(__always)
    private func holds(
        _ text: Range<Int>, _ key: UnsafeBufferPointer<UInt8>, at position: Int, _ foldASCII: Bool
    ) -> Bool {
        for offset in 0..<text.count {
            let byte = key[position + offset]
            if (foldASCII ? CaseFolding.foldASCII(byte) : byte) != texts[text.lowerBound + offset] {
                return false
            }
        }
        return true
    }

    /// Whether the key ends with the member's suffix (the caller checked it has room).
    @inline(__always)
    private func holdsSuffix(
        _ member: UnsafePointer<Member>, _ key: UnsafeBufferPointer<UInt8>, _ foldASCII: Bool
    ) -> Bool {
        let suffixCount = Int(member.pointee.suffixCount)
        guard suffixCount > 0 else { return true }
        let middleCount = Int(member.pointee.middleCount)
        let suffixStart =
            middleCount > 0
            ? Int(middleEnds[Int(member.pointee.middleStart) + middleCount - 1])
            : Int(member.pointee.textStart + member.pointee.prefixCount)
        return holds(
            suffixStart..<suffixStart + suffixCount, key, at: key.count - suffixCount, foldASCII)
    }

    /// Whether the member's middles occur in order, apart, in `key[prefix end ..< end]`, each
    /// at the first place after the one before, and the tail's characters follow the last;
    /// or, for a last middle whose closing `/`s may vanish, the key ends with the rest of it.
    @inline(never)
    private func holdsMiddlesAndTail(
        _ member: UnsafePointer<Member>, _ key: UnsafeBufferPointer<UInt8>, end: Int,
        foldASCII: Bool
    ) -> Bool {
        var position = Int(member.pointee.prefixCount)
        var textStart = Int(member.pointee.textStart) + position
        let first = Int(member.pointee.middleStart)
        let after = first + Int(member.pointee.middleCount)
        for index in first..<after {
            let text = textStart..<Int(middleEnds[index])
            guard let found = place(of: text, in: key, from: position, end: end, foldASCII)
            else {
                let kept = Int(member.pointee.keptOfLastMiddle)
                return index == after - 1 && kept > 0 && end - kept >= position
                    && holds(textStart..<textStart + kept, key, at: end - kept, foldASCII)
            }
            position = found + text.count
            textStart = text.upperBound
        }
        return holdsTail(member, UnsafeBufferPointer(rebasing: key[position..<end]))
    }

    /// The first place at or after `position` where `key` holds `texts[text]` ending by `end`.
    /// A middle that starts with a byte case folding leaves alone (`/repos/`) is looked for
    /// at the places of that byte, found by `memchr`; another is tried at every place.
    @inline(__always)
    private func place(
        of text: Range<Int>, in key: UnsafeBufferPointer<UInt8>, from position: Int, end: Int,
        _ foldASCII: Bool
    ) -> Int? {
        let last = end - text.count
        guard position <= last else { return nil }
        let lead = texts[text.lowerBound]
        guard !(foldASCII && ASCII.isLetter(lead)) else {
            for place in position...last where holds(text, key, at: place, foldASCII) {
                return place
            }
            return nil
        }
        var place = position
        while let at = key.find(lead, from: place, to: last + 1) {
            if holds(text, key, at: at, foldASCII) { return at }
            place = at + 1
        }
        return nil
    }
}

extension PieceChecks {
    /// Member `i` checks `items[i].pieces` for `items[i].rule`. Group `g` finds the members
    /// `groups[g]`, which all have a middle.
    init(
        _ items: [RulePieces], groups: [[Int32]] = [], arena: Arena
    ) {
        var members: [Member] = []
        var texts: [UInt8] = []
        var middleEnds: [Int32] = []
        for item in items {
            let pieces = item.pieces
            members.append(
                Member(
                    rule: item.rule, textStart: Int32(texts.count),
                    prefixCount: Int32(pieces.prefix.count), middleStart: Int32(middleEnds.count),
                    middleCount: Int32(pieces.middles.count),
                    suffixCount: Int32(pieces.suffix.count), tailCount: Int32(pieces.tailCount),
                    tailIsOpen: pieces.tailIsOpen,
                    keptOfLastMiddle: Int32(pieces.keptOfLastMiddle ?? -1)))
            texts += pieces.prefix
            for middle in pieces.middles {
                texts += middle
                middleEnds.append(Int32(texts.count))
            }
            texts += pieces.suffix
        }
        let groupTries = groups.map { group in
            PrefixTrie(
                group.compactMap { member in
                    items[Int(member)].pieces.middles.first.map {
                        PrefixTrie.Item(
                            prefix: $0, entry: PrefixTrie.Entry(rule: member, kind: .prefix))
                    }
                }, arena: arena)
        }
        let soleFirstBytes = groups.map { group -> Int16 in
            let firsts = Set(group.compactMap { items[Int($0)].pieces.middles.first?.first })
            guard firsts.count == 1, let byte = firsts.first, !ASCII.isLetter(byte) else {
                return -1
            }
            return Int16(byte)
        }
        let segmentTables = groups.map { group in
            SegmentTable(
                group.compactMap { member in
                    items[Int(member)].pieces.middles.first.map { ($0, member) }
                }, arena: arena) ?? .empty
        }
        self.init(
            members: arena.freeze(members), texts: arena.freeze(texts),
            middleEnds: arena.freeze(middleEnds), groups: arena.freeze(groupTries),
            soleFirstBytes: arena.freeze(soleFirstBytes),
            segmentTables: arena.freeze(segmentTables))
    }
}
