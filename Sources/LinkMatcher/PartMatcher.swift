import ASCIIBytes
import LibC

/// How one piece of URL text (a path remainder, the query, a query item, the fragment) is
/// checked, picked as the cheapest form that gives the same answer as the full glob.
enum PartMatcher: Sendable {
    /// `*`: anything, absent included (SEMANTICS.md S3.1).
    case anything
    /// An undefined variable or an empty value list: nothing (S6.5).
    case nothing
    /// Literal text only.
    case exact(FrozenArray<UInt8>)
    /// Wildcards only, `n` of them `?`: any text of at least `n` characters (`?*` is the
    /// common "present and not empty" of query dictionaries).
    case atLeast(Int)
    /// Anything else.
    case glob(GlobProgram)

    /// How rarely the form matches an arbitrary text, the rarest first: the order in which a
    /// rule checks the parts that must all match.
    var failureRank: Int {
        switch self {
        case .nothing: 0
        case .exact: 1
        case .glob: 2
        case .atLeast: 3
        case .anything: 4
        }
    }

    /// Whether the form matches the empty text (an absent query or fragment, S4.3.2), when
    /// that is known without running a glob; nil for a glob.
    var matchesEmpty: Bool? {
        switch self {
        case .anything: true
        case .nothing: false
        case .exact(let literal): literal.isEmpty
        case .atLeast(let count): count == 0
        case .glob: nil
        }
    }

    /// Chooses the form. `slashesVanishAtEnd` is the path rule of S5.4, for which a literal
    /// with a `/` needs the glob's end handling rather than a plain comparison.
    init(
        _ nodes: [PatternNode], slashesVanishAtEnd: Bool, arena: Arena,
        budget: CompileBudget? = nil
    ) {
        if nodes.contains(.never) {
            self = .nothing
        } else if !nodes.isEmpty, nodes.allSatisfy(\.isAnyRun) {
            self = .anything
        } else if nodes.contains(where: \.isAnyRun),
            nodes.allSatisfy({ $0.isAnyRun || $0 == .anyOne })
        {
            self = .atLeast(nodes.count { $0 == .anyOne })
        } else if let literal = Self.literalBytes(nodes),
            !(slashesVanishAtEnd && literal.contains(UInt8(ascii: "/")))
        {
            self = .exact(arena.freeze(literal))
        } else {
            let program = GlobProgram(
                nodes, slashesVanishAtEnd: slashesVanishAtEnd, arena: arena, budget: budget)
            // An incomplete program answers nothing; its rule set is refused anyway.
            self =
                program.acceptsNothing || budget?.isExhausted == true ? .nothing : .glob(program)
        }
    }

    /// The UTF-8 bytes of a pattern made only of literal characters.
    static func literalBytes(_ nodes: [PatternNode]) -> [UInt8]? {
        var bytes: [UInt8] = []
        for node in nodes {
            guard case .literal(let scalar) = node else { return nil }
            TextTransform.appendUTF8(scalar, to: &bytes)
        }
        return bytes
    }

    @inline(__always)
    func matches(_ text: UnsafeBufferPointer<UInt8>, scratch: inout GlobScratch) -> Bool {
        switch self {
        case .anything: true
        case .nothing: false
        case .exact(let literal): Self.equal(literal.buffer, text)
        case .atLeast(let count): Self.hasCharacters(text, atLeast: count)
        case .glob(let program): program.matches(text, scratch: &scratch)
        }
    }
}

extension PartMatcher {
    /// Whether `text` holds at least `count` characters (Unicode scalars, S5.2). A scalar takes
    /// one to four bytes (an invalid byte is read alone), so the byte count settles most
    /// texts, and an ASCII text has a character per byte; only other texts are decoded.
    @inline(__always)
    static func hasCharacters(_ text: UnsafeBufferPointer<UInt8>, atLeast count: Int) -> Bool {
        if text.count < count { return false }
        if count <= 1 || text.count >= 4 * count || text.isASCII { return true }
        var index = 0
        var seen = 0
        while index < text.count && seen < count {
            index += UTF8Scalars.decode(text, at: index).1
            seen += 1
        }
        return seen >= count
    }

    /// Whether `text` holds exactly `count` characters (Unicode scalars, S5.2): as
    /// `hasCharacters(_:atLeast:)`, the byte count and an ASCII text settle most.
    @inline(__always)
    static func hasCharacters(_ text: UnsafeBufferPointer<UInt8>, exactly count: Int) -> Bool {
        guard text.count >= count, text.count <= 4 * count else { return false }
        if text.isASCII { return text.count == count }
        var index = 0
        var seen = 0
        while index < text.count && seen <= count {
            index += UTF8Scalars.decode(text, at: index).1
            seen += 1
        }
        return seen == count
    }

    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }
}

extension GlobProgram {
    /// True when no state reachable from the start can ever accept (e.g. `a$(nope)`).
    var acceptsNothing: Bool {
        var reachable = [Bool](repeating: false, count: stateCount)
        var stack: [Int32] = [GlushkovBuilder.start]
        reachable[Int(GlushkovBuilder.start)] = true
        while let state = stack.popLast() {
            if acceptsAtEnd[Int(state)] { return false }
            for edge in Int(followStart[Int(state)])..<Int(followStart[Int(state) + 1]) {
                let next = follow[edge]
                if !reachable[Int(next)] {
                    reachable[Int(next)] = true
                    stack.append(next)
                }
            }
        }
        return true
    }
}
