import ArgumentParser
import CLISupport
import LinkMatcher
import Reports

/// `aasa-scan bench`: the automaton and the reference matcher timed on the user's rules and
/// traffic, and checked to agree on every URL measured.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the automaton and the reference matcher on an AASA file and URLs.",
        discussion: """
            Reports compile time, the automaton's memory, latency per URL (p50, p99, max, in \
            ns) and URLs per second on 1 and N threads: for the automaton alone, the automaton \
            behind scan's decision cache, and the reference matcher (on the first \
            --reference-limit URLs: it is slow on purpose). Checks that both matchers decide \
            every URL they both measured alike; exit status 1 when they do not. Inputs are \
            read as scan reads them; without inputs, generated traffic is measured.
            """)

    @OptionGroup var file: AssociationOptions.OneFile

    @Option(name: .long, help: "Timed rounds over the URLs, after one warm-up round.")
    var iterations = 5

    @Option(name: .long, help: "At most this many URLs are read from the inputs or generated.")
    var limit = 100_000

    @Option(name: .long, help: "The reference matcher decides only the first N URLs.")
    var referenceLimit = 2_000

    @Option(name: .long, help: "Threads for the threaded throughput (default: the cores).")
    var threads = ProcessInfoCores.count

    @Option(name: .long, help: "Seed of the generated URLs when no input is given.")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "One JSON object instead of the table.")
    var json = false

    @Flag(name: .shortAndLong, help: "No warnings about the AASA file.")
    var quiet = false

    @Argument(help: ArgumentHelp("Logs or URL lists, as scan reads them.", valueName: "input"))
    var inputs: [String] = []

    func validate() throws {
        if iterations < 1 { throw ValidationError("--iterations must be at least 1.") }
        if limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if referenceLimit < 0 { throw ValidationError("--reference-limit must not be negative.") }
        if threads < 1 { throw ValidationError("--threads must be at least 1.") }
    }

    func run() throws {
        let document = try loadAASA(file.aasa, quiet: quiet)
        let start = BenchClock.nanoseconds()
        let rules = CompiledRuleSet(document)
        let compileNanoseconds = BenchClock.nanoseconds() &- start
        if let exceeded = rules.budgetExceeded {
            throw CommandFailure.inputError(
                "\(TerminalText.escaped(file.aasa)): error: \(exceeded)")
        }
        let urls: BenchURLs
        do throws(BenchURLs.ReadFailure) {
            urls =
                inputs.isEmpty
                ? BenchURLs.generated(count: limit, seed: seed)
                : try BenchURLs.read(inputs, limit: limit)
        } catch {
            throw CommandFailure.error("\(TerminalText.escaped(error.message))")
        }
        if urls.count == 0 {
            throw CommandFailure.error("the inputs hold no request to measure")
        }
        let texts = (0..<min(referenceLimit, urls.count)).map { urls.text($0) }
        let run = BenchRun(
            rules: rules, reference: ReferenceMatcher(document), urls: urls,
            referenceCount: texts.count, iterations: iterations, threads: threads)
        let (agreement, cacheAgrees) = run.agreement(texts)
        let report = BenchReport(
            aasa: file.aasa, source: inputs.isEmpty ? "generated" : "inputs", urls: urls.count,
            referenceURLs: texts.count, iterations: iterations, threads: threads, seed: seed,
            compileMilliseconds: Double(compileNanoseconds) / 1e6,
            compiledBytes: rules.automatonBytes, clockOverhead: BenchClock.overhead(),
            automaton: run.automaton(), cached: run.cachedAutomaton(),
            reference: run.referenceMatcher(texts), agreement: agreement,
            cacheAgrees: cacheAgrees,
            disagreementURLs: agreement.disagreements.map { texts[$0.index] })
        var output = StandardOutput()
        output.write(json ? report.json : report.table)
        output.flush()
        if !report.agree { throw CommandFailure.gateFailed() }
    }
}
