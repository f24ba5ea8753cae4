import AASAModel
import Workload

/// 5,000 globs whose literals sit between `*`s: `*NNN*` (any path holding those digits),
/// `*NN*word*`, and `/users/*/settings/word*`, against 10,000 paths of IDs and words. A DFA
/// over all of them would have to remember which patterns already matched or half-matched,
/// a set per path: the matched ones leave its states, and once its cache gives up, a path is
/// checked against the patterns whose literal pairs it holds only.
enum InfixGlobFixture {
    static let words = ["privacy", "profile", "security", "billing", "team", "bamboo"]

    static let document: AASADocument = {
        var random = SplitMix64(seed: 0x1F1C)
        let components = (0..<5_000).map { index -> Component in
            switch index % 3 {
            case 0: Component(path: "*\(100 + random.below(900))*")
            case 1:
                Component(path: "*\(10 + random.below(90))*\(words[random.below(words.count)])*")
            default: Component(path: "/users/*/settings/\(words[random.below(words.count)])*")
            }
        }
        return AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["ABCDE12345.com.example.app"],
                    components: components)
            ]))
    }()

    static let urls: (bytes: [UInt8], ranges: [Range<Int>]) = {
        var random = SplitMix64(seed: 0x1F1D)
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for index in 0..<10_000 {
            let id = 1_000_000 + random.below(99_000_000)
            let url =
                switch index % 3 {
                case 0: "/users/\(id)/settings/\(words[random.below(words.count)])"
                case 1: "/products/\(id)"
                default: "/images/products/\(id).webp"
                }
            ranges.append(bytes.count..<(bytes.count + url.utf8.count))
            bytes += url.utf8
        }
        return (bytes, ranges)
    }()
}
