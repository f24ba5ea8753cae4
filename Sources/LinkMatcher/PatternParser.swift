import Synchronized

/// Turns pattern text into `PatternNode`s: `*`, `?`, literal characters and `$(name)`
/// substitution variables (SEMANTICS.md S5.1, S6). There is no escape syntax.
package struct PatternParser: Sendable {
    /// Custom variables of the file; they override predefined ones of the same name (S6.5).
    let customVariables: [String: [String]]
    /// Each variable's node, built once per file and case mode: `$(lang)` is a choice of 631
    /// words that hundreds of rules may name.
    private let variables = VariableNodes()

    package init(customVariables: [String: [String]] = [:]) {
        self.customVariables = customVariables
    }

    /// The pattern as a flat top-level sequence.
    package func parse(_ pattern: String, foldCase: Bool) -> [PatternNode] {
        var nodes: [PatternNode] = []
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
                let close = scalars[(index + 2)...].firstIndex(of: ")"),
                !scalars[(index + 2)..<close].contains(where: { $0 == "$" || $0 == "(" })
            {
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                nodes.append(variable(named: name, foldCase: foldCase))
                index = close + 1
                continue
            }
            Self.append(Self.wildcardOrLiteral(scalar, foldCase: foldCase), to: &nodes)
            index += 1
        }
        return nodes
    }

    /// A variable value may hold `*` and `?` but no other variable (DOC-SUBST).
    package static func parseValue(_ value: String, foldCase: Bool) -> [PatternNode] {
        var nodes: [PatternNode] = []
        for scalar in value.unicodeScalars {
            append(wildcardOrLiteral(scalar, foldCase: foldCase), to: &nodes)
        }
        return nodes
    }

    /// Appends a node, keeping a run of wildcards in its shortest form: its `?`s, then one `*`
    /// if it has any (`*?*` is `?*`). The same texts match, and a run of `*` no longer costs
    /// an automaton edge from every `*` to every later one (20,000 `*` took 21 s and 2.8 GB).
    private static func append(_ node: PatternNode, to nodes: inout [PatternNode]) {
        guard node == .anyRun || node == .anyOne, nodes.last == .anyRun else {
            nodes.append(node)
            return
        }
        if node == .anyOne {
            nodes[nodes.count - 1] = .anyOne
            nodes.append(.anyRun)
        }
    }

    private static func wildcardOrLiteral(_ scalar: Unicode.Scalar, foldCase: Bool) -> PatternNode {
        switch scalar {
        case "*": .anyRun
        case "?": .anyOne
        default: .literal(foldCase ? CaseFolding.fold(scalar.value) : scalar.value)
        }
    }

    private func variable(named name: String, foldCase: Bool) -> PatternNode {
        variables.node(named: name, foldCase: foldCase) {
            buildVariable(named: name, foldCase: foldCase)
        }
    }

    private func buildVariable(named name: String, foldCase: Bool) -> PatternNode {
        if let values = customVariables[name] {
            return .factoredChoice(values.map { Self.parseValue($0, foldCase: foldCase) })
        }
        if let set = PredefinedVariable.classes[name] {
            return .oneOf(foldCase ? set.folded : set)
        }
        if let words = PredefinedVariable.words[name] {
            return .factoredChoice(words.map { Self.parseValue($0, foldCase: foldCase) })
        }
        return .never
    }
}

/// The memo of `PatternParser`'s variable nodes; shared by the threads that may call
/// `explain` on one rule set, hence the lock.
private final class VariableNodes: Sendable {
    private let known = Locked<[String: PatternNode]>([:])

    func node(named name: String, foldCase: Bool, build: () -> PatternNode) -> PatternNode {
        let key = (foldCase ? "f" : "s") + name
        if let node = known.withLock({ $0[key] }) { return node }
        let node = build()
        known.withLock { $0[key] = node }
        return node
    }
}
