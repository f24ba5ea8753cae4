import LinkMatcher

extension Inclusion {
    /// What can be told of a pattern from its nodes alone, without building its automaton (a
    /// `$(lang)` pattern has a thousand positions). Each answer errs on the side its caller can
    /// afford: "may" answers can be too generous, "surely" answers too strict.
    enum PatternFacts {
        /// False only when the pattern cannot match the empty text (a path's slashes count as
        /// able to vanish, S5.4).
        static func mayMatchEmpty(_ nodes: [PatternNode]) -> Bool {
            nodes.allSatisfy(mayMatchEmpty)
        }

        private static func mayMatchEmpty(_ node: PatternNode) -> Bool {
            switch node {
            case .anyRun: true
            case .literal(let scalar): scalar == 0x2F
            case .anyOne, .oneOf, .never: false
            case .sequence(let nodes): nodes.allSatisfy(mayMatchEmpty)
            case .choice(let alternatives): alternatives.contains(where: mayMatchEmpty)
            }
        }

        /// False only when no matched text can hold `scalar`.
        static func mayRead(_ scalar: UInt32, _ nodes: [PatternNode]) -> Bool {
            // A wildcard reads anything: looked for before the choices are walked (a `$(lang)`
            // has hundreds of values, walked in vain when a `*` follows).
            let wildcard = nodes.contains {
                switch $0 {
                case .anyRun, .anyOne: true
                default: false
                }
            }
            return wildcard || nodes.contains { mayRead(scalar, $0) }
        }

        private static func mayRead(_ scalar: UInt32, _ node: PatternNode) -> Bool {
            switch node {
            case .anyRun, .anyOne: true
            case .literal(let literal): literal == scalar
            case .oneOf(let set): set.contains(scalar)
            case .never: false
            case .sequence(let nodes), .choice(let nodes): nodes.contains { mayRead(scalar, $0) }
            }
        }

        /// True when the pattern surely matches some text of the domain: every character it
        /// names outside a choice possible in the view, and of each choice an alternative that is
        /// the same and neither empty nor starting with `/` (a path's text never starts with
        /// one). A text is then made of those alternatives, a letter for each wildcard, and the
        /// final slashes let vanish. False means "unsure".
        static func surelyMatchSomething(_ nodes: [PatternNode], domain: TextDomain) -> Bool {
            if domain.isPath, case .literal(0x2F)? = nodes.first { return false }
            return nodes.allSatisfy { surelyMatch($0, domain) }
        }

        private static func surelyMatch(_ node: PatternNode, _ domain: TextDomain) -> Bool {
            switch node {
            case .anyRun, .anyOne: return true
            case .literal(let scalar): return domain.admits(scalar)
            case .oneOf(let set): return ScalarSet(set).asciiMembers.contains(where: domain.admits)
            case .never: return false
            case .sequence(let nodes): return nodes.allSatisfy { surelyMatch($0, domain) }
            case .choice(let alternatives):
                return alternatives.contains { alternative in
                    guard let first = firstLeaf(alternative) else { return false }
                    if case .literal(0x2F) = first { return false }
                    return surelyMatch(alternative, domain)
                }
            }
        }

        /// A short text the pattern matches in the domain, read off its nodes: literals as they
        /// are, `~` for each `?` (and for a `*` opening a path, which must not start with `/`),
        /// nothing for other `*`, the first possible member of a class, final slashes let vanish.
        /// Nil for patterns with alternatives, or characters the view cannot hold.
        static func sampleText(_ nodes: [PatternNode], domain: TextDomain) -> [UInt32]? {
            var text: [UInt32] = []
            for node in nodes {
                switch node {
                case .literal(let scalar):
                    guard domain.admits(scalar) else { return nil }
                    text.append(scalar)
                case .anyOne:
                    text.append(0x7E)
                case .anyRun:
                    if text.isEmpty && domain.isPath { text.append(0x7E) }
                case .oneOf(let set):
                    guard let member = ScalarSet(set).asciiMembers.first(where: domain.admits)
                    else {
                        return nil
                    }
                    text.append(member)
                case .sequence, .choice, .never:
                    return nil
                }
            }
            if domain.isPath {
                while text.last == 0x2F { text.removeLast() }
                if text.first == 0x2F { return nil }
            }
            return text
        }

        /// The characters the pattern's automaton reads (its positions), counted up to a bit
        /// past `limit`.
        static func leafCount(_ nodes: [PatternNode], limit: Int) -> Int {
            var count = 0
            var stack = nodes
            while let node = stack.popLast(), count <= limit {
                switch node {
                case .sequence(let children), .choice(let children): stack += children
                case .never: break
                default: count += 1
                }
            }
            return count
        }

        /// The first node that reads a character, or nil when there is none to descend to.
        private static func firstLeaf(_ node: PatternNode) -> PatternNode? {
            switch node {
            case .sequence(let nodes): nodes.first.flatMap(firstLeaf)
            case .choice: nil
            default: node
            }
        }
    }
}
