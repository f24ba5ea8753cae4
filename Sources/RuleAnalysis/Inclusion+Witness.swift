import AASAModel
import ASCIIBytes
import LinkMatcher

extension Inclusion {
    /// Refutes cheaply that earlier rules of its entry hide a rule: a URL made from the rule's
    /// own patterns (each `*` read as nothing, or as one character, each `?` as one character)
    /// that the compiled rules say the rule decides for its entry is a URL no earlier rule of
    /// the entry matches. One decision per URL tried, where the proof builds automata and
    /// compares the rule with every earlier one that may share a path: most rules of a large
    /// file are refuted so. The answer is the matcher's own, so a rule refuted here is one the
    /// proof would refute too; a rule not refuted goes to the proof.
    struct Witnesses {
        private let rules: CompiledRuleSet
        private let scratch: MatchScratch

        /// Nil when the rules' automaton was refused (`budgetExceeded`): its answers are then
        /// not the file's.
        init?(_ rules: CompiledRuleSet) {
            guard rules.budgetExceeded == nil else { return nil }
            self.rules = rules
            scratch = rules.makeScratch()
        }

        /// True when some URL made from rule `index`'s patterns is decided by it for its
        /// entry.
        func refuteShadowing(_ index: Int) -> Bool {
            let rule = rules.rules[index]
            return Self.urls(of: rule).contains { url in
                url.withUnsafeBufferPointer {
                    rules.firstMatchingRule(ofEntry: rule.entryIndex, in: $0, scratch: scratch)
                        == index
                }
            }
        }

        /// The one character a `?` (and, in the second URL, a `*`) stands for: one that rule
        /// texts rarely hold, so that earlier rules of literal text seldom match the URL.
        private static let filler = UInt8(ascii: "~")

        /// Origin-form URLs that the rule's patterns may match: none when a pattern holds
        /// what is not plain text here (a variable, a `%` escape, a byte that a URL would
        /// read as a delimiter or that is not printable ASCII).
        static func urls(of rule: ResolvedRule) -> [[UInt8]] {
            var urls: [[UInt8]] = []
            for starsAsFiller in [false, true] {
                guard let url = url(of: rule, starsAsFiller: starsAsFiller) else { return [] }
                if !urls.contains(url) { urls.append(url) }
            }
            return urls
        }

        private static func url(of rule: ResolvedRule, starsAsFiller: Bool) -> [UInt8]? {
            let variables = !rule.isLegacyPath
            guard
                var url = text(
                    rule.path, starsAsFiller: starsAsFiller, variables: variables,
                    delimiters: "?#")
            else { return nil }
            if url.first != UInt8(ascii: "/") { url.insert(UInt8(ascii: "/"), at: 0) }
            switch rule.query {
            case .whole(let pattern) where pattern == "*":
                break
            case .whole:
                return nil
            case .items(let items):
                for (offset, item) in items.enumerated() {
                    guard
                        let name = text(
                            item.name, starsAsFiller: starsAsFiller, variables: variables,
                            delimiters: "#&="),
                        let value = text(
                            item.pattern, starsAsFiller: starsAsFiller, variables: variables,
                            delimiters: "#&=")
                    else { return nil }
                    url.append(offset == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
                    url += name + [UInt8(ascii: "=")] + value
                }
            }
            if rule.fragment != "*" {
                guard
                    let fragment = text(
                        rule.fragment, starsAsFiller: starsAsFiller, variables: variables,
                        delimiters: "#")
                else { return nil }
                url += [UInt8(ascii: "#")] + fragment
            }
            return url
        }

        /// A text `pattern` matches, or nil when it holds a byte outside printable ASCII, a
        /// space, a `%`, one of `delimiters`, or (with `variables`) a `$`.
        private static func text(
            _ pattern: String, starsAsFiller: Bool, variables: Bool, delimiters: String
        ) -> [UInt8]? {
            // A set, not the string: reading a string's bytes at every byte of every witness
            // took a twentieth of the proofs of a 5,000-rule file.
            var stops = ASCIISet()
            for byte in delimiters.utf8 { stops.insert(UInt32(byte)) }
            var text: [UInt8] = []
            for byte in pattern.utf8 {
                switch byte {
                case UInt8(ascii: "*"):
                    if starsAsFiller { text.append(filler) }
                case UInt8(ascii: "?"):
                    text.append(filler)
                case UInt8(ascii: "%"):
                    return nil
                case UInt8(ascii: "$") where variables:
                    return nil
                case _ where byte <= 0x20 || byte >= 0x7F || stops.contains(UInt32(byte)):
                    return nil
                default:
                    text.append(byte)
                }
            }
            return text
        }
    }
}
