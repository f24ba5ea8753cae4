import AASAModel
import Workload

/// Globs that begin with `*` keep a path's DFA walk alive to its last character; these URLs
/// have long segments under them (a UUID, then a 12-digit order number), which the walk
/// skips through instead of reading character by character. With 20 literal pages beside.
enum LongSegmentFixture {
    static let document = AASADocument(
        applinks: AppLinks(details: [
            DetailsEntry(
                ref: "details[0]", appIDs: ["ABCDE12345.com.example.app"],
                components: [Component(path: "*/terms/*"), Component(path: "/*/?*.pdf")]
                    + (0..<20).map { Component(path: "/page\($0)") })
        ]))

    static let urls: (bytes: [UInt8], ranges: [Range<Int>]) = {
        var random = SplitMix64(seed: 0x10_5E6)
        let hex = Array("0123456789abcdef")
        func hexDigits(_ count: Int) -> String {
            String((0..<count).map { _ in hex[random.below(hex.count)] })
        }
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for _ in 0..<10_000 {
            let uuid = [8, 4, 4, 4, 12].map(hexDigits).joined(separator: "-")
            let url = "/u/\(uuid)/orders/\(random.below(1_000_000_000_000))/details"
            ranges.append(bytes.count..<(bytes.count + url.utf8.count))
            bytes += url.utf8
        }
        return (bytes, ranges)
    }()
}
