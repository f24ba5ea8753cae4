import AASAModel
import TestSupport
import Workload

/// Random documents whose rules overlap on purpose: besides fresh patterns built from pieces
/// that hit the edge cases, many rules are an earlier rule made narrower (a star filled in, a
/// segment added), repeated, made wider, or given other modes, so shadowed rules and their
/// look-alikes are common.
struct ShadowRuleGenerator: RandomPicking {
    var random: SplitMix64

    static let pathPieces = [
        "/", "/", "/", "a", "b", "A", "ab", "?", "*", "*", "%41", "%2F", "%C3%A9", "é", "É", "k",
        "1", "$(digit)", "$(v)", "$(lower)", "$(nope)", "%", " ", "$(lang)",
    ]
    static let fills = ["a", "1", "/", "x/", "é", "%41", "A", "?", "a*", "/*", "$(v)", ""]
    static let valuePieces = ["", "1", "7", "*", "?*", "?", "a", "A", "%41", "$(digit)", "é"]

    mutating func text(_ pieces: [String], maxPieces: Int) -> String {
        (0..<Int(random.next() % UInt64(maxPieces + 1))).map { _ in pick(pieces) }.joined()
    }

    mutating func flag() -> Bool? { chance(50) ? nil : chance(50) }

    mutating func freshComponent() -> Component {
        var component = Component()
        if chance(90) { component.path = "/" + text(Self.pathPieces, maxPieces: 5) }
        if chance(25) {
            if chance(40) {
                component.query = .whole(text(["a=1", "&", "*", "?", "a", "%41"], maxPieces: 3))
            } else {
                component.query = .items(
                    (0..<Int(1 + random.next() % 2)).map { _ in
                        QueryItemPattern(
                            name: pick(["a", "b", "id"]),
                            pattern: text(Self.valuePieces, maxPieces: 2))
                    })
            }
        }
        if chance(15) { component.fragment = text(["x", "X", "*", "?", "", "é"], maxPieces: 2) }
        if chance(20) { component.exclude = true }
        component.caseSensitive = flag()
        component.percentEncoded = flag()
        return component
    }

    /// An earlier component changed a little.
    mutating func derived(from base: Component) -> Component {
        var component = base
        let path = base.path ?? "*"
        switch random.next() % 7 {
        case 0, 1:
            // Narrower: a star filled in, or a segment added after a final star.
            if let star = path.firstIndex(of: "*") {
                component.path = path.replacingCharacters(in: star...star, with: pick(Self.fills))
            } else {
                component.path = path + pick(["/x", "", "a", "/"])
            }
        case 2:
            component.path = path.replacingOccurrences(of: "?", with: pick(["a", "é", "%41"]))
        case 3:
            component.caseSensitive = flag()
            component.percentEncoded = flag()
        case 4:
            component.path = path + pick(["*", "/*", "?*", "?"])
        case 5:
            if chance(50) {
                component.query = .items([
                    QueryItemPattern(name: pick(["a", "id"]), pattern: pick(Self.valuePieces))
                ])
            } else {
                component.fragment = pick(["x", "*", "X*"])
            }
        default:
            break  // An exact repeat.
        }
        component.exclude = chance(25) ? true : base.exclude
        return component
    }

    mutating func document() -> AASADocument {
        let entryCount = Int(1 + random.next() % 2)
        let entries = (0..<entryCount).map { index -> DetailsEntry in
            let apps = [pick(["A.a", "B.b"])]
            if chance(15) {
                var paths: [String] = []
                for _ in 0..<Int(1 + random.next() % 5) {
                    if let base = paths.last, chance(50) {
                        paths.append(base + pick(["", "/x", "*"]))
                    } else {
                        paths.append(
                            (chance(25) ? "NOT " : "") + "/" + text(Self.pathPieces, maxPieces: 4))
                    }
                }
                return DetailsEntry(ref: "details[\(index)]", appIDs: apps, paths: paths)
            }
            var components: [Component] = []
            for _ in 0..<Int(1 + random.next() % 7) {
                if !components.isEmpty, chance(55) {
                    components.append(derived(from: pick(components)))
                } else {
                    components.append(freshComponent())
                }
            }
            let defaults =
                chance(15) ? Component(caseSensitive: flag(), percentEncoded: flag()) : nil
            return DetailsEntry(
                ref: "details[\(index)]", appIDs: apps, components: components, defaults: defaults)
        }
        let variables =
            chance(60)
            ? [
                SubstitutionVariable(
                    name: "v",
                    values: (0..<Int(random.next() % 3)).map { _ in
                        text(["a", "b", "*", "?", "1", "/", "é"], maxPieces: 2)
                    })
            ]
            : []
        return AASADocument(
            applinks: AppLinks(
                details: entries,
                defaults: chance(10) ? Component(caseSensitive: flag()) : nil,
                substitutionVariables: variables))
    }
}
