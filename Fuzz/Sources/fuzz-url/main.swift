// The URL splitter and the views the matcher reads (case-folded, percent-decoded): every part
// `URLParts.split` returns lies inside the URL, and a rule set that uses every view decides the
// URL as the reference does (raw bytes that are not UTF-8 are decided, not compared).
import AASAModel
import FuzzSupport
import LinkMatcher

let document = try? AASADocument.parse(
    Array(
        """
        {"applinks": {"substitutionVariables": {"v": ["a", "é", "*"]}, "details": [
          {"appIDs": ["T.one"], "components": [
            {"/": "/exact", "caseSensitive": false},
            {"/": "/Ä/*", "percentEncoded": false, "caseSensitive": false},
            {"/": "/p/*/?", "?": {"id": "?*", "a": "$(v)"}, "#": "x*"},
            {"/": "*.pdf", "exclude": true},
            {"/": "/$(region)/*", "?": "q=*"},
            {"/": "/%2F/*", "percentEncoded": true}]},
          {"appIDs": ["T.two"], "paths": ["NOT /p/1/*", "/p/*", "/*/end", "/?é?"]}]}}
        """.utf8))
guard let document else { fatalError("the fixed document of fuzz-url does not parse") }
let agreement = Agreement(document)
let rules = CompiledRuleSet(document)
let scratch = rules.makeScratch()

FuzzDriver.run { bytes in
    let url = Array(bytes)
    url.withUnsafeBufferPointer { url in
        let parts = URLParts.split(url)
        for range in [parts.path, parts.host ?? 0..<0] {
            precondition(
                range.lowerBound >= 0 && range.upperBound <= url.count, "part out of the URL")
        }
        _ = parts.hasWebScheme(in: url)
        _ = parts.defaultPort(in: url)
        _ = rules.decide(url, scratch: scratch)
    }
    if let text = String(validating: url, as: UTF8.self) { agreement.check(text) }
}
