import LinkMatcher

/// The cells of the URL space under the rules of one or two files: a URL's path, query and
/// fragment each fall in one cell of their part (`PartCells`), and the URLs of one cell of
/// each part are matched by the same rules, so every file decides them alike. One URL stands
/// for each combination. Exact where `complete`; `notes` say where it is not (a budget
/// reached, texts a decoding rule reads otherwise, queries read both whole and item by item).
struct URLCells {
    /// How a rule reads the query: indices into the query's pattern lists.
    enum QueryRead {
        case any
        case whole(Int32)
        /// Per constrained item: the index of its name in `names`, and of its value pattern
        /// in that name's list.
        case items([(name: Int, value: Int32)])
    }

    /// What one rule reads of each part; nil for a part it accepts whole (`*`).
    struct RuleParts {
        var path: Int32?
        var query: QueryRead
        var fragment: Int32?
        /// True when no URL matches the rule (an empty or undefined variable, text no URL holds).
        var matchesNothing: Bool
    }

    /// One cell of the query: a text, the whole-query patterns that accept it, and per item
    /// name the value patterns that every occurrence of the name (or `""` when it has none)
    /// satisfies.
    struct QueryCell {
        var text: [UInt8]
        var whole: Set<Int32>
        var items: [Set<Int32>]
    }

    /// `parts[side][rule]`.
    private(set) var parts: [[RuleParts]] = []
    private(set) var paths: PartCells
    private(set) var fragments: PartCells
    private(set) var queries: [QueryCell] = []
    /// Item names read by some rule, in order of first use.
    private(set) var names: [String] = []
    private(set) var complete = true
    /// States the constructions of the parts visited: the cost of the cells.
    private(set) var states = 0
    /// Why the cells may miss some URLs, one sentence each.
    private(set) var notes: [String] = []

    /// Most combinations of cells of the three parts that `combinations` yields.
    static let combinationLimit = 100_000

    /// The cells of the rules of each side (each with its file's pattern parser).
    init(
        _ sides: [(rules: [ResolvedRule], parser: PatternParser)],
        budget: Int = PartCells.defaultBudget
    ) {
        var pathAutomata: [Inclusion.PartAutomaton] = []
        var fragmentAutomata: [Inclusion.PartAutomaton] = []
        var wholeAutomata: [Inclusion.PartAutomaton] = []
        var valueAutomata: [[Inclusion.PartAutomaton]] = []
        var decodedParts = Set<String>()
        for side in sides {
            // Rules share their parts (`*` above all); the same text may serve several lists.
            struct Key: Hashable {
                var part: ObjectIdentifier
                var list: Int
            }
            var known: [Key: Int32] = [:]
            var languageParts = Inclusion.RuleLanguage.Parts()
            var sideParts: [RuleParts] = []
            // Parts are told apart by identity: every language stays alive until the end.
            var languages: [Inclusion.RuleLanguage] = []
            for rule in side.rules {
                let language = Inclusion.RuleLanguage(
                    rule, parser: side.parser, parts: &languageParts)
                languages.append(language)
                func index(
                    _ part: Inclusion.PartLanguage, _ list: inout [Inclusion.PartAutomaton],
                    _ name: String, tag: Int
                ) -> Int32? {
                    if part.isUniversal { return nil }
                    if language.decoded { decodedParts.insert(name) }
                    let key = Key(part: ObjectIdentifier(part), list: tag)
                    if let found = known[key] { return found }
                    let automaton =
                        language.folded
                        ? part.automaton.mapped {
                            Inclusion.FoldSets.preimage($0, asciiText: true, wide: false)
                        } : part.automaton
                    list.append(automaton)
                    known[key] = Int32(list.count - 1)
                    return Int32(list.count - 1)
                }
                let path =
                    language.literalPath == nil && language.path.isUniversal
                    ? nil : index(language.path, &pathAutomata, "path", tag: 0)
                let fragment = index(language.fragment, &fragmentAutomata, "fragment", tag: 1)
                let query: QueryRead
                switch language.query {
                case .whole(let part):
                    query =
                        index(part, &wholeAutomata, "query", tag: 2).map(QueryRead.whole) ?? .any
                case .items(let items):
                    var read: [(name: Int, value: Int32)] = []
                    for item in items where !item.value.isUniversal {
                        let at: Int
                        if let found = names.firstIndex(of: item.name) {
                            at = found
                        } else {
                            names.append(item.name)
                            valueAutomata.append([])
                            at = names.count - 1
                        }
                        if let value = index(
                            item.value, &valueAutomata[at], "query", tag: 3 + at)
                        {
                            read.append((at, value))
                        }
                    }
                    query = read.isEmpty ? .any : .items(read)
                }
                sideParts.append(
                    RuleParts(
                        path: path, query: query, fragment: fragment,
                        matchesNothing: language.isEmpty))
            }
            parts.append(sideParts)
            withExtendedLifetime(languages) {}
        }
        paths = PartCells(
            pathAutomata, part: .path, withoutPercent: decodedParts.contains("path"),
            budget: budget)
        fragments = PartCells(
            fragmentAutomata, part: .fragment, withoutPercent: decodedParts.contains("fragment"),
            budget: budget)
        states = paths.states + fragments.states
        for name in decodedParts.sorted() {
            notes.append(
                "a rule with \"percentEncoded\": false reads the \(name): URLs whose \(name) "
                    + "holds a percent escape are sampled, not enumerated")
        }
        complete = decodedParts.isEmpty
        if !paths.complete || !fragments.complete {
            complete = false
            notes.append("the path or fragment patterns form more cells than the budget allows")
        }
        queries = makeQueries(
            whole: wholeAutomata, values: valueAutomata,
            withoutPercent: decodedParts.contains("query"), budget: budget)
    }

    // MARK: Matching

    /// Whether rule `rule` of side `side` matches the URLs of the cell.
    func matches(side: Int, rule: Int, path: Int, query: Int, fragment: Int) -> Bool {
        let read = parts[side][rule]
        if read.matchesNothing { return false }
        if let pattern = read.path, !Self.holds(paths.cells[path].patterns, pattern) {
            return false
        }
        if let pattern = read.fragment, !Self.holds(fragments.cells[fragment].patterns, pattern) {
            return false
        }
        switch read.query {
        case .any:
            return true
        case .whole(let pattern):
            return queries[query].whole.contains(pattern)
        case .items(let items):
            return items.allSatisfy { queries[query].items[$0.name].contains($0.value) }
        }
    }

    /// Whether a sorted signature holds `pattern`.
    private static func holds(_ patterns: [Int32], _ pattern: Int32) -> Bool {
        var low = 0
        var high = patterns.count
        while low < high {
            let middle = (low + high) / 2
            if patterns[middle] < pattern { low = middle + 1 } else { high = middle }
        }
        return low < patterns.count && patterns[low] == pattern
    }

    /// The request target of a cell: `/path?query#fragment`, leaving out an empty query
    /// or fragment (which read as an absent one, SEMANTICS.md S3.1).
    func target(path: Int, query: Int, fragment: Int) -> String {
        var bytes = [UInt8(ascii: "/")] + paths.cells[path].text
        if !queries[query].text.isEmpty { bytes += [UInt8(ascii: "?")] + queries[query].text }
        if !fragments.cells[fragment].text.isEmpty {
            bytes += [UInt8(ascii: "#")] + fragments.cells[fragment].text
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every combination of a path, query and fragment cell, up to `combinationLimit`; past it
    /// each path cell with the plainest query and fragment, then the rest as room allows.
    func combinations() -> (cells: [(path: Int, query: Int, fragment: Int)], complete: Bool) {
        let (p, q, f) = (paths.cells.count, queries.count, fragments.cells.count)
        var cells: [(path: Int, query: Int, fragment: Int)] = []
        if p * q * f <= Self.combinationLimit {
            cells.reserveCapacity(p * q * f)
            for path in 0..<p {
                for query in 0..<q {
                    for fragment in 0..<f { cells.append((path, query, fragment)) }
                }
            }
            return (cells, true)
        }
        for path in 0..<p { cells.append((path, 0, 0)) }
        outer: for query in 0..<q {
            for fragment in 0..<f where query > 0 || fragment > 0 {
                for path in 0..<p {
                    if cells.count >= Self.combinationLimit { break outer }
                    cells.append((path, query, fragment))
                }
            }
        }
        return (cells, false)
    }

    // MARK: Query

    /// The query cells: of whole-query patterns by construction, of item constraints as the
    /// combinations of each name's value cells (SEMANTICS.md S4.3.2: every occurrence of a
    /// name must match; an absent item reads as `""`).
    private mutating func makeQueries(
        whole: [Inclusion.PartAutomaton], values: [[Inclusion.PartAutomaton]],
        withoutPercent: Bool, budget: Int
    ) -> [QueryCell] {
        var cells: [QueryCell] = []
        if !whole.isEmpty {
            let found = PartCells(
                whole, part: .query, withoutPercent: withoutPercent, budget: budget)
            if !found.complete {
                complete = false
                notes.append("the query patterns form more cells than the budget allows")
            }
            cells += found.cells.map { cell in
                QueryCell(
                    text: cell.text, whole: Set(cell.patterns),
                    items: Self.itemSignatures(cell.text, names: names, values: values))
            }
        }
        if !values.isEmpty {
            var perName: [[(signature: Set<Int32>, values: [[UInt8]])]] = []
            for automata in values {
                let found = PartCells(
                    automata, part: .queryValue, withoutPercent: withoutPercent, budget: budget)
                states += found.states
                if !found.complete {
                    complete = false
                    notes.append(
                        "a query item's value patterns form more cells than the budget allows")
                }
                perName.append(Self.occurrenceSignatures(found.cells))
            }
            var combos: [[Int]] = [[]]
            for options in perName {
                var next: [[Int]] = []
                for combo in combos {
                    for option in options.indices {
                        if next.count >= Self.combinationLimit { break }
                        next.append(combo + [option])
                    }
                }
                if next.count >= Self.combinationLimit {
                    complete = false
                    notes.append("query items combine into more cells than the limit allows")
                }
                combos = next
            }
            for combo in combos {
                var items: [[UInt8]] = []
                for (name, option) in combo.enumerated() {
                    let encodedName = Array(
                        WitnessCandidates.encoded(names[name], decoded: false, alsoEncoding: "#&=")
                            .utf8)
                    let occurrences = perName[name][option].values
                    // A single empty value reads as the absent item: leave it out.
                    if occurrences == [[]] { continue }
                    for value in occurrences {
                        items.append(encodedName + [UInt8(ascii: "=")] + value)
                    }
                }
                let text = Array(items.joined(separator: [UInt8(ascii: "&")]))
                cells.append(
                    QueryCell(
                        text: text,
                        whole: Set(
                            whole.indices.filter { whole[$0].accepts(text.map(UInt32.init)) }
                                .map(Int32.init)),
                        items: combo.enumerated().map { perName[$0.offset][$0.element].signature }))
            }
        }
        if !whole.isEmpty && !values.isEmpty {
            complete = false
            notes.append(
                "some rules read the query whole and others item by item: the query cells "
                    + "are sampled from both")
        }
        if cells.isEmpty {
            cells.append(QueryCell(text: [], whole: [], items: []))
        }
        return cells
    }

    /// The signatures one name's occurrences can give together: each value cell's, and the
    /// intersections of several (`?id=1&id=2` satisfies what both values satisfy), each with
    /// the values that give it.
    private static func occurrenceSignatures(_ cells: [PartCells.Cell])
        -> [(signature: Set<Int32>, values: [[UInt8]])]
    {
        var found: [(signature: Set<Int32>, values: [[UInt8]])] = []
        var seen = Set<Set<Int32>>()
        // The empty value first: its signature is that of the absent item.
        let ordered = cells.sorted { $0.text.count < $1.text.count }
        for cell in ordered {
            let signature = Set(cell.patterns)
            if seen.insert(signature).inserted { found.append((signature, [cell.text])) }
        }
        var head = 0
        while head < found.count, found.count < 256 {
            let current = found[head]
            head += 1
            for other in found.prefix(head) {
                let both = current.signature.intersection(other.signature)
                if seen.insert(both).inserted {
                    found.append((both, current.values + other.values))
                }
            }
        }
        return found
    }

    /// For a whole query text, per name the value patterns every occurrence satisfies.
    private static func itemSignatures(
        _ text: [UInt8], names: [String], values: [[Inclusion.PartAutomaton]]
    ) -> [Set<Int32>] {
        var occurrences: [[UInt8]: [[UInt8]]] = [:]
        if !text.isEmpty {
            for item in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                let pair = item.split(
                    separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                occurrences[Array(pair[0]), default: []].append(
                    pair.count > 1 ? Array(pair[1]) : [])
            }
        }
        return names.enumerated().map { index, name in
            let found = occurrences[Array(name.utf8)] ?? [[]]
            return Set(
                values[index].indices.filter { pattern in
                    found.allSatisfy { values[index][pattern].accepts($0.map(UInt32.init)) }
                }.map(Int32.init))
        }
    }
}
