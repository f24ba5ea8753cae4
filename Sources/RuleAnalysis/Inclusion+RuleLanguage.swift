import ASCIIBytes
import LinkMatcher

extension Inclusion {
    /// One pattern of a rule as an automaton over the text its rule's view reads, with what the
    /// pruning and the view changes need to know about it. The automaton is built when first
    /// needed; the nodes answer the common questions first.
    final class PartLanguage {
        let domain: TextDomain
        private let nodes: [PatternNode]

        private(set) lazy var automaton = PartAutomaton(nodes, isPath: domain.isPath)

        /// Accepts every text of its domain (`*`).
        private(set) lazy var isUniversal: Bool = {
            let allStars =
                !nodes.isEmpty
                && nodes.allSatisfy {
                    if case .anyRun = $0 { return true }
                    return false
                }
            if allStars { return true }
            // Every domain holds the empty text, so a pattern refusing it is not universal.
            guard PatternFacts.mayMatchEmpty(nodes), automaton.accepting[0] else { return false }
            return LanguageCheck.acceptsEverything(automaton, domain: domain) == .proven
        }()

        /// Accepts no text of its domain at all.
        private(set) lazy var isEmpty: Bool = {
            if PatternFacts.surelyMatchSomething(nodes, domain: domain) { return false }
            return automaton.sampleText(domain) == nil
                && LanguageCheck.acceptsSomething(automaton, domain: domain) == .refuted
        }()

        /// The one text the pattern matches when it is plain text (`v5` in `{"k": "v5"}`): then
        /// whether another part covers it is whether that part accepts the text.
        private(set) lazy var literalText: [UInt32]? = {
            var text: [UInt32] = []
            for node in nodes {
                guard case .literal(let scalar) = node else { return nil }
                text.append(scalar)
            }
            return text
        }()

        /// Some accepted text may hold a `%`: decoding could change it (SEMANTICS.md S7). Asked
        /// only of rules whose decodings differ, so found when first asked (a `$(lang)` has
        /// hundreds of values to read).
        private(set) lazy var mayReadPercent = PatternFacts.mayRead(0x25, nodes)

        init(_ nodes: [PatternNode], domain: TextDomain) {
            self.nodes = nodes
            self.domain = domain
        }
    }

    /// What a rule matches, part by part, as automata over its own view of the URL (SEMANTICS.md
    /// S4.1: a URL matches when its path, query and fragment all match). The path's automaton is
    /// built when first needed: most rules of a large file are literal paths, for which the one
    /// text they match answers every question.
    final class RuleLanguage {
        enum Query {
            case whole(PartLanguage)
            /// Constraints by item name; a name the URL lacks reads as the empty value (S4.3.2).
            case items([(name: String, value: PartLanguage)])
        }

        let folded: Bool
        let decoded: Bool
        let query: Query
        let fragment: PartLanguage
        /// The only path text a literal path pattern matches (its trailing slashes vanish, S5.4;
        /// a path never ends with one), or nil for a pattern with wildcards or variables.
        let literalPath: [UInt32]?
        /// Texts that begin and end every path the rule matches (its leading and trailing
        /// literal characters), case-folded: two rules whose prefixes (or suffixes) differ where
        /// both are defined match no common path.
        let prefix: [UInt32]
        let suffix: [UInt32]
        /// Literal runs of the path between wildcards, case-folded, in order.
        private let middleRuns: [[UInt32]]
        /// The path pattern's characters when it is plain text (most rules of a large file), so
        /// that it need not be parsed; else its parsed nodes.
        private let literalScalars: [UInt32]?
        private let parsedNodes: [PatternNode]
        let pathDomain: TextDomain

        private var pathNodes: [PatternNode] {
            literalScalars.map { $0.map(PatternNode.literal) } ?? parsedNodes
        }

        private(set) lazy var path = PartLanguage(pathNodes, domain: pathDomain)

        /// Parts already built for a file, by view and exact pattern text (`ExactText`): rules
        /// share most of them (`*` above all).
        struct Parts {
            fileprivate struct Key: Hashable {
                var view: UInt8
                var text: ExactText
            }
            fileprivate var known: [Key: PartLanguage] = [:]
        }

        init(_ rule: ResolvedRule, parser: PatternParser, parts: inout Parts) {
            folded = !rule.caseSensitive
            decoded = !rule.percentEncoded
            pathDomain = TextDomain(isPath: true, folded: folded, decoded: decoded)
            let partDomain = TextDomain(isPath: false, folded: folded, decoded: decoded)
            let view: UInt8 = (folded ? 1 : 0) | (decoded ? 2 : 0)
            let fold = folded
            func part(_ text: String, domain: TextDomain) -> PartLanguage {
                let key = Parts.Key(view: view, text: ExactText(text))
                if let known = parts.known[key] { return known }
                let made = PartLanguage(parser.parse(text, foldCase: fold), domain: domain)
                parts.known[key] = made
                return made
            }
            switch rule.query {
            case .whole(let text):
                query = .whole(part(text, domain: partDomain))
            case .items(let items):
                query = .items(items.map { ($0.name, part($0.pattern, domain: partDomain)) })
            }
            fragment = part(rule.fragment, domain: partDomain)
            let text = rule.path.unicodeScalars.drop { $0 == "/" }
            // Wildcards and variables are ASCII, so the UTF-8 bytes tell plain text apart.
            let wildcard = rule.path.utf8.contains { $0 == 0x2A || $0 == 0x3F }
            if !wildcard && (rule.isLegacyPath || !rule.path.utf8.contains(0x24)) {
                // What the parser makes of plain text: the characters, folded as the rule says.
                // Its one text begins and ends every path, with no runs between wildcards.
                let scalars = text.map { fold ? CaseFolding.fold($0.value) : $0.value }
                let leading = Self.trimmed(scalars)
                literalScalars = scalars
                parsedNodes = []
                literalPath = leading
                prefix = leading.map(CaseFolding.fold)
                suffix = prefix
                middleRuns = []
                return
            }
            literalScalars = nil
            parsedNodes = rule.pathNodes(parser: parser)
            let pathNodes = parsedNodes
            func literalRun(_ nodes: some Sequence<PatternNode>) -> [UInt32] {
                var scalars: [UInt32] = []
                for node in nodes {
                    guard case .literal(let scalar) = node else { break }
                    scalars.append(scalar)
                }
                return scalars
            }
            // A slash may vanish at the end of the path, and with it any slashes before it.
            let leading = Self.trimmed(literalRun(pathNodes))
            let trailing = Self.trimmed(literalRun(pathNodes.reversed()).reversed())
            let isLiteral = pathNodes.allSatisfy {
                if case .literal = $0 { return true }
                return false
            }
            literalPath = isLiteral ? leading : nil
            prefix = leading.map(CaseFolding.fold)
            suffix = trailing.map(CaseFolding.fold)
            // The literal runs between the first and the last wildcard, each of which every
            // matching path holds, in order.
            var runs: [[UInt32]] = [[]]
            for node in pathNodes {
                if case .literal(let scalar) = node {
                    runs[runs.count - 1].append(CaseFolding.fold(scalar))
                } else {
                    runs.append([])
                }
            }
            middleRuns =
                isLiteral
                ? [] : runs.dropFirst().dropLast().map(Self.trimmed).filter { !$0.isEmpty }
        }

        /// The `prefix` a rule's language has, from its path text alone; nil when the path may
        /// name a variable (only the parse tells a `$(name)` from a literal `$`).
        static func pathPrefix(_ rule: ResolvedRule) -> [UInt32]? {
            // Read in place: every rule of a 5,000-rule entry is indexed by it.
            var path = rule.path
            var nonASCII = false
            let prefix: [UInt32]? = path.withUTF8 { utf8 in
                var run: [UInt32] = []
                run.reserveCapacity(utf8.count)
                for byte in utf8 {
                    if byte >= 0x80 {
                        nonASCII = true
                        return nil
                    }
                    if byte == 0x2F && run.isEmpty { continue }
                    if byte == 0x2A || byte == 0x3F { break }
                    if byte == 0x24 && !rule.isLegacyPath { return nil }
                    run.append(UInt32(ASCII.lowercased(byte)))
                }
                while run.last == 0x2F { run.removeLast() }
                return run
            }
            return nonASCII ? nonASCIIPathPrefix(rule) : prefix
        }

        /// `pathPrefix` of a path with characters outside ASCII.
        private static func nonASCIIPathPrefix(_ rule: ResolvedRule) -> [UInt32]? {
            let fold = !rule.caseSensitive
            // The slashes dropped as `init` drops them: by scalar from a literal path, by
            // character from the text it parses (`ResolvedRule.pathNodes`).
            let wildcard = rule.path.utf8.contains { $0 == 0x2A || $0 == 0x3F }
            let text =
                wildcard
                ? rule.path.drop(while: { $0 == "/" }).unicodeScalars
                : rule.path.unicodeScalars.drop(while: { $0 == "/" })
            var run: [UInt32] = []
            for scalar in text {
                if scalar == "*" || scalar == "?" { break }
                if scalar == "$" && !rule.isLegacyPath { return nil }
                run.append(fold ? CaseFolding.fold(scalar.value) : scalar.value)
            }
            return trimmed(run).map(CaseFolding.fold)
        }

        private static func trimmed(_ run: [UInt32]) -> [UInt32] {
            var run = run
            while run.last == 0x2F { run.removeLast() }
            return run
        }

        /// True when the path matches no text: a variable without values, or a literal the view
        /// can never hold (`é` in a view that is not decoded).
        var pathIsEmpty: Bool {
            if let literalPath { return !literalPath.allSatisfy(pathDomain.admits) }
            return path.isEmpty
        }

        /// False when no path this rule matches can be `folded` (a path of another rule's view,
        /// where the views coincide up to case, case-folded): its literal beginning, end or runs
        /// between wildcards are missing.
        func pathMayAccept(folded: [UInt32]) -> Bool {
            guard folded.starts(with: prefix), folded.count >= suffix.count,
                folded[(folded.count - suffix.count)...].elementsEqual(suffix)
            else { return false }
            var from = prefix.count
            let end = folded.count - suffix.count
            for run in middleRuns {
                guard let found = Self.firstOccurrence(of: run, in: folded, from: from, before: end)
                else { return false }
                from = found + run.count
            }
            return true
        }

        /// A literal text that every path the rule matches holds, by which `SampleIndex` finds
        /// the rules that may accept a path without asking each: the path's literal end when it
        /// has one, else its longest literal run between wildcards; nil when it has neither.
        /// (`pathMayAccept` asks for both, so a rule it lets through is found by its anchor.)
        var anchor: SampleIndex.Anchor? {
            if !suffix.isEmpty { return .end(suffix) }
            guard let longest = middleRuns.max(by: { $0.count < $1.count }) else { return nil }
            return .inside(longest)
        }

        private static func firstOccurrence(
            of run: [UInt32], in text: [UInt32], from start: Int, before end: Int
        ) -> Int? {
            guard !run.isEmpty, start <= end - run.count else { return run.isEmpty ? start : nil }
            for position in start...(end - run.count)
            where text[position..<(position + run.count)].elementsEqual(run) {
                return position
            }
            return nil
        }

        /// A path the rule matches, read off its pattern when that is simple enough.
        var pathSampleFromNodes: [UInt32]? {
            PatternFacts.sampleText(pathNodes, domain: pathDomain)
        }

        /// True for a path whose automaton is large (an alternation such as `$(lang)`): worth
        /// building only when needed.
        private(set) lazy var pathIsLarge =
            (literalScalars?.count ?? PatternFacts.leafCount(parsedNodes, limit: 256)) > 256

        /// True when the path matches every text.
        var pathIsUniversal: Bool { literalPath == nil && path.isUniversal }

        /// Some matching path may hold a `%`.
        var pathMayReadPercent: Bool {
            if let literalPath { return literalPath.contains(0x25) }
            return path.mayReadPercent
        }

        /// True when no URL matches the rule (an undefined variable, an empty value list).
        var isEmpty: Bool {
            if fragment.isEmpty || pathIsEmpty { return true }
            switch query {
            case .whole(let whole): return whole.isEmpty
            case .items(let items): return items.contains { $0.value.isEmpty }
            }
        }

        var queryIsUniversal: Bool {
            switch query {
            case .whole(let whole): whole.isUniversal
            case .items(let items): items.allSatisfy { $0.value.isUniversal }
            }
        }

        /// Matches every URL: every later rule of its entry is dead.
        var isCatchAll: Bool { queryIsUniversal && fragment.isUniversal && pathIsUniversal }

        /// False when the two paths provably share no text: their prefixes or suffixes
        /// disagree. (Only meaningful when the two views coincide up to case.)
        func pathMayMeet(_ other: RuleLanguage) -> Bool {
            Self.compatible(prefix, other.prefix, fromEnd: false)
                && Self.compatible(suffix, other.suffix, fromEnd: true)
        }

        static func compatible(_ first: [UInt32], _ second: [UInt32], fromEnd: Bool) -> Bool {
            let count = min(first.count, second.count)
            return fromEnd
                ? first.suffix(count).elementsEqual(second.suffix(count))
                : first.prefix(count).elementsEqual(second.prefix(count))
        }
    }
}
