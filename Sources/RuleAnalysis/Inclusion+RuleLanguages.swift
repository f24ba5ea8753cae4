import LinkMatcher

extension Inclusion {
    /// The languages of a file's rules, each built the first time it is asked for. The scan's
    /// dead-rule marks examine only the rules that decided nothing, and each meets few others
    /// (those whose literal prefixes allow a common path): building all 5,000 languages of a
    /// large file for every analysis took a quarter of its time.
    final class RuleLanguages {
        let rules: [ResolvedRule]
        private let parser: PatternParser
        // One analysis owns the table and asks one question at a time: no access overlaps,
        // and checking that on every lookup cost more than building the languages saved.
        @exclusivity(unchecked) private var parts = RuleLanguage.Parts()
        @exclusivity(unchecked) private var built: [RuleLanguage?]

        init(_ rules: [ResolvedRule], parser: PatternParser) {
            self.rules = rules
            self.parser = parser
            built = Array(repeating: nil, count: rules.count)
        }

        subscript(rule: Int) -> RuleLanguage {
            if let language = built[rule] { return language }
            let language = RuleLanguage(rules[rule], parser: parser, parts: &parts)
            built[rule] = language
            return language
        }

        /// The rule's `RuleLanguage.prefix`, read off its path text when that names no
        /// variable, so that the language need not be built.
        func prefix(of rule: Int) -> [UInt32] {
            if built[rule] == nil, let prefix = RuleLanguage.pathPrefix(rules[rule]) {
                return prefix
            }
            return self[rule].prefix
        }

        /// False when the rule surely does not match every URL (`RuleLanguage.isCatchAll`):
        /// its path begins with a literal character. Otherwise the language says.
        func isCatchAll(_ rule: Int) -> Bool {
            let first = rules[rule].path.unicodeScalars.first { $0 != "/" }
            guard let first, first == "*" || first == "?" || first == "$" else { return false }
            return self[rule].isCatchAll
        }
    }
}
