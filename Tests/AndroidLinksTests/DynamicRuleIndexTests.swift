import AASAModel
import Testing
import Workload

@testable import AndroidLinks

struct DynamicRuleIndexTests {
    /// Random rule lists over a small alphabet (so that literal starts, `*` followed by a
    /// unit, `?`, `?*` and shared starts are common) and random paths: the index finds the
    /// same first matching rule as trying every rule in order.
    @Test func firstMatchIsTheFirstRuleInOrderThatMatches() throws {
        var random = SplitMix64(seed: 11)
        func text(_ alphabet: [String], _ maximum: Int) -> String {
            (0..<Int(random.next() % UInt64(maximum + 1)))
                .map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
        }
        var checked = 0
        var matched = 0
        for _ in 0..<400 {
            let components = (0..<Int(1 + random.next() % 40)).map { index in
                DynamicAppLinkComponent(
                    index: index, location: SourceLocation(line: 1, column: 1, offset: 0),
                    path: random.next() % 8 == 0
                        ? nil : "/" + text(["a", "b", "/", ".", "*", "*", "?", "?*", "ab"], 6),
                    exclude: random.next() % 3 == 0)
            }
            let index = DynamicRuleIndex(
                components.map(CompiledGroup.init), patterns: components.map(\.path),
                statement: 0, componentIndices: components.map(\.index))
            let scratch = AndroidMatchScratch(filterCount: 1, ruleCount: components.count)
            for _ in 0..<25 {
                let url = "https://example.com/" + text(["a", "b", "/", ".", "ab", "é"], 8)
                let found = try Array(url.utf8).withUnsafeBufferPointer { buffer in
                    let parts = try #require(URLUnits(buffer, scratch: scratch))
                    let expected = index.rules.firstIndex {
                        $0.matches(parts, scratch.units, parameters: scratch.parameters)
                    }
                    return (index.firstMatch(parts, scratch.units, scratch), expected)
                }
                #expect(found.0 == found.1, "\(components.map(\.path)) on \(url)")
                checked += 1
                if found.1 != nil { matched += 1 }
            }
        }
        // The cases are not trivial: a good share of paths match some rule.
        #expect(matched * 10 > checked)
    }

    /// Patterns of many `*` each followed by a unit (`/a*/b*/...`), deeper than the index
    /// follows them (`maximumDepth`), some sharing their first steps: the index finds the first
    /// rule that matches, as the loop does, on paths that take each rule's steps, or most of
    /// them.
    @Test func deepChainsOfStarsFindTheFirstRuleThatMatches() throws {
        var random = SplitMix64(seed: 23)
        let depth = DynamicRuleIndex.maximumDepth + 3
        let letters = ["a", "b"]
        func pick() -> String { letters[Int(random.next() % 2)] }
        var checked = 0
        var matched = 0
        for _ in 0..<200 {
            let patterns = (0..<Int(1 + random.next() % 12)).map { _ in
                "/"
                    + (0..<Int(random.next() % UInt64(depth + 1))).map { _ in pick() + "*/" }
                    .joined() + pick()
            }
            let components = patterns.enumerated().map { index, pattern in
                DynamicAppLinkComponent(
                    index: index, location: SourceLocation(line: 1, column: 1, offset: 0),
                    path: pattern, exclude: random.next() % 3 == 0)
            }
            let index = DynamicRuleIndex(
                components.map(CompiledGroup.init), patterns: patterns, statement: 0,
                componentIndices: components.map(\.index))
            let scratch = AndroidMatchScratch(filterCount: 1, ruleCount: components.count)
            for _ in 0..<20 {
                // A path that follows one pattern's steps, each `*` taking a few letters.
                let model = patterns[Int(random.next() % UInt64(patterns.count))]
                let path = model.map { character -> String in
                    character == "*"
                        ? (0..<Int(random.next() % 3)).map { _ in pick() }.joined()
                        : String(character)
                }.joined()
                let url = "https://example.com" + path
                let found = try Array(url.utf8).withUnsafeBufferPointer { buffer in
                    let parts = try #require(URLUnits(buffer, scratch: scratch))
                    let expected = index.rules.firstIndex {
                        $0.matches(parts, scratch.units, parameters: scratch.parameters)
                    }
                    return (index.firstMatch(parts, scratch.units, scratch), expected)
                }
                // The same path as a scan's target, decided on its bytes.
                let onBytes = Array(path.utf8).withUnsafeBufferPointer { target in
                    URLUnits(asciiTarget: target, into: scratch.text).map {
                        index.firstMatch($0, target, scratch)
                    }
                }
                #expect(found.0 == found.1, "\(patterns) on \(path)")
                #expect(onBytes == .some(found.1), "\(patterns) on \(path), on its bytes")
                checked += 1
                if found.1 != nil { matched += 1 }
            }
        }
        #expect(matched * 4 > checked, "\(matched) of \(checked) matched")
    }

    /// Rules that name query parameters word for word (`type=users`), with wildcards or
    /// without, beside rules that do not, and queries that repeat a name, escape a unit, or
    /// split at `;`: the index, which tries a rule that needs a literal parameter only when
    /// the URL has it, finds the rule the loop in order finds, on UTF-16 units and on bytes.
    @Test func rulesNeedingALiteralParameterAreTriedOnlyWhenTheURLHasIt() throws {
        var random = SplitMix64(seed: 31)
        func pick(_ values: [String]) -> String {
            values[Int(random.next() % UInt64(values.count))]
        }
        let names = ["type", "q", "t"]
        let values = ["users", "repos", "a", "", "é", "u*", "?*", "*"]
        var checked = 0
        var matched = 0
        var matchedByLiteral = 0
        for _ in 0..<300 {
            let components = (0..<Int(1 + random.next() % 24)).map { index in
                DynamicAppLinkComponent(
                    index: index, location: SourceLocation(line: 1, column: 1, offset: 0),
                    path: random.next() % 4 == 0
                        ? nil : pick(["/search", "/s*", "*", "/search/*"]),
                    query: random.next() % 6 == 0
                        ? nil
                        : (0..<Int(1 + random.next() % 2)).map { _ in
                            QueryPattern(name: pick(names), value: pick(values))
                        },
                    exclude: random.next() % 4 == 0)
            }
            let index = DynamicRuleIndex(
                components.map(CompiledGroup.init), patterns: components.map(\.path),
                statement: 0, componentIndices: components.map(\.index))
            let scratch = AndroidMatchScratch(filterCount: 1, ruleCount: components.count)
            for _ in 0..<30 {
                var target = pick(["/search", "/search/x", "/s", "/other"])
                if random.next() % 8 != 0 {
                    let separator = random.next() % 5 == 0 ? ";" : "&"
                    target +=
                        "?"
                        + (0..<Int(random.next() % 4)).map { _ in
                            pick(names) + "="
                                + pick(["users", "repos", "a", "", "%C3%A9", "us%65rs", "usersx"])
                        }.joined(separator: separator)
                }
                let url = "https://example.com" + target
                let found = try Array(url.utf8).withUnsafeBufferPointer { buffer in
                    let parts = try #require(URLUnits(buffer, scratch: scratch))
                    let expected = index.rules.firstIndex {
                        $0.matches(parts, scratch.units, parameters: scratch.parameters)
                    }
                    return (index.firstMatch(parts, scratch.units, scratch), expected)
                }
                #expect(
                    found.0 == found.1, "\(components.map { $0.written { $0 } }) on \(target)")
                if !target.contains("%") {
                    let onBytes = Array(target.utf8).withUnsafeBufferPointer { bytes in
                        URLUnits(asciiTarget: bytes, into: scratch.text).map {
                            index.firstMatch($0, bytes, scratch)
                        }
                    }
                    #expect(onBytes == .some(found.1), "\(target), on its bytes")
                }
                checked += 1
                if let rule = found.1 {
                    matched += 1
                    let literal = components[rule].query?.contains {
                        !$0.value.contains("*") && !$0.value.contains("?")
                    }
                    if literal == true { matchedByLiteral += 1 }
                }
            }
        }
        // Many URLs match, and many of them by a rule that needs a literal parameter.
        #expect(matched * 4 > checked, "\(matched) of \(checked) matched")
        #expect(matchedByLiteral * 20 > checked, "\(matchedByLiteral) of \(checked)")
    }
}
