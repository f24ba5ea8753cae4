import AASAModel

/// Rule sets in which many rules share one path and tell themselves apart only by their query
/// or fragment, and 10,000 URLs on those paths. Half of each set shares the path; the other
/// half is literal product pages that no URL here reaches. The cost per URL must not grow with
/// the number of rules on the path.
enum SharedPathFixture {
    enum Shape: String, CaseIterable {
        /// `/search` with `{"type": "tK"}`.
        case itemValue = "query item value"
        /// `/help/*` with `"#": "topicK"`.
        case fragment
        /// `/s` with `"?": "q=K"`.
        case wholeQuery = "whole query"
        /// `/*` with `"?": "*ref=rK&*"`: glob patterns of the whole query.
        case queryPattern = "query pattern"
        /// `/u/*/edit/*` with `"#": "topicK"`: a glob path.
        case globFragment = "fragment on a glob path"
        /// `/*` with `{"utm_K": "*"}`: rules that decide on their path alone.
        case anyItem = "any item value"

        func component(_ index: Int) -> Component {
            switch self {
            case .itemValue:
                Component(
                    path: "/search", query: .items([.init(name: "type", pattern: "t\(index)")]))
            case .fragment: Component(path: "/help/*", fragment: "topic\(index)")
            case .wholeQuery: Component(path: "/s", query: .whole("q=\(index)"))
            case .queryPattern: Component(path: "/*", query: .whole("*ref=r\(index)&*"))
            case .globFragment: Component(path: "/u/*/edit/*", fragment: "topic\(index)")
            case .anyItem:
                Component(path: "/*", query: .items([.init(name: "utm_\(index)", pattern: "*")]))
            }
        }
    }

    static func document(_ shape: Shape, rules: Int) -> AASADocument {
        let shared = (0..<rules / 2).map(shape.component)
        let others = (rules / 2..<rules).map { Component(path: "/products/\(100_000 + $0)") }
        return AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["ABCDE12345.com.example.app"],
                    components: shared + others)
            ]))
    }

    /// URLs that name values of every shape, up to the 2,500th rule of a path.
    static let urls: (bytes: [UInt8], ranges: [Range<Int>]) = {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for index in 0..<10_000 {
            let value = index * 7_919 % 2_600
            let url =
                switch index % 5 {
                case 0: "/search?type=t\(value)&page=\(index)"
                case 1: "/help/article-\(index)#topic\(value)"
                case 2: "/s?q=\(value)"
                case 3: "/u/\(index)/edit/draft#topic\(value)"
                default: "/landing/\(index)?utm_\(value)=mail&ref=r\(value)&x"
                }
            ranges.append(bytes.count..<(bytes.count + url.utf8.count))
            bytes += url.utf8
        }
        return (bytes, ranges)
    }()
}
