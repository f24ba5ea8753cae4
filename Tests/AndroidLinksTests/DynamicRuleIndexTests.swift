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
}
