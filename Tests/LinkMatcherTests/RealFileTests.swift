import AASAModel
import Foundation
import LinkMatcher
import TestSupport
import Testing
import Workload

/// URLs aimed at one rule set: every rule's path with its wildcards and variables filled in
/// several ways (and the query and fragment it asks for, or not), then near misses: a character
/// changed, case flipped, a segment added or removed, text escaped.
struct RuleURLGenerator: RandomPicking {
    var random: SplitMix64
    let variables: [String: [String]]

    /// A generator for the rules of `document`, with its substitution variables.
    init(seed: Int, document: AASADocument) {
        random = SplitMix64(seed: UInt64(seed))
        var variables: [String: [String]] = [:]
        for variable in document.applinks?.substitutionVariables ?? [] {
            variables[variable.name] = variable.values
        }
        self.variables = variables
    }

    static let fillers = ["", "x", "42", "a/b", "é", "%C3%A9", "ABC", "-", "1/2/3", "%2F"]
    static let predefined = [
        "alpha": "q", "upper": "Q", "lower": "q", "alnum": "7", "digit": "7", "xdigit": "f",
        "region": "US", "lang": "en",
    ]

    /// The pattern with each `*`, `?` and `$(name)` replaced by a plausible value.
    mutating func instantiate(_ pattern: String) -> String {
        var result = ""
        var rest = Substring(pattern)
        while let character = rest.first {
            if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close])
                if let values = variables[name] ?? Self.predefined[name].map({ [$0] }) {
                    result += instantiate(pick(values))
                } else {
                    result += "$(\(name))"  // undefined: the rule can match nothing
                }
                rest = rest[rest.index(after: close)...]
                continue
            }
            switch character {
            case "*": result += pick(Self.fillers)
            case "?": result += pick(["a", "Z", "9", "é", "-"])
            default: result.append(character)
            }
            rest = rest.dropFirst()
        }
        return result
    }

    mutating func urls(for rule: ResolvedRule) -> [String] {
        var urls: [String] = []
        for _ in 0..<3 {
            var url = instantiate(rule.path)
            if !url.hasPrefix("/") { url = "/" + url }
            switch rule.query {
            case .whole(let text) where text != "*":
                url += "?" + instantiate(text)
            case .items(let items) where !items.isEmpty:
                url +=
                    "?"
                    + items.map { "\($0.name)=\(instantiate($0.pattern))" }.joined(
                        separator: "&")
            default:
                break
            }
            if rule.fragment != "*", random.next() % 2 == 0 {
                url += "#" + instantiate(rule.fragment)
            }
            urls.append(url)
            urls.append(nearMiss(url))
        }
        return urls
    }

    mutating func nearMiss(_ url: String) -> String {
        var scalars = Array(url.unicodeScalars)
        switch random.next() % 5 {
        case 0 where scalars.count > 1:
            scalars[Int(random.next() % UInt64(scalars.count))] = "x"
        case 1:
            return url.uppercased()
        case 2:
            return url.replacingOccurrences(of: "/", with: "//")
        case 3:
            return "https://example.com" + url + pick(["/", "/extra", "x", ".json"])
        default:
            return url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}

struct RealFileTests {
    /// Every real file: the automaton agrees with the reference on URLs aimed at each of its
    /// rules and on near misses of them.
    @Test(.needsSharedData("aasa-real"))
    func automatonAgreesWithReferenceOnEveryRealFile() {
        let documents = RealAASAFiles.documents(in: ["", "history"])
        #expect(documents.count >= 150)
        var checked = 0
        var found: [String] = []
        for (index, (name, doc)) in documents.enumerated() {
            var generator = RuleURLGenerator(seed: index, document: doc)
            let rules = ResolvedRule.resolve(doc).prefix(generatedCases(400))
            let urls = rules.flatMap { generator.urls(for: $0) }
            checked += urls.count
            found += disagreements(doc, urls, limit: 2).map { "\(name): \($0)" }
        }
        #expect(found.isEmpty, "\(found.prefix(5).joined(separator: "\n"))")
        #expect(checked > 5_000)
    }
}
