import ArgumentParser
import CLISupport
import LibC
import Reports
import Workload

/// `aasa-scan generate`: writes the deterministic benchmark workload.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a synthetic access log and matching AASA files for benchmarks.",
        discussion: """
            Writes DIR/access.log (combined format) and AASA files of two profiles: \
            rules-20.json, rules-300.json, rules-5000.json and rules-300-paths.json (standard: \
            mostly literal and prefix/* rules), and rules-glob-20.json, rules-glob-300.json, \
            rules-glob-5000.json and rules-glob-300-paths.json (glob-heavy: hundreds of rules \
            that differ after a wildcard, suffix rules, query dictionaries, variables). The \
            same seed gives the same bytes on every machine; the rule files do not depend on \
            the seed.

            With --stdout the access log goes to standard output instead, as it is made, in \
            constant memory whatever --lines says (rule files are still written when --output \
            names a folder); a reader that goes away ends it quietly. --distinct-paths N makes \
            the requests carry exactly N distinct paths (pages that each hold their own ID), \
            for memory tests of long streams:

              aasa-scan generate --stdout --lines 50000000 --distinct-paths 10000000 \\
                | aasa-scan scan --aasa rules.json -
            """)

    @Option(name: .long, help: ArgumentHelp("Lines of access log to write.", valueName: "n"))
    var lines = AccessLogGenerator.standardLineCount

    @Option(name: .long, help: ArgumentHelp("Seed of the traffic.", valueName: "seed"))
    var seed = AccessLogGenerator.standardSeed

    @Option(name: .long, help: ArgumentHelp("Folder to write into.", valueName: "dir"))
    var output: String?

    @Flag(
        name: .long,
        help: "Write the access log to standard output (rule files only with --output).")
    var stdout = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Make the requests carry exactly this many distinct paths (1 to --lines).",
            valueName: "n"))
    var distinctPaths: Int?

    func validate() throws {
        if lines < 0 { throw ValidationError("--lines must be 0 or more.") }
        if output == "-" {
            throw ValidationError(
                "--output names the folder to write into; stream the log to standard output "
                    + "with --stdout.")
        }
        if output == nil, !stdout {
            throw ValidationError(
                "Name a folder with --output DIR, or stream the log with --stdout.")
        }
        if let distinctPaths, !(1...max(lines, 1)).contains(distinctPaths) || lines == 0 {
            throw ValidationError(
                "--distinct-paths is a count from 1 to --lines (\(lines)), not \(distinctPaths).")
        }
    }

    /// The traffic of the options: the shop's usual mix, or the distinct paths asked for.
    private func makeGenerator() -> AccessLogGenerator {
        AccessLogGenerator(
            seed: seed,
            distinctPaths: distinctPaths.map { DistinctPathPlan(count: $0, lines: lines) })
    }

    func run() throws {
        if let output { try writeRuleFiles(to: output) }
        if stdout {
            streamLog()
        } else if let output {
            try writeLog(to: output)
        }
    }

    private func writeRuleFiles(to output: String) throws {
        if mkdir(output, 0o755) != 0, errno != EEXIST {
            throw CommandFailure.inputError("cannot create '\(output)' (errno \(errno))")
        }
        for (count, form, profile) in RuleFileGenerator.standardFiles {
            let name = RuleFileGenerator.fileName(ruleCount: count, form: form, profile: profile)
            try write(
                RuleFileGenerator.json(ruleCount: count, form: form, profile: profile),
                to: output + "/" + name)
        }
    }

    /// Builds the log in blocks of 4 Ki lines (about 1 MB) and hands each to standard output,
    /// so memory stays the same however many lines are asked for. A closed pipe ends the
    /// command with status 0 (`StandardOutput`).
    private func streamLog() {
        var generator = makeGenerator()
        var out = StandardOutput()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(2 << 20)
        var remaining = lines
        while remaining > 0 {
            let block = min(remaining, 4096)
            buffer.removeAll(keepingCapacity: true)
            generator.appendLines(block, to: &buffer)
            out.write(bytes: buffer)
            remaining -= block
        }
        out.flush()
    }

    /// Builds the log in blocks of 64 Ki lines (about 16 MB) and writes each in one call, to
    /// a file that replaces DIR/access.log once it is whole (`ReplacingFile`).
    private func writeLog(to output: String) throws {
        let path = output + "/access.log"
        let file: ReplacingFile
        do throws(ReplacingFile.Failure) {
            file = try ReplacingFile(path)
        } catch {
            throw Self.failure("create", error)
        }
        var generator = makeGenerator()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(20 << 20)
        var remaining = lines
        do throws(ReplacingFile.Failure) {
            while remaining > 0 {
                let block = min(remaining, 65_536)
                buffer.removeAll(keepingCapacity: true)
                generator.appendLines(block, to: &buffer)
                try file.write(buffer)
                remaining -= block
            }
            try file.commit()
        } catch {
            throw Self.failure("write", error)
        }
        if Terminal.drawsOnStandardError {
            StandardError.line(
                "aasa-scan: wrote \(generator.linesWritten) lines "
                    + "(\(generator.malformedLines) malformed) to \(path)")
        }
    }

    /// Writes one rule file whole or not at all.
    private func write(_ bytes: [UInt8], to path: String) throws {
        do throws(ReplacingFile.Failure) {
            try ReplacingFile.write(bytes, to: path)
        } catch {
            throw Self.failure("write", error)
        }
    }

    /// Says what could not be done, and ends the command with status 2.
    private static func failure(_ verb: String, _ error: ReplacingFile.Failure) -> CommandFailure {
        .error("cannot \(verb) \(TerminalText.escaped(error.path)): \(error.reason)")
    }
}
