import CLISupport
import LinkMatcher
import TextFormat

extension BenchReport {
    /// The JSON object of `bench --json` (README, "bench"); keys in a fixed order.
    package var json: String {
        let ratio = speedup
        var fields: [String] = [
            "\"schema\": \"aasa-scan.bench/1\"",
            "\"aasa\": \(JSONText.quoted(aasa))",
            "\"source\": \(JSONText.quoted(source))",
            "\"urls\": \(urls)",
            "\"iterations\": \(iterations)",
            "\"threads\": \(threads)",
            "\"seed\": \(seed)",
            "\"compile_ms\": \(Format.shortest(compileMilliseconds))",
            "\"compiled_bytes\": \(compiledBytes)",
            "\"clock_overhead_ns\": \(clockOverhead)",
            "\"automaton\": "
                + Self.object(automaton, urls: urls, rounds: iterations, cached: cached),
            "\"reference\": " + Self.object(reference, urls: referenceURLs, rounds: 1, cached: nil),
            "\"ratio\": {\"p50\": \(Format.shortest(ratio.p50)), "
                + "\"urls_per_second\": \(Format.shortest(ratio.perSecond))}",
            "\"agree\": \(agree)",
            "\"compared_urls\": \(agreement.compared)",
            "\"cache_agrees\": \(cacheAgrees)",
        ]
        let disagreements = zip(agreement.disagreements, disagreementURLs).map { found, url in
            "{\"url\": \(JSONText.quoted(url)), \"automaton\": "
                + Self.answer(found.automaton.kind, found.automaton.appID, found.automaton.ruleRef)
                + ", \"reference\": "
                + Self.answer(found.reference.kind, found.reference.appID, found.reference.ruleRef)
                + "}"
        }
        fields.append("\"disagreements\": [" + disagreements.joined(separator: ", ") + "]")
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    private static func object(
        _ figures: BenchFigures, urls: Int, rounds: Int, cached: BenchFigures?
    ) -> String {
        var text = "{\"urls\": \(urls), \"iterations\": \(rounds), " + numbers(figures)
        if let cached { text += ", \"cached\": {" + numbers(cached) + "}" }
        return text + "}"
    }

    private static func numbers(_ figures: BenchFigures) -> String {
        "\"p50_ns\": \(figures.p50), \"p99_ns\": \(figures.p99), \"max_ns\": \(figures.max), "
            + "\"urls_per_second\": \(Int(figures.perSecond.rounded())), "
            + "\"urls_per_second_threads\": \(Int(figures.perSecondThreads.rounded()))"
    }

    private static func answer(_ kind: Decision.Kind, _ app: String?, _ rule: String?) -> String {
        "{\"decision\": \"\(kind.name)\", \"app\": \(app.map(JSONText.quoted) ?? "null"), "
            + "\"rule\": \(rule.map(JSONText.quoted) ?? "null")}"
    }
}
