import AASAModel

/// URLs that a document's own rules suggest: each path pattern with its wildcards filled in a
/// few ways, plus fixed probes. Deciding them exercises the rules the fuzzer wrote.
public enum SampleURLs {
    static let fills: [(star: String, question: String, variable: String)] = [
        ("", "a", "en"), ("x/y", "é", "US"), ("A%2Fb", "%41", "1"),
    ]
    static let probes = [
        "https://example.com/", "https://example.com", "/", "/a/b?c=d#e", "http://x/%C3%A9?a=1",
    ]

    public static func urls(for document: AASADocument, limit: Int = 12) -> [String] {
        var patterns: [String] = []
        for entry in document.applinks?.details ?? [] {
            patterns += (entry.paths ?? []).map {
                $0.hasPrefix("NOT ") ? String($0.dropFirst(4)) : $0
            }
            patterns += (entry.components ?? []).compactMap(\.path)
        }
        var urls = probes
        for pattern in patterns.prefix(limit) {
            for fill in fills { urls.append(filled(pattern, fill)) }
        }
        return urls
    }

    static func filled(
        _ pattern: String, _ fill: (star: String, question: String, variable: String)
    )
        -> String
    {
        var out = ""
        var rest = Substring(pattern)
        while let first = rest.first {
            if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                out += fill.variable
                rest = rest[rest.index(after: close)...]
                continue
            }
            switch first {
            case "*": out += fill.star
            case "?": out += fill.question
            default: out.append(first)
            }
            rest = rest.dropFirst()
        }
        return out.hasPrefix("/") ? out : "/" + out
    }
}
