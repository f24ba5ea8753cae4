/// What static analysis of a rule set (`RuleAnalysis`) reads of the compiled form: the pattern
/// nodes every matcher here is built from, so an analysis reasons about the same automata.
extension CompiledRuleSet {
    /// The pattern parser with the file's substitution variables.
    package var patternParser: PatternParser { parser }
}

extension ResolvedRule {
    /// The path pattern as the matcher compiles it: leading `/` dropped (S5.3), case folded
    /// when the rule is case-insensitive, `$(...)` literal in legacy paths.
    package func pathNodes(parser: PatternParser) -> [PatternNode] {
        CompiledRule.pathNodes(self, parser: parser)
    }
}
