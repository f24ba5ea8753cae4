import ArgumentParser
import Workload

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
            """)

    @Option(name: .long, help: ArgumentHelp("Lines of access log to write.", valueName: "n"))
    var lines = AccessLogGenerator.standardLineCount

    @Option(name: .long, help: ArgumentHelp("Seed of the traffic.", valueName: "seed"))
    var seed = AccessLogGenerator.standardSeed

    @Option(name: .long, help: ArgumentHelp("Folder to write into.", valueName: "dir"))
    var output: String

    func validate() throws {
        if lines < 0 { throw ValidationError("--lines must be 0 or more.") }
    }

    func run() throws {
        if mkdir(output, 0o755) != 0, errno != EEXIST {
            StandardError.line("aasa-scan: cannot create '\(output)' (errno \(errno))")
            throw ExitCode(2)
        }
        for (count, form, profile) in RuleFileGenerator.standardFiles {
            let name = RuleFileGenerator.fileName(ruleCount: count, form: form, profile: profile)
            try write(
                RuleFileGenerator.json(ruleCount: count, form: form, profile: profile), to: name)
        }
        try writeLog()
    }

    /// Builds the log in blocks of 64 Ki lines (about 16 MB) and writes each in one call.
    private func writeLog() throws {
        let path = output + "/access.log"
        guard let file = fopen(path, "wb") else {
            StandardError.line("aasa-scan: cannot create '\(path)' (errno \(errno))")
            throw ExitCode(2)
        }
        defer { fclose(file) }
        var generator = AccessLogGenerator(seed: seed)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(20 << 20)
        var remaining = lines
        while remaining > 0 {
            let block = min(remaining, 65_536)
            buffer.removeAll(keepingCapacity: true)
            generator.appendLines(block, to: &buffer)
            let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            guard written == buffer.count else {
                StandardError.line("aasa-scan: cannot write '\(path)' (errno \(errno))")
                throw ExitCode(2)
            }
            remaining -= block
        }
        if StandardError.isInteractiveTerminal {
            StandardError.line(
                "aasa-scan: wrote \(generator.linesWritten) lines "
                    + "(\(generator.malformedLines) malformed) to \(path)")
        }
    }

    private func write(_ bytes: [UInt8], to name: String) throws {
        let path = output + "/" + name
        guard let file = fopen(path, "wb") else {
            StandardError.line("aasa-scan: cannot create '\(path)' (errno \(errno))")
            throw ExitCode(2)
        }
        defer { fclose(file) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == bytes.count else {
            StandardError.line("aasa-scan: cannot write '\(path)' (errno \(errno))")
            throw ExitCode(2)
        }
    }
}
