import AASAModel
import Foundation
import Workload

/// Rule sets of the shapes real sites publish, not of our generator's: every distinct rule of
/// the real AASA files kept beside the package (`../shared/data/aasa-real`, earlier versions in
/// `history/`), taken in turn until a set holds 20, 300 or 5,000 rules. A rule taken again has
/// the first literal segment of its path renamed (`/watch/*` becomes `/watch-r1/*`, then `/watch-r2/*`): the same
/// shape, another rule. A rule without such a segment (`*`, `/*/*`) is taken once. Components
/// keep their effective `caseSensitive` and `percentEncoded` (their entry's and file's defaults
/// applied); legacy `paths` rules form a second entry, for another app; the files' own
/// substitution variables come along (the first definition of a name wins).
///
/// The 10,000 URLs are made from the 5,000-rule set's own patterns (each `*` an ID or a few
/// segments, `?` a letter, a variable one of its values), with a `utm_source` item on some,
/// and 40% on paths that no rule names. Without the folder there is no pool: `load()` is nil.
struct RealRulePool {
    /// Where the real files are: beside the package, as the tests expect them.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MatcherBenchmarks
        .deletingLastPathComponent()  // Benchmarks (sources)
        .deletingLastPathComponent()  // Benchmarks (package)
        .deletingLastPathComponent()  // the package
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/aasa-real")

    private enum Rule {
        case component(Component)
        case legacy(String)
    }

    private let rules: [Rule]
    private let variables: [SubstitutionVariable]
    let urls: (bytes: [UInt8], ranges: [Range<Int>])

    /// The pool of the real files, or nil when the folder is absent or holds no rule.
    static func load() -> RealRulePool? {
        var rules: [Rule] = []
        var seen: Set<String> = []
        var variables: [SubstitutionVariable] = []
        for document in documents() {
            guard let applinks = document.applinks else { continue }
            for variable in applinks.substitutionVariables
            where !variables.contains(where: { $0.name == variable.name }) {
                variables.append(variable)
            }
            for entry in applinks.details {
                for component in entry.components ?? [] {
                    let effective = effective(component, entry.defaults, applinks.defaults)
                    if seen.insert("c" + String(describing: effective)).inserted {
                        rules.append(.component(effective))
                    }
                }
                for path in entry.paths ?? [] where seen.insert("p" + path).inserted {
                    rules.append(.legacy(path))
                }
            }
        }
        guard !rules.isEmpty else { return nil }
        return RealRulePool(rules: rules, variables: variables)
    }

    private init(rules: [Rule], variables: [SubstitutionVariable]) {
        self.rules = rules
        self.variables = variables
        urls = Self.makeURLs(from: Self.taken(5_000, of: rules), variables: variables)
    }

    /// Every parsable file of the folder and of `history/`, in name order.
    private static func documents() -> [AASADocument] {
        var documents: [AASADocument] = []
        for folder in [folder, folder.appendingPathComponent("history")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = folder.appendingPathComponent(name).path
                if let document = try? AASADocument.load(path: path) { documents.append(document) }
            }
        }
        return documents
    }

    private static func effective(_ component: Component, _ entry: Component?, _ file: Component?)
        -> Component
    {
        var rule = component
        rule.caseSensitive = rule.caseSensitive ?? entry?.caseSensitive ?? file?.caseSensitive
        rule.percentEncoded = rule.percentEncoded ?? entry?.percentEncoded ?? file?.percentEncoded
        rule.comment = nil
        return rule
    }

    /// The document of the first `count` rules taken in turn.
    func document(rules count: Int) -> AASADocument {
        var components: [Component] = []
        var paths: [String] = []
        for rule in Self.taken(count, of: rules) {
            switch rule {
            case .component(let component): components.append(component)
            case .legacy(let path): paths.append(path)
            }
        }
        var details = [
            DetailsEntry(
                ref: "details[0]", appIDs: ["ABCDE12345.com.example.real"], components: components)
        ]
        if !paths.isEmpty {
            details.append(
                DetailsEntry(
                    ref: "details[1]", appIDs: ["ABCDE12345.com.example.legacy"], paths: paths))
        }
        return AASADocument(
            applinks: AppLinks(details: details, substitutionVariables: variables))
    }

    /// Rules in turn, renamed from the second round on, until there are `count` (or no rule
    /// can be renamed any more).
    private static func taken(_ count: Int, of rules: [Rule]) -> [Rule] {
        var out: [Rule] = []
        var round = 0
        while out.count < count {
            let before = out.count
            for rule in rules where out.count < count {
                if let renamed = renamed(rule, round: round) { out.append(renamed) }
            }
            if out.count == before { break }
            round += 1
        }
        return out
    }

    /// The rule with the first literal segment of its path suffixed by `-rN`; itself in round
    /// 0; nil when it has no such segment.
    private static func renamed(_ rule: Rule, round: Int) -> Rule? {
        if round == 0 { return rule }
        switch rule {
        case .component(var component):
            guard let path = component.path, let renamed = renamedPath(path, round) else {
                return nil
            }
            component.path = renamed
            return .component(component)
        case .legacy(let path):
            let not = path.hasPrefix("NOT ") ? "NOT " : ""
            return renamedPath(String(path.dropFirst(not.count)), round).map { .legacy(not + $0) }
        }
    }

    private static func renamedPath(_ path: String, _ round: Int) -> String? {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard
            let index = segments.firstIndex(where: { segment in
                segment.first?.isLetter == true
                    && segment.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            })
        else { return nil }
        segments[index] += "-r\(round)"
        return segments.joined(separator: "/")
    }

    // MARK: URLs

    private static let words = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma"]

    private static func makeURLs(from rules: [Rule], variables: [SubstitutionVariable]) -> (
        bytes: [UInt8], ranges: [Range<Int>]
    ) {
        var random = SplitMix64(seed: 0x5EA1)
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for _ in 0..<10_000 {
            var url: String
            if random.chance(perMille: 600) {
                url = instance(of: rules[random.below(rules.count)], variables, &random)
                if random.chance(perMille: 300) {
                    url += (url.contains("?") ? "&" : "?") + "utm_source=s\(random.below(1_000))"
                }
            } else {
                url =
                    "/\(words[random.below(words.count)])/\(random.below(10_000_000))"
                    + ["", "/edit", ".html", "/amp"][random.below(4)]
            }
            let encoded = Array(url.replacingOccurrences(of: " ", with: "%20").utf8)
            ranges.append(bytes.count..<(bytes.count + encoded.count))
            bytes += encoded
        }
        return (bytes, ranges)
    }

    private static func instance(
        of rule: Rule, _ variables: [SubstitutionVariable], _ random: inout SplitMix64
    ) -> String {
        switch rule {
        case .legacy(let path):
            return slashed(text(of: String(path.trimmingPrefix("NOT ")), variables, &random))
        case .component(let component):
            var url = slashed(text(of: component.path ?? "/", variables, &random))
            switch component.query {
            case .whole(let pattern): url += "?" + text(of: pattern, variables, &random)
            case .items(let items):
                url +=
                    "?"
                    + items.map { "\($0.name)=\(text(of: $0.pattern, variables, &random))" }
                    .joined(separator: "&")
            case nil: break
            }
            if let fragment = component.fragment {
                url += "#" + text(of: fragment, variables, &random)
            }
            return url
        }
    }

    private static func slashed(_ path: String) -> String {
        path.hasPrefix("/") ? path : "/" + path
    }

    /// A text the pattern matches, most of the time (a variable's value may be a pattern).
    private static func text(
        of pattern: String, _ variables: [SubstitutionVariable], _ random: inout SplitMix64
    ) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "*":
                let stars = ["", "x\(random.below(1_000_000))", "\(random.below(1_000))/item"]
                out += stars[random.below(stars.count)]
            case "?":
                let letters = Array("abcxyz0123")
                out.append(letters[random.below(letters.count)])
            case "$" where rest.first == "(":
                guard let close = rest.firstIndex(of: ")") else { continue }
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...]
                let values = variables.first { $0.name == name }?.values ?? ["en", "fr", "us"]
                out += values.isEmpty ? "" : values[random.below(values.count)]
            default: out.append(character)
            }
        }
        return out
    }
}
