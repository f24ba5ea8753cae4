import CLISupport
import TextFormat

extension BenchReport {
    /// The human table of `bench`.
    package var table: String {
        var lines: [String] = []
        let what = source == "generated" ? "generated URLs (seed \(seed))" : "URLs from the inputs"
        lines.append(
            "\(Format.count(urls)) \(what), \(Format.plural(iterations, "iteration")), "
                + "\(Format.plural(threads, "thread")) for the threaded figures")
        lines.append(
            "compiled in \(Format.fixed(compileMilliseconds, decimals: 1)) ms; automaton tables "
                + Format.bytes(compiledBytes))
        lines.append("")
        let header = [
            "matcher", "URLs", "p50 ns", "p99 ns", "max ns", "URLs/s",
            "URLs/s (\(threads) threads)",
        ]
        var rows = [header]
        rows.append(row("automaton", urls, automaton))
        rows.append(row("automaton + cache", urls, cached))
        rows.append(row("reference", referenceURLs, reference))
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            lines.append(
                row.enumerated().map { column, cell in
                    let pad = String(repeating: " ", count: widths[column] - cell.count)
                    return column == 0 ? cell + pad : pad + cell
                }.joined(separator: "  "))
        }
        lines.append("")
        let ratio = speedup
        lines.append(
            "automaton vs reference: \(Format.fixed(ratio.p50, decimals: 1))x at p50, "
                + "\(Format.fixed(ratio.perSecond, decimals: 1))x in URLs/s "
                + "(the reference: the first \(Format.count(referenceURLs)) URLs, one round)")
        lines.append(
            "every latency includes the clock's own \(clockOverhead) ns")
        if agree {
            lines.append(
                "agree: both matchers decided all \(Format.count(agreement.compared)) URLs "
                    + "compared alike; the cache gave the automaton's decision every time")
        } else {
            lines.append(
                "DISAGREE: \(Format.count(agreement.disagreementCount)) of "
                    + "\(Format.count(agreement.compared)) URLs decided differently"
                    + (cacheAgrees ? "" : "; the cache changed a decision"))
            for (found, url) in zip(agreement.disagreements, disagreementURLs) {
                lines.append(
                    "  \(TerminalText.escaped(url)): automaton "
                        + TerminalText.escaped(found.automaton.description)
                        + ", reference " + TerminalText.escaped(found.reference.description))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ name: String, _ count: Int, _ figures: BenchFigures) -> [String] {
        [
            name, Format.count(count), Format.count(figures.p50), Format.count(figures.p99),
            Format.count(figures.max), Format.count(Int(figures.perSecond.rounded())),
            Format.count(Int(figures.perSecondThreads.rounded())),
        ]
    }
}
