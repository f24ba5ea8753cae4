/// Turns one request path into the patterns that generalise it, by the shape of its segments
/// (`SegmentShape`): varying values become `*`, locales `$(lang)`/`$(region)`, and a path
/// also counts for the prefixes it lies under.
///
/// For `/products/4815/reviews` the patterns are `/products/*/reviews` (its shape),
/// `/products/*` (a literal prefix, then anything) and `/products/4815/*` is not one, since
/// `4815` varies. A literal segment in second or last place is also tried as `*`
/// (`/users/alice/posts` gives `/users/*/posts`): a word that changes per request (a user
/// name, a product handle) looks like any other word on its own. A language code in first
/// place gives each pattern twice, with `$(lang)` and as written (`/id/...` may be
/// Indonesian, or not). Patterns are counted over the traffic, so the ones that hold many requests surface.
public struct PathGeneraliser: Sendable {
    /// Whether `$(lang)` and `$(region)` may be written: not in legacy `paths` (where `$(...)`
    /// is literal text), nor when the file defines its own variables of those names.
    public var writesLocaleVariables: Bool

    /// Segments looked at; a deeper path counts only for its prefixes.
    public static let segmentLimit = 8
    /// Longer patterns are not produced: no rule worth suggesting is that long.
    public static let patternLimit = 240

    public init(writesLocaleVariables: Bool) {
        self.writesLocaleVariables = writesLocaleVariables
    }

    /// The patterns for `path` (the path part of a request target), each once, into
    /// `patterns`, which is emptied first and reuses its memory.
    public func patterns(forPath path: UnsafeBufferPointer<UInt8>, into patterns: inout PatternList)
    {
        patterns.removeAll()
        patterns.load(path)
        let count = patterns.segments.count
        guard count > 0 else {
            patterns.appendPattern([UInt8(ascii: "/")])
            return
        }
        let whole = count <= Self.segmentLimit
        let depth = min(count, Self.segmentLimit)
        // A bare two-letter code may be a word (`/id/4815`); `en_US` is a locale for sure.
        let literalFirstChoices = patterns.shapes[0] == .language ? [false, true] : [false]
        for literalFirst in literalFirstChoices {
            if whole {
                append(upTo: count, wild: nil, literalFirst: literalFirst, into: &patterns)
            }
            for prefix in stride(from: 1, through: min(depth, count - 1), by: 1)
            where !patterns.shapes[prefix - 1].isVariable {
                append(upTo: prefix, wild: nil, literalFirst: literalFirst, into: &patterns)
                patterns.finishPattern(trailingStar: true)
            }
            guard whole else { continue }
            for position in [1, count - 1]
            where position >= 1 && position < count && patterns.shapes[position].isLiteral {
                append(upTo: count, wild: position, literalFirst: literalFirst, into: &patterns)
            }
        }
    }

    /// The patterns of a path given as text (tests, examples).
    public func patterns(forPath path: String) -> [String] {
        var list = PatternList()
        Array(path.utf8).withUnsafeBufferPointer { patterns(forPath: $0, into: &list) }
        return list.strings
    }

    /// Writes `/seg/seg/...` for the first `prefix` segments into the pattern being built; a
    /// whole path (`prefix == count`) is finished here, a prefix by the caller.
    private func append(
        upTo prefix: Int, wild: Int?, literalFirst: Bool, into patterns: inout PatternList
    ) {
        patterns.startPattern()
        for index in 0..<prefix {
            patterns.building.append(UInt8(ascii: "/"))
            if index == wild {
                patterns.building.append(UInt8(ascii: "*"))
            } else {
                appendSegment(index, literal: literalFirst && index == 0, into: &patterns)
            }
        }
        if prefix == patterns.segments.count { patterns.finishPattern(trailingStar: false) }
    }

    private static let language = Array("$(lang)".utf8)
    private static let region = Array("$(region)".utf8)
    private static let twoAny = Array("??".utf8)

    private func appendSegment(_ index: Int, literal: Bool, into patterns: inout PatternList) {
        let range = patterns.segments[index]
        switch patterns.shapes[index] {
        case .literal:
            patterns.building += patterns.path[range]
        case .variable:
            patterns.building.append(UInt8(ascii: "*"))
        case .language:
            if literal {
                patterns.building += patterns.path[range]
            } else {
                patterns.building += writesLocaleVariables ? Self.language : Self.twoAny
            }
        case .locale(let languageLength, let separator, let upperRegion):
            if literal {
                patterns.building += patterns.path[range]
            } else if writesLocaleVariables {
                patterns.building += Self.language
                patterns.building.append(separator)
                patterns.building += upperRegion ? Self.region : Self.twoAny
            } else {
                patterns.building += Array(repeating: UInt8(ascii: "?"), count: languageLength)
                patterns.building += [separator, UInt8(ascii: "?"), UInt8(ascii: "?")]
            }
        }
    }
}

/// Patterns of one path, in reusable memory: one generaliser call per observed request must
/// not allocate once the buffers have grown.
public struct PatternList: Sendable {
    /// The patterns back to back; pattern `i` ends at `ends[i]`.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// The path being generalised, its segments and their shapes.
    fileprivate(set) var path: [UInt8] = []
    fileprivate(set) var segments: [Range<Int>] = []
    fileprivate(set) var shapes: [SegmentShape] = []
    /// The pattern being written.
    fileprivate var building: [UInt8] = []

    public init() {}

    public var count: Int { ends.count }

    /// Pattern `index`'s bytes.
    public subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    public var strings: [String] {
        (0..<count).map { String(decoding: self[$0], as: UTF8.self) }
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// Copies the path and splits it: leading and trailing `/` do not count (SEMANTICS.md
    /// S5.3, S5.4: both sides are stripped before matching).
    fileprivate mutating func load(_ source: UnsafeBufferPointer<UInt8>) {
        path.removeAll(keepingCapacity: true)
        path.append(contentsOf: source)
        segments.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        var start = 0
        var end = path.count
        while start < end, path[start] == UInt8(ascii: "/") { start += 1 }
        while end > start, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard start < end else { return }
        var segmentStart = start
        for index in start...end where index == end || path[index] == UInt8(ascii: "/") {
            let range = segmentStart..<index
            segments.append(range)
            shapes.append(SegmentShape.classify(path[range], first: segments.count == 1))
            segmentStart = index + 1
            if segments.count > PathGeneraliser.segmentLimit { break }
        }
    }

    fileprivate mutating func startPattern() {
        building.removeAll(keepingCapacity: true)
    }

    /// Adds the pattern being written. Trailing `/*/*` is written `/*`: a `/*` tail may
    /// vanish at the end of the path (SEMANTICS.md S5.4) and `*` crosses `/`, so both match
    /// the same paths.
    fileprivate mutating func finishPattern(trailingStar: Bool) {
        if trailingStar { building += [UInt8(ascii: "/"), UInt8(ascii: "*")] }
        while building.count >= 4, building[building.count - 1] == UInt8(ascii: "*"),
            building[building.count - 2] == UInt8(ascii: "/"),
            building[building.count - 3] == UInt8(ascii: "*"),
            building[building.count - 4] == UInt8(ascii: "/")
        {
            building.removeLast(2)
        }
        appendPattern(building)
    }

    /// Adds `pattern` unless it is too long or already listed.
    fileprivate mutating func appendPattern(_ pattern: [UInt8]) {
        guard pattern.count <= PathGeneraliser.patternLimit else { return }
        var start = 0
        for end in ends {
            if end - start == pattern.count, bytes[start..<end].elementsEqual(pattern) { return }
            start = end
        }
        bytes += pattern
        ends.append(bytes.count)
    }
}
