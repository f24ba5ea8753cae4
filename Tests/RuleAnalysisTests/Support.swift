import AASAModel
import Foundation
import LinkMatcher
import Workload

@testable import RuleAnalysis

/// Random AASA files that exercise what placing a rule depends on: several entries and apps,
/// an app in two entries, exclusions before and after, `defaults` that exclude, constrain the
/// query or fragment or decode, legacy `paths`, entries without rules.
struct DocumentGenerator {
    var random: SplitMix64

    static let words = ["products", "users", "help", "blog", "c", "deals", "id", "en", "shop"]
    static let apps = ["ABCDE12345.a", "ABCDE12345.b", "ABCDE12345.c"]

    mutating func pick<T>(_ options: [T]) -> T { options[random.below(options.count)] }
    mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }

    mutating func pattern() -> String {
        let word = pick(Self.words)
        switch random.below(9) {
        case 0: return "/\(word)/*"
        case 1: return "/\(word)"
        case 2: return "/\(word)/*/reviews"
        case 3: return "/\(word)/???"
        case 4: return "*.png"
        case 5: return "/$(lang)/\(word)/*"
        case 6: return "/\(word)/secret/*"
        case 7: return "/\(word)/1*"
        default: return "/"
        }
    }

    mutating func component() -> [String: Any] {
        var component: [String: Any] = ["/": pattern()]
        if chance(30) { component["exclude"] = true }
        if chance(10) { component["exclude"] = false }
        if chance(10) { component["?"] = ["ref": "?*"] }
        if chance(10) { component["#"] = "top" }
        if chance(10) { component["caseSensitive"] = false }
        return component
    }

    mutating func defaults() -> [String: Any]? {
        switch random.below(8) {
        case 0: return ["exclude": true]
        case 1: return ["?": ["ref": "?*"]]
        case 2: return ["#": "top"]
        case 3: return ["percentEncoded": false]
        case 4: return ["caseSensitive": false]
        default: return nil
        }
    }

    mutating func document() -> [String: Any] {
        var details: [[String: Any]] = []
        for _ in 0..<(1 + random.below(3)) {
            var entry: [String: Any] = [:]
            let count = 1 + random.below(2)
            entry["appIDs"] = (0..<count).map { _ in pick(Self.apps) }
            switch random.below(6) {
            case 0:
                entry["paths"] = (0..<(1 + random.below(4))).map { _ in
                    (chance(30) ? "NOT " : "")
                        + pattern().replacingOccurrences(of: "$(lang)", with: "en")
                }
            case 1:
                break  // an entry without rules
            default:
                entry["components"] = (0..<(1 + random.below(5))).map { _ in component() }
            }
            if let defaults = defaults() { entry["defaults"] = defaults }
            details.append(entry)
        }
        var applinks: [String: Any] = ["details": details]
        if chance(20), let defaults = defaults() { applinks["defaults"] = defaults }
        return ["applinks": applinks]
    }

    /// Request targets on the same words: IDs, words, secrets, images, queries, fragments.
    mutating func url() -> String {
        let word = pick(Self.words)
        var path: String
        switch random.below(7) {
        case 0: path = "/\(word)/\(random.below(500))"
        case 1: path = "/\(word)/secret/\(random.below(9))"
        case 2: path = "/\(word)/\(random.below(40))/reviews"
        case 3: path = "/\(pick(["en", "fr", "id"]))/\(word)/\(random.below(30))"
        case 4: path = "/\(word)/img\(random.below(20)).png"
        case 5: path = "/\(word)"
        default: path = "/\(word)/\(pick(Self.words))"
        }
        if chance(15) { path = path.uppercased() }
        if chance(20) { path += "?ref=\(random.below(3))" }
        if chance(10) { path += "#top" }
        if chance(10) { path = "https://example.com" + path }
        return path
    }
}

/// A generated document as the bytes of a file.
func fileBytes(_ object: [String: Any]) throws -> [UInt8] {
    Array(try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]))
}

/// The decisions of the slow reference matcher, for a file given as bytes.
func referenceAnswers(_ bytes: [UInt8], _ urls: [String]) throws -> [ReferenceMatcher.Answer] {
    let matcher = ReferenceMatcher(try AASADocument.parse(bytes))
    return urls.map { matcher.decide($0) }
}

/// The automaton's decision of `url` by `set`.
func decide(_ set: CompiledRuleSet, _ url: String, _ scratch: MatchScratch) -> Decision {
    Array(url.utf8).withUnsafeBufferPointer { set.decide($0, scratch: scratch) }
}

/// Candidates from the patterns of `urls`, as `CandidateSelection` would choose them from
/// counted patterns (here counted exactly).
func candidates(for urls: [String], target: SuggestionTarget, limit: Int) -> [CandidateRule] {
    var miner = ShapeMiner(
        capacity: 100_000, generaliser: target.generaliser,
        categorizer: PathCategorizer(assetExtensions: []))
    for url in urls {
        let bytes = Array(url.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let parts = URLParts.split(buffer)
            miner.add(path: UnsafeBufferPointer(rebasing: buffer[parts.path]), weight: 1)
        }
    }
    return CandidateSelection.select(miner.entries(), for: target, existing: [], limit: limit)
}
