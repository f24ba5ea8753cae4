/// A `<uri-relative-filter-group>` (A4.6), or a dynamic rule, which Android turns into one
/// (A7.3): matchers on the path, on one query parameter or on the fragment, all of which must
/// match; then the group allows or blocks.
struct CompiledGroup: Sendable {
    struct Matcher: Sendable {
        var part: UriPart
        var program: PatternProgram
    }

    /// True for an allow group (a rule without `exclude`).
    let allow: Bool
    let matchers: [Matcher]

    /// A manifest group.
    init(_ group: UriRelativeFilterGroup) {
        allow = group.allow
        matchers = Self.cheapestFirst(
            group.filters.map { Matcher(part: $0.part, program: PatternProgram($0.pattern)) })
    }

    /// A dynamic rule: its path, fragment and each `name: pattern` of its `?` as the pattern
    /// `name=pattern` on one parameter (A7.3).
    init(_ rule: DynamicAppLinkComponent) {
        allow = !rule.exclude
        var matchers: [Matcher] = []
        if let path = rule.path {
            matchers.append(Matcher(part: .path, program: PatternProgram(wildcards: path)))
        }
        if let fragment = rule.fragment {
            matchers.append(Matcher(part: .fragment, program: PatternProgram(wildcards: fragment)))
        }
        for entry in rule.query ?? [] {
            matchers.append(
                Matcher(
                    part: .query, program: PatternProgram(wildcards: entry.name + "=" + entry.value)
                )
            )
        }
        self.matchers = Self.cheapestFirst(matchers)
    }

    /// `matchers` in the order they are cheapest to run: all of them must match, so the
    /// order changes no answer, and a rule that fails (most do) fails sooner. A comparison of
    /// units before a program of steps, the path (one text) before the fragment, and those
    /// before a query parameter (each parameter in turn): `/search` with `type=users` tests
    /// `type` before `q=?*`.
    private static func cheapestFirst(_ matchers: [Matcher]) -> [Matcher] {
        // Most rules have one matcher: nothing to sort.
        guard matchers.count > 1 else { return matchers }
        func cost(_ matcher: Matcher) -> Int {
            let form =
                switch matcher.program.form {
                case .never: 0
                case .literal: 1
                case .prefix, .suffix: 2
                case .steps: 3
                }
            let part =
                switch matcher.part {
                case .path: 0
                case .fragment: 1
                case .query: 2
                }
            return form * 3 + part
        }
        return matchers.enumerated()
            .sorted { (cost($0.element), $0.offset) < (cost($1.element), $1.offset) }
            .map(\.element)
    }

    /// Whether every matcher matches; a group without matchers never does. The path is known
    /// to start with the first `knownPath` units of the path pattern (`PatternProgram`), or,
    /// with `pathMatches`, known to match it.
    /// Inlined: a dynamic rule's candidates call it in a loop.
    @inline(__always)
    func matches<Unit: TextUnit>(
        _ url: URLUnits, _ units: UnsafeBufferPointer<Unit>,
        parameters: UnsafeBufferPointer<Range<Int>>,
        knownPath: Int = 0, pathMatches: Bool = false
    ) -> Bool {
        // Over a plain buffer: iterating the array would copy each matcher, retaining its
        // program's arrays.
        matchers.withUnsafeBufferPointer { matchers in
            guard !matchers.isEmpty else { return false }
            for index in matchers.indices {
                // Read in place: a copy of the program would retain its arrays.
                switch matchers[index].part {
                case .path:
                    if pathMatches { continue }
                    let path = UnsafeBufferPointer(rebasing: units[url.path])
                    guard matchers[index].program.matches(path, known: knownPath) else {
                        return false
                    }
                case .fragment:
                    guard let fragment = url.fragment,
                        matchers[index].program.matches(
                            UnsafeBufferPointer(rebasing: units[fragment]))
                    else { return false }
                case .query:
                    guard url.query != nil,
                        parameters.contains(where: {
                            matchers[index].program.matches(
                                UnsafeBufferPointer(rebasing: units[$0]))
                        })
                    else { return false }
                }
            }
            return true
        }
    }
}
