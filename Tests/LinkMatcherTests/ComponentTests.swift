import AASAModel
import LinkMatcher
import Testing

/// SEMANTICS.md S3.1, S4.1, S4.3: query (string and dictionary) and fragment.
struct ComponentTests {
    typealias Row = (component: Component, url: String, expected: Bool)

    static let rows: [Row] = [
        // Apple's example {"/":"abc","?":"def","#":"*"}.
        (
            Component(path: "abc", query: .whole("def"), fragment: "*"),
            "https://www.example.com/abc?def", true
        ),
        (
            Component(path: "abc", query: .whole("def"), fragment: "*"),
            "https://www.example.com/abc", false
        ),
        (
            Component(path: "abc", query: .whole("def"), fragment: "*"),
            "https://www.example.com/?def", false
        ),
        (Component(), "/anything?at=all#x", true),
        // Absent query and fragment behave like empty ones.
        (Component(fragment: "*"), "/x", true), (Component(fragment: ""), "/x", true),
        (Component(fragment: "?*"), "/x", false), (Component(fragment: "?*"), "/x#a", true),
        (Component(query: .whole("*")), "/x", true), (Component(query: .whole("")), "/x", true),
        (Component(query: .whole("?*")), "/x", false),
        (Component(query: .whole("?*")), "/x?", false),
        (Component(query: .whole("")), "/x?", true),
        // String form: the whole query, order matters.
        (Component(query: .whole("a=1")), "/x?a=1", true),
        (Component(query: .whole("a=1")), "/x?a=1&b=2", false),
        (Component(query: .whole("b=2&a=1")), "/x?a=1&b=2", false),
        (Component(query: .whole("q=*")), "/x?q=a%20b", true),
        // A `?` after `#` belongs to the fragment.
        (Component(query: .whole("")), "/x#frag?a=1", true),
        (Component(fragment: "frag?a=1"), "/x#frag?a=1", true),
        // Dictionary form.
        (Component(query: .items([.init(name: "b", pattern: "*")])), "/x?a=1", true),
        (Component(query: .items([.init(name: "b", pattern: "")])), "/x?a=1", true),
        (Component(query: .items([.init(name: "b", pattern: "?*")])), "/x?a=1", false),
        (Component(query: .items([.init(name: "b", pattern: "1")])), "/x?a=1", false),
        (Component(query: .items([.init(name: "flag", pattern: "")])), "/x?flag", true),
        (Component(query: .items([.init(name: "a", pattern: "1")])), "/x?a=1&z=9", true),
        (Component(query: .items([.init(name: "id", pattern: "42")])), "/x?id=7&id=42", false),
        (Component(query: .items([.init(name: "id", pattern: "42")])), "/x?id=42&id=7", false),
        (Component(query: .items([.init(name: "id", pattern: "7")])), "/x?id=7&id=7", true),
        (Component(query: .items([.init(name: "id", pattern: "*")])), "/x?id=7&id=42", true),
        (Component(query: .items([.init(name: "id", pattern: "?*")])), "/x?id=7&id=42", true),
        (Component(query: .items([.init(name: "id", pattern: "7,42")])), "/x?id=7&id=42", false),
        (Component(query: .items([.init(name: "a", pattern: "1")])), "/x?A=1", false),
        (Component(query: .items([.init(name: "a", pattern: "x=y")])), "/x?a=x=y", true),
        (
            Component(
                query: .items([.init(name: "a", pattern: "1"), .init(name: "b", pattern: "2")])),
            "/x?b=2&a=1", true
        ),
        (
            Component(
                query: .items([.init(name: "a", pattern: "1"), .init(name: "b", pattern: "2")])),
            "/x?b=3&a=1", false
        ),
        // Dictionary values decode and fold with the rule's flags; names never fold.
        (
            Component(query: .items([.init(name: "q", pattern: "a b")]), percentEncoded: false),
            "/x?q=a%20b", true
        ),
        (Component(query: .items([.init(name: "q", pattern: "a b")])), "/x?q=a%20b", false),
        (
            Component(query: .items([.init(name: "q", pattern: "abc")]), caseSensitive: false),
            "/x?q=ABC", true
        ),
        (
            Component(query: .items([.init(name: "q", pattern: "abc")]), caseSensitive: false),
            "/x?Q=abc", false
        ),
        (
            Component(query: .items([.init(name: "é", pattern: "1")]), percentEncoded: false),
            "/x?%C3%A9=1", true
        ),
        (Component(query: .items([.init(name: "q", pattern: "a+b")])), "/x?q=a+b", true),
        // Fragment folding.
        (Component(fragment: "Top", caseSensitive: false), "/x#tOP", true),
        (Component(fragment: "Top"), "/x#tOP", false),
        // Only http and https are universal links.
        (Component(), "ftp://example.com/x", false), (Component(), "HTTPS://EXAMPLE.COM/x", true),
        (Component(), "http://example.com", true),
    ]

    @Test(arguments: rows)
    func component(_ component: Component, _ url: String, _ expected: Bool) {
        let result = matches(document([component]), url)
        #expect(result.automaton == expected, "automaton: \(url)")
        #expect(result.reference == expected, "reference: \(url)")
    }
}
